import { Alert, Anchor, Button, CopyButton, Group, MultiSelect, Paper, Radio, Stack, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { IconCheck, IconCopy, IconDeviceFloppy, IconExternalLink, IconInfoCircle } from "@tabler/icons-react";
import {
  ADMISSION_FIELD_DEFAULTS,
  ADMISSION_OPTIONAL_FIELDS,
  type AdmissionFormConfig,
  type AdmissionOptionalField,
  type CustomFieldRow,
  formCustomisationResource,
  getFormCustomisation,
  type Localised,
} from "@taleem/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth-store";
import { notify } from "../../lib/notify";
import { usePublicAddress } from "../../lib/public-address";
import { changeOf, refreshAfter, useActionQuery } from "../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../ui/api-error";
import { useAreaPath } from "../../ui/area-path";
import { FailureState, LoadingState } from "../../ui/list-states";
import { cleanLocalised, LocalisedTextareas } from "../../ui/localised-inputs";
import { type ListReply, resourceKeys, resourceUrl, useResourceOptions } from "../../ui/resource";
import { useCan } from "../../ui/use-can";

type Visibility = { show: boolean; required: boolean };
type Fields = Record<AdmissionOptionalField, Visibility>;

interface Draft {
  fields: Fields;
  customFields: Record<string, { show?: boolean; required?: boolean }>;
  allCourses: boolean;
  courseIds: string[];
  sheetUrl: string;
  instructions: Localised;
  consentText: Localised;
}

/** The admission form's customisation, by the form's name (its id is null until first saved). */
const ADMISSION_FORM = { params: { id: "admission" as const } };

function draftOf(config: AdmissionFormConfig): Draft {
  const fields = Object.fromEntries(ADMISSION_OPTIONAL_FIELDS.map((k) => [k, { ...ADMISSION_FIELD_DEFAULTS[k], ...config.fields?.[k] }])) as Fields;
  return {
    fields,
    customFields: config.customFields ?? {},
    allCourses: !config.courseIds,
    courseIds: (config.courseIds ?? []).map(String),
    sheetUrl: config.sheetUrl ?? "",
    instructions: config.instructions ?? {},
    consentText: config.consentText ?? {},
  };
}

function configOf(d: Draft): AdmissionFormConfig {
  return {
    fields: d.fields,
    customFields: d.customFields,
    courseIds: d.allCourses ? null : d.courseIds.map(Number),
    sheetUrl: d.sheetUrl.trim() || null,
    instructions: cleanLocalised(d.instructions),
    consentText: cleanLocalised(d.consentText),
  };
}

/** One row of the table: a field, whether the form shows it and whether the guardian must answer. */
function VisibilityRow({ label, value, onChange, disabled }: { label: string; value: Visibility; onChange: (v: Visibility) => void; disabled?: boolean }) {
  const { t } = useTranslation("forms");
  return (
    <Table.Tr>
      <Table.Td>
        <bdi>{label}</bdi>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${t("formCustomisation.show")}: ${label}`}
          checked={value.show}
          disabled={disabled}
          onChange={(e) => onChange({ show: e.currentTarget.checked, required: e.currentTarget.checked && value.required })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${t("formCustomisation.required")}: ${label}`}
          checked={value.required}
          disabled={disabled || !value.show}
          onChange={(e) => onChange({ ...value, required: e.currentTarget.checked })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** What the public admission form shows and requires, the courses it offers, its texts and its sheet. */
export function FormCustomisationPage() {
  const { t, i18n } = useTranslation(["forms", "admissions", "admin"]);
  const publicAddress = usePublicAddress();
  const lng = i18n.resolvedLanguage ?? "en";
  const to = useAreaPath();
  const allowed = useCan();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const code = useAuth((s) => s.user?.tenant.code);
  const mayEdit = allowed("settings", "edit") && allowed("settings", "add");
  const reply = useActionQuery(getFormCustomisation, ADMISSION_FORM);
  const saved = reply.data?.data;
  const custom = useQuery({
    queryKey: resourceKeys("field").list({ entity: "admission", status: "active", limit: 500, sort: "order" }),
    queryFn: () => api.get<ListReply<CustomFieldRow>>(resourceUrl("field"), { entity: "admission", status: "active", limit: 500, sort: "order" }),
  });
  const courses = useResourceOptions("course", "name");
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (saved) setDraft(draftOf(saved.config));
  }, [saved]);

  const save = useMutation({
    mutationFn: (d: Draft) =>
      saved?.id
        ? api.put(resourceUrl(formCustomisationResource.path), { id: saved.id, config: configOf(d) })
        : api.post(resourceUrl(formCustomisationResource.path), { form: "admission", config: configOf(d) }),
    onMutate: () => setErrors({}),
    onSuccess: () => {
      notify.success(t("forms:formCustomisation.saved"));
      void refreshAfter(qc, changeOf(formCustomisationResource));
    },
    onError: (e) => {
      const mapped = fieldErrors(e);
      setErrors(Object.fromEntries(Object.entries(mapped).map(([k, v]) => [k.replace(/^config\./, ""), v])));
      notify.error(`${t("forms:formCustomisation.saveFailed")} ${errorText(e)}`);
    },
  });

  if (reply.isPending || !draft) {
    return reply.isError ? (
      <FailureState reason={errorText(reply.error)} onRetry={() => void reply.refetch()} />
    ) : (
      <LoadingState text={t("forms:formCustomisation.loading")} />
    );
  }
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));
  const publicPath = code ? `/open/admission/${encodeURIComponent(code)}` : "";
  const publicUrl = publicAddress(publicPath);
  const label = (f: CustomFieldRow) => (f.labels as Record<string, string | undefined>)[lng] ?? f.label;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t("forms:formCustomisation.title")}</Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t("forms:formCustomisation.description")}
          </Text>
        </div>
        {mayEdit && (
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => save.mutate(draft)} loading={save.isPending}>
            {t("admin:actions.saveChanges")}
          </Button>
        )}
      </Group>

      {code && (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" fw={600} mb={4}>
            {t("forms:formCustomisation.publicLink")}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Anchor component={Link} to={publicPath} target="_blank" rel="noopener" className="ltr-value" style={{ overflowWrap: "anywhere" }}>
              {publicUrl}
            </Anchor>
            <CopyButton value={publicUrl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                  {copied ? t("forms:copied") : t("forms:copy")}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="default" component={Link} to={publicPath} target="_blank" rel="noopener" leftSection={<IconExternalLink size={14} />}>
              {t("forms:formCustomisation.openForm")}
            </Button>
          </Group>
        </Paper>
      )}

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="xs">
          {t("forms:formCustomisation.fieldsTitle")}
        </Title>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md">
          {t("forms:formCustomisation.alwaysShown")}
        </Alert>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" data-testid="builtin-fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("forms:formCustomisation.field")}</Table.Th>
                <Table.Th w={110}>{t("forms:formCustomisation.show")}</Table.Th>
                <Table.Th w={110}>{t("forms:formCustomisation.required")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ADMISSION_OPTIONAL_FIELDS.map((k) => (
                <VisibilityRow
                  key={k}
                  label={t(`forms:formCustomisation.builtin.${k}`)}
                  value={draft.fields[k]}
                  disabled={!mayEdit}
                  onChange={(v) => set("fields", { ...draft.fields, [k]: v })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Title order={3} size="h4">
            {t("forms:formCustomisation.customTitle")}
          </Title>
          <Anchor component={Link} to={to("custom-fields?entity=admission")} size="sm">
            {t("forms:formCustomisation.manageFields")}
          </Anchor>
        </Group>
        {(custom.data?.rows ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("forms:formCustomisation.noCustom")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("forms:formCustomisation.field")}</Table.Th>
                  <Table.Th w={110}>{t("forms:formCustomisation.show")}</Table.Th>
                  <Table.Th w={110}>{t("forms:formCustomisation.required")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(custom.data?.rows ?? []).map((f) => {
                  const own = draft.customFields[f.key] ?? {};
                  const value = { show: own.show ?? true, required: (own.show ?? true) && (own.required ?? f.required) };
                  return (
                    <VisibilityRow
                      key={f.id}
                      label={label(f)}
                      value={value}
                      disabled={!mayEdit}
                      onChange={(v) => set("customFields", { ...draft.customFields, [f.key]: v })}
                    />
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="md">
          {t("forms:formCustomisation.coursesTitle")}
        </Title>
        <Radio.Group value={draft.allCourses ? "all" : "some"} onChange={(v) => set("allCourses", v === "all")}>
          <Stack gap="xs">
            <Radio value="all" label={t("forms:formCustomisation.allCourses")} disabled={!mayEdit} />
            <Radio value="some" label={t("forms:formCustomisation.someCourses")} disabled={!mayEdit} />
          </Stack>
        </Radio.Group>
        {!draft.allCourses && (
          <MultiSelect
            mt="sm"
            label={t("forms:formCustomisation.courses")}
            data={courses.options}
            value={draft.courseIds}
            onChange={(v) => set("courseIds", v)}
            searchable
            disabled={!mayEdit}
            error={errors.courseIds}
            nothingFoundMessage={t("admin:form.nothingFound")}
          />
        )}
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="md">
          {t("forms:formCustomisation.textsTitle")}
        </Title>
        <Stack gap="lg">
          <LocalisedTextareas
            label={t("forms:formCustomisation.instructions")}
            description={t("forms:formCustomisation.instructionsHint")}
            value={draft.instructions}
            onChange={(v) => set("instructions", v)}
            name="instructions"
          />
          <LocalisedTextareas
            label={t("forms:formCustomisation.consent")}
            description={t("forms:formCustomisation.consentHint")}
            value={draft.consentText}
            onChange={(v) => set("consentText", v)}
            name="consentText"
          />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="xs">
          {t("forms:formCustomisation.sheetTitle")}
        </Title>
        <TextInput
          label={t("forms:formCustomisation.sheetUrl")}
          description={t("forms:formCustomisation.sheetHint")}
          placeholder="https://docs.google.com/spreadsheets/d/..."
          value={draft.sheetUrl}
          onChange={(e) => set("sheetUrl", e.currentTarget.value)}
          error={errors.sheetUrl}
          disabled={!mayEdit}
          dir="ltr"
          name="sheetUrl"
        />
      </Paper>

      {mayEdit && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => save.mutate(draft)} loading={save.isPending}>
            {t("admin:actions.saveChanges")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
