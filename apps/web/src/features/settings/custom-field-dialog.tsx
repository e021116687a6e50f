import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  type ChoiceOption,
  type CustomFieldEntity,
  type CustomFieldKind,
  type CustomFieldRow,
  customFieldResource,
  keyFromLabel,
  LANGUAGES,
  type Localised,
  Status,
} from "@taleem/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { directionOf, LANGUAGE_NAMES } from "../../lib/i18n";
import { useErrorText, useFieldErrors } from "../../ui/api-error";
import { cleanLocalised, LocalisedInputs } from "../../ui/localised-inputs";
import { useResourceMutations } from "../../ui/resource";
import { KeyLine } from "./key-line";

const KINDS: readonly CustomFieldKind[] = ["text", "number", "date", "choice", "file"];
const KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;

interface Draft {
  label: string;
  labels: Localised;
  key: string;
  kind: CustomFieldKind;
  required: boolean;
  options: ChoiceOption[];
  multiple: boolean;
  min: number | string;
  max: number | string;
  maxLength: number | string;
  accept: ("image" | "pdf")[];
  order: number | string;
  status: "active" | "inactive";
}

const draftOf = (row?: CustomFieldRow, nextOrder = 0): Draft => ({
  label: row?.label ?? "",
  labels: row?.labels ?? {},
  key: row?.key ?? "",
  kind: row?.kind ?? "text",
  required: row?.required ?? false,
  options: row?.options ?? [],
  multiple: row?.multiple ?? false,
  min: row?.min ?? "",
  max: row?.max ?? "",
  maxLength: row?.maxLength ?? "",
  accept: row?.accept ?? ["image", "pdf"],
  order: row?.order ?? nextOrder,
  status: row?.status ?? "active",
});

const num = (v: number | string) => (v === "" || v === null ? null : Number(v));

/** The choices of a choice field: each a stored value and its label per language. */
function OptionsEditor({ options, onChange, error }: { options: ChoiceOption[]; onChange: (o: ChoiceOption[]) => void; error?: string }) {
  const { t } = useTranslation("forms");
  const set = (i: number, o: ChoiceOption) => onChange(options.map((x, j) => (j === i ? o : x)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("customFields.choices.title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("customFields.choices.hint")}
      </Text>
      {options.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("customFields.choices.value")}</Table.Th>
                {LANGUAGES.map((l) => (
                  <Table.Th key={l}>{LANGUAGE_NAMES[l]}</Table.Th>
                ))}
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a value being typed is no stable key.
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t("customFields.choices.valueOf", { n: i + 1 })}
                      value={o.value}
                      maxLength={100}
                      onChange={(e) => set(i, { ...o, value: e.currentTarget.value })}
                      dir="ltr"
                    />
                  </Table.Td>
                  {LANGUAGES.map((l) => (
                    <Table.Td key={l}>
                      <TextInput
                        size="xs"
                        aria-label={`${LANGUAGE_NAMES[l]} ${i + 1}`}
                        lang={l}
                        dir={directionOf(l)}
                        value={o.labels?.[l] ?? ""}
                        maxLength={100}
                        onChange={(e) => set(i, { ...o, labels: { ...o.labels, [l]: e.currentTarget.value } })}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("customFields.choices.remove", { n: i + 1 })}
                      onClick={() => onChange(options.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <div>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...options, { value: "", labels: {} }])}>
          {t("customFields.choices.add")}
        </Button>
      </div>
    </Stack>
  );
}

/** Adds or edits one custom field: its label in the school's words and per language, its kind and rules. */
export function CustomFieldDialog({
  opened,
  onClose,
  row,
  entity,
  recordId,
  nextOrder,
}: {
  opened: boolean;
  onClose: () => void;
  row?: CustomFieldRow;
  entity: CustomFieldEntity;
  recordId?: number | null;
  nextOrder: number;
}) {
  const { t } = useTranslation(["forms", "admin"]);
  const phone = useMediaQuery("(max-width: 48em)");
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const { create, update } = useResourceMutations<CustomFieldRow>(customFieldResource);
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, nextOrder));
  const [keyTouched, setKeyTouched] = useState(!!row);
  const [keyOpen, setKeyOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };

  function check(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!draft.label.trim()) out.label = t("admin:validation.required");
    // An empty key is made from the label by the server; one typed in must be a valid key.
    if (!row && draft.key && !KEY.test(draft.key)) out.key = t("forms:customFields.keyRule");
    if (draft.kind === "choice") {
      const values = draft.options.map((o) => o.value.trim());
      if (!values.length) out.options = t("forms:customFields.choices.none");
      else if (values.some((v) => !v)) out.options = t("forms:customFields.choices.empty");
      else if (new Set(values.map((v) => v.toLowerCase())).size !== values.length) out.options = t("forms:customFields.choices.repeated");
    }
    if (draft.kind === "file" && !draft.accept.length) out.accept = t("forms:customFields.acceptRule");
    const min = num(draft.min);
    const max = num(draft.max);
    if (min !== null && max !== null && min > max) out.min = t("forms:customFields.boundsRule");
    return out;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = {
      label: draft.label.trim(),
      labels: cleanLocalised(draft.labels),
      required: draft.required,
      options: draft.kind === "choice" ? draft.options.map((o) => ({ value: o.value.trim(), labels: cleanLocalised(o.labels ?? {}) })) : [],
      multiple: draft.kind === "choice" && draft.multiple,
      min: draft.kind === "number" ? num(draft.min) : null,
      max: draft.kind === "number" ? num(draft.max) : null,
      maxLength: draft.kind === "text" ? num(draft.maxLength) : null,
      accept: draft.kind === "file" ? draft.accept : ["image", "pdf"],
      order: Number(draft.order) || 0,
      status: draft.status,
    };
    try {
      if (row) await update.mutateAsync({ id: row.id, ...body });
      else await create.mutateAsync({ ...body, entity, recordId: entity === "record" ? recordId : null, key: draft.key || undefined, kind: draft.kind });
      onClose();
    } catch (err) {
      const mapped = fieldErrors(err);
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(errorText(err));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        row ? t("admin:list.editEntity", { entity: t("forms:customFields.entity") }) : t("admin:list.addEntity", { entity: t("forms:customFields.entity") })
      }
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("admin:actions.close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t("forms:customFields.fields.label")}
              description={t("forms:customFields.labelHint")}
              withAsterisk
              value={draft.label}
              maxLength={200}
              error={errors.label}
              name="label"
              onChange={(e) => {
                const label = e.currentTarget.value;
                set("label", label);
                if (!keyTouched) set("key", keyFromLabel(label));
              }}
              miw={220}
            />
          </Group>
          <KeyLine
            value={draft.key}
            fixed={!!row}
            open={keyOpen || !!errors.key}
            error={errors.key}
            onOpen={() => setKeyOpen(true)}
            onChange={(key) => {
              // Emptied, it follows the label again (and the server makes it when still empty).
              setKeyTouched(key !== "");
              set("key", key);
            }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("forms:customFields.labelsTitle")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("forms:customFields.labelsHint")}
            </Text>
            <LocalisedInputs value={draft.labels} onChange={(v) => set("labels", v)} name="labels" />
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("forms:customFields.fields.kind")}
            </Text>
            <SegmentedControl
              value={draft.kind}
              onChange={(v) => set("kind", v as CustomFieldKind)}
              disabled={!!row}
              data={KINDS.map((k) => ({ value: k, label: t(`forms:customFields.options.kind.${k}`) }))}
              fullWidth={phone}
              aria-label={t("forms:customFields.fields.kind")}
            />
            {row && (
              <Text size="xs" c="dimmed">
                {t("forms:customFields.kindFixed")}
              </Text>
            )}
          </Stack>
          {draft.kind === "text" && (
            <NumberInput
              label={t("forms:customFields.fields.maxLength")}
              description={t("forms:customFields.maxLengthHint")}
              value={draft.maxLength}
              onChange={(v) => set("maxLength", v)}
              min={1}
              max={5000}
              allowDecimal={false}
              maw={240}
            />
          )}
          {draft.kind === "number" && (
            <Group grow>
              <NumberInput label={t("forms:customFields.fields.min")} value={draft.min} onChange={(v) => set("min", v)} error={errors.min} />
              <NumberInput label={t("forms:customFields.fields.max")} value={draft.max} onChange={(v) => set("max", v)} error={errors.max} />
            </Group>
          )}
          {draft.kind === "choice" && (
            <>
              <OptionsEditor options={draft.options} onChange={(o) => set("options", o)} error={errors.options} />
              <Switch label={t("forms:customFields.fields.multiple")} checked={draft.multiple} onChange={(e) => set("multiple", e.currentTarget.checked)} />
            </>
          )}
          {draft.kind === "file" && (
            <Checkbox.Group
              label={t("forms:customFields.fields.accept")}
              value={draft.accept}
              onChange={(v) => set("accept", v as Draft["accept"])}
              error={errors.accept}
            >
              <Group gap="lg" mt={6}>
                <Checkbox value="image" label={t("forms:customFields.options.accept.image")} />
                <Checkbox value="pdf" label={t("forms:customFields.options.accept.pdf")} />
              </Group>
            </Checkbox.Group>
          )}
          <Divider />
          <Group align="flex-end" wrap="wrap" gap="lg">
            <Switch label={t("forms:customFields.fields.required")} checked={draft.required} onChange={(e) => set("required", e.currentTarget.checked)} />
            <NumberInput
              label={t("forms:customFields.fields.order")}
              value={draft.order}
              onChange={(v) => set("order", v)}
              min={0}
              max={10000}
              allowDecimal={false}
              w={120}
            />
            <Select
              label={t("forms:customFields.fields.status")}
              value={draft.status}
              onChange={(v) => v && set("status", v as Draft["status"])}
              data={Status.options.map((s) => ({ value: s, label: t(`admin:options.status.${s}`) }))}
              allowDeselect={false}
              w={160}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t("admin:actions.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {row ? t("admin:actions.saveChanges") : t("admin:list.addEntity", { entity: t("forms:customFields.entity") })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
