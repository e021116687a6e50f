import { Button, Card, Chip, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconAt, IconCheck, IconPhone, IconWorld } from "@tabler/icons-react";
import {
  type ActionInput,
  type ActionReply,
  defaultWorkingDays,
  FEE_COLLECTION_SETTINGS,
  getSettings,
  HifzGrades,
  LANGUAGES,
  SchoolDetails,
  updateSettings,
  workingDaysOf,
} from "@taleem/contract";
import { useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth-store";
import { LANGUAGE_NAMES } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { actionKey, useAction, useActionQuery } from "../../lib/use-action";
import { useErrorText, useFieldErrors } from "../../ui/api-error";
import { issuesByField, useFieldValues } from "../../ui/field-values";
import { FailureState, LoadingState } from "../../ui/list-states";
import { TitledCard } from "../../ui/titled-card";
import { UploadField } from "../../ui/upload-field";
import { useCan } from "../../ui/use-can";
import { AdmissionLimitsCard, type AdmissionLimitValues, admissionLimitProblems, admissionLimitsOf, changedAdmissionLimits } from "./admission-limits-card";
import { DangerZone } from "./danger-zone";
import { changedDigits, DigitsCard, type DigitsValues, digitsOf } from "./digits-card";

type Settings = ActionReply<typeof getSettings>;

/** The public config keys this screen edits (all are in PUBLIC_CONFIG_KEYS: shown on the sign-in and admission pages). */
const PUBLIC_TEXT = ["tagline", "website", "academicYear"] as const;

interface Values extends AdmissionLimitValues {
  name: string;
  logo: string;
  contactEmail: string;
  contactPhone: string;
  address: string;
  languages: string[];
  defaultLanguage: string;
  tagline: string;
  website: string;
  academicYear: string;
  admissionsOpen: boolean;
  /** Cash at the counter waits for the office's confirmation (off: confirmed as taken). */
  confirmCash: boolean;
  workingDays: string[];
  /** The school's words for grades 1 to 5; all empty: the app's. */
  hifzGrades: string[];
  digits: DigitsValues;
  profile: string;
}

function valuesOf(s: Settings): Values {
  const c = s.config;
  const text = (k: string) => (typeof c[k] === "string" ? (c[k] as string) : "");
  return {
    name: s.school.name,
    logo: s.school.logo ?? "",
    contactEmail: s.school.contactEmail ?? "",
    contactPhone: s.school.contactPhone ?? "",
    address: s.school.address ?? "",
    languages: s.school.languages,
    defaultLanguage: s.school.defaultLanguage,
    tagline: text("tagline"),
    website: text("website"),
    academicYear: text("academicYear"),
    admissionsOpen: c.admissionsOpen === true,
    confirmCash: c[FEE_COLLECTION_SETTINGS.confirmCash] === true,
    ...admissionLimitsOf(c),
    workingDays: workingDaysOf(c, s.school.country).map(String),
    hifzGrades: HifzGrades.safeParse(c.hifzGrades).data ?? ["", "", "", "", ""],
    digits: digitsOf(c),
    profile: s.profile,
  };
}

/** The seven days in the school's week order (it starts where its country's working week does). */
const weekOf = (country: string) => {
  const first = defaultWorkingDays(country)[0] ?? 1;
  return [0, 1, 2, 3, 4, 5, 6].map((i) => ((first - 1 + i) % 7) + 1);
};

/** Only what changed: the school record, the public config keys (an emptied one is removed) and the profile text. */
function bodyOf(v: Values, before: Values, week: number[]) {
  const school: Record<string, unknown> = {};
  const nullable = (s: string) => (s.trim() === "" ? null : s.trim());
  if (v.name.trim() !== before.name) school.name = v.name.trim();
  for (const k of ["logo", "contactEmail", "contactPhone", "address"] as const) if (v[k].trim() !== before[k]) school[k] = nullable(v[k]);
  if (JSON.stringify(v.languages) !== JSON.stringify(before.languages)) school.languages = v.languages;
  if (v.defaultLanguage !== before.defaultLanguage) school.defaultLanguage = v.defaultLanguage;
  const config: Record<string, unknown> = {};
  for (const k of PUBLIC_TEXT) if (v[k].trim() !== before[k]) config[k] = nullable(v[k]);
  if (v.admissionsOpen !== before.admissionsOpen) config.admissionsOpen = v.admissionsOpen;
  if (v.confirmCash !== before.confirmCash) config[FEE_COLLECTION_SETTINGS.confirmCash] = v.confirmCash ? true : null;
  Object.assign(config, changedAdmissionLimits(v, before));
  const days = week.filter((d) => v.workingDays.includes(String(d)));
  if (days.join() !== week.filter((d) => before.workingDays.includes(String(d))).join()) config.workingDays = days;
  const grades = v.hifzGrades.map((g) => g.trim());
  if (grades.join("|") !== before.hifzGrades.join("|")) config.hifzGrades = grades.every((g) => !g) ? null : grades;
  Object.assign(config, changedDigits(v.digits, before.digits));
  const body: Record<string, unknown> = {};
  if (Object.keys(school).length) body.school = school;
  if (Object.keys(config).length) body.config = config;
  if (v.profile !== before.profile) body.profile = v.profile;
  return body;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation(["settings", "admin", "timetable", "hifz"]);
  const allowed = useCan();
  const qc = useQueryClient();
  const week = weekOf(settings.school.country);
  const refreshSession = useAuth((s) => s.refresh);
  const errorText = useErrorText();
  const fieldErrors = useFieldErrors();
  const before = valuesOf(settings);
  const { values: v, errors, setErrors, set, textInput } = useFieldValues<Values>(before);
  const editable = allowed("settings", "edit");

  const save = useAction(updateSettings);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = bodyOf(v, before, week);
    if (!Object.keys(body).length) return;
    const checked = SchoolDetails.partial().safeParse(body.school ?? {});
    const found: Record<string, string> = checked.success
      ? {}
      : issuesByField(checked.error.issues, (k) =>
          k === "contactEmail"
            ? t("admin:validation.email")
            : k === "logo"
              ? t("settings:logoRule")
              : k === "languages"
                ? t("admin:validation.chooseOne")
                : t("admin:validation.invalid"),
        );
    if (!v.languages.includes(v.defaultLanguage)) found.defaultLanguage = t("settings:defaultLanguageRule");
    if (!v.workingDays.length) found.workingDays = t("settings:workingDays.rule");
    const grades = v.hifzGrades.map((g) => g.trim());
    if (grades.some((g) => g) && grades.some((g) => !g)) found.hifzGrades = t("settings:hifzGrades.rule");
    if (v.website.trim() && !/^https?:\/\/\S+\.\S+/.test(v.website.trim())) found.website = t("settings:websiteRule");
    Object.assign(
      found,
      admissionLimitProblems(v, (range) => t("settings:admissions.rule", range)),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    notify.info(t("settings:saving"));
    // The school's fields were checked above with the contract's own schema.
    save.mutate(
      { body: body as ActionInput<typeof updateSettings>["body"] },
      {
        onSuccess: (reply) => {
          notify.success(t("settings:saved"));
          // Shown at once; the declaration refreshes the rest (the timetable and date pickers read
          // the working days from the school's open settings).
          qc.setQueryData(actionKey(getSettings, {}), reply);
          void refreshSession();
        },
        onError: (e) => {
          const f = fieldErrors(e);
          setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k.replace(/^(school|config)\./, ""), m])));
          notify.error(`${t("settings:failed")} ${errorText(e)}`);
        },
      },
    );
  }

  const languageData = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("settings:school.title")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t("settings:school.name")} {...textInput("name")} withAsterisk disabled={!editable} />
              <UploadField
                label={t("settings:school.logo")}
                description={t("settings:school.logoHint")}
                value={v.logo}
                onChange={set("logo")}
                error={errors.logo}
                disabled={!editable}
                module="public"
                name="logo"
              />
              <TextInput
                label={t("settings:school.contactEmail")}
                type="email"
                leftSection={<IconAt size={16} />}
                {...textInput("contactEmail")}
                disabled={!editable}
              />
              <TextInput
                label={t("settings:school.contactPhone")}
                type="tel"
                leftSection={<IconPhone size={16} />}
                {...textInput("contactPhone")}
                disabled={!editable}
              />
              <Textarea
                label={t("settings:school.address")}
                {...textInput("address")}
                autosize
                minRows={2}
                disabled={!editable}
                style={{ gridColumn: "1 / -1" }}
              />
              <MultiSelect
                label={t("settings:school.languages")}
                description={t("settings:school.languagesHint")}
                data={languageData}
                value={v.languages}
                onChange={set("languages")}
                error={errors.languages}
                disabled={!editable}
              />
              <Select
                label={t("settings:school.defaultLanguage")}
                data={languageData.filter((l) => v.languages.includes(l.value))}
                value={v.defaultLanguage}
                onChange={(x) => x && set("defaultLanguage")(x)}
                error={errors.defaultLanguage}
                allowDeselect={false}
                disabled={!editable}
              />
            </SimpleGrid>
            <Chip.Group multiple value={v.workingDays} onChange={set("workingDays")}>
              <Stack gap={6} role="group" aria-labelledby="working-days-label">
                <Text size="sm" fw={500} id="working-days-label">
                  {t("settings:workingDays.title")}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("settings:workingDays.hint")}
                </Text>
                <Group gap="xs">
                  {week.map((d) => (
                    <Chip key={d} value={String(d)} size="sm" disabled={!editable}>
                      {t(`timetable:days.${d}`)}
                    </Chip>
                  ))}
                </Group>
                {errors.workingDays && (
                  <Text size="xs" c="red" role="alert">
                    {errors.workingDays}
                  </Text>
                )}
              </Stack>
            </Chip.Group>
          </Stack>
        </Card>

        <TitledCard title={t("settings:hifzGrades.title")} text={t("settings:hifzGrades.hint")}>
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm">
            {v.hifzGrades.map((g, i) => (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: the five grades are fixed places, weakest first
                key={i}
                label={t("settings:hifzGrades.grade", { n: i + 1 })}
                placeholder={t(`hifz:grades.${i + 1}`)}
                maxLength={24}
                value={g}
                onChange={(e) => {
                  const next = [...v.hifzGrades];
                  next[i] = e.currentTarget.value;
                  set("hifzGrades")(next);
                }}
                error={i === 0 ? errors.hifzGrades : undefined}
                disabled={!editable}
              />
            ))}
          </SimpleGrid>
        </TitledCard>

        <DigitsCard values={v.digits} onChange={set("digits")} editable={editable} />

        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <IconWorld size={20} aria-hidden />
              <Title order={3} size="h4">
                {t("settings:public.title")}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t("settings:public.text", { code: settings.school.code })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t("settings:public.tagline")} {...textInput("tagline")} disabled={!editable} />
              <TextInput label={t("settings:public.website")} placeholder="https://" type="url" dir="ltr" {...textInput("website")} disabled={!editable} />
              <TextInput label={t("settings:public.academicYear")} placeholder="2026-27" {...textInput("academicYear")} disabled={!editable} />
              <Switch
                label={t("settings:public.admissionsOpen")}
                description={t("settings:public.admissionsOpenHint")}
                checked={v.admissionsOpen}
                onChange={(e) => set("admissionsOpen")(e.currentTarget.checked)}
                disabled={!editable}
                mt="md"
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <AdmissionLimitsCard values={v} errors={errors} onChange={(key, value) => set(key)(value)} editable={editable} />

        <TitledCard title={t("settings:fees.title")} text={t("settings:fees.text")}>
          <Switch
            label={t("settings:fees.confirmCash")}
            description={t("settings:fees.confirmCashHint")}
            checked={v.confirmCash}
            onChange={(e) => set("confirmCash")(e.currentTarget.checked)}
            disabled={!editable}
            data-testid="confirm-cash"
          />
        </TitledCard>

        <TitledCard title={t("settings:profile.title")}>
          <Textarea
            label={t("settings:profile.label")}
            description={t("settings:profile.hint")}
            {...textInput("profile")}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={10_000}
            disabled={!editable}
          />
        </TitledCard>
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconCheck size={16} />}>
              {t("admin:actions.saveChanges")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The school's settings: its record and contact details, what its public pages show, its profile text, and the danger zone. */
export function SettingsPage() {
  const { t } = useTranslation(["settings", "admin"]);
  const allowed = useCan();
  const errorText = useErrorText();
  const settings = useActionQuery(getSettings);
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={2}>{t("settings:title")}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("settings:description")}
        </Text>
      </div>
      {settings.isPending ? (
        <LoadingState text={t("admin:list.fetching", { entities: t("settings:entities"), entity: t("settings:entities") })} />
      ) : settings.isError ? (
        <FailureState reason={errorText(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
      )}
      {allowed("settings", "wipe") && <DangerZone />}
    </Stack>
  );
}
