import { Button, Divider, Group, Radio, SimpleGrid, Stack, Tabs, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type AnnouncementAudience, type AnnouncementRow, type AnnouncementTexts, LANGUAGES, type Language, RTL_LANGUAGES } from "@taleem/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { LANGUAGE_NAMES } from "../../lib/i18n";
import { useFieldErrors } from "../../ui/api-error";
import { FormDialog } from "../../ui/form-dialog";
import { AnnouncementPreview } from "./announcement-preview";
import { AudiencePicker } from "./audience-picker";
import { useAnnouncementMutations } from "./use-announcements";

type When = "draft" | "published" | "scheduled";

interface Draft {
  title: string;
  body: string;
  texts: AnnouncementTexts;
  audience: AnnouncementAudience;
  audienceIds: number[];
  when: When;
  /** As a datetime-local input holds it, in the browser's time. */
  at: string;
}

const rtl = (lang: Language) => (RTL_LANGUAGES as readonly string[]).includes(lang);
const pad = (n: number) => String(n).padStart(2, "0");
const localInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function draftOf(row?: AnnouncementRow): Draft {
  return {
    title: row?.title ?? "",
    body: row?.body ?? "",
    texts: row?.texts ?? {},
    audience: row?.audience ?? "school",
    audienceIds: row?.audienceIds ?? [],
    when: row?.status ?? "draft",
    at: localInput(row?.scheduledAt ?? null),
  };
}

/**
 * Writes an announcement: the main text, the same in other languages (each recipient reads
 * their own, else the main one), who it goes to, and when: kept as a draft, sent now, or at a
 * time. The preview shows it as each language's readers will see it.
 */
export function AnnouncementComposer({ row, opened, onClose }: { row?: AnnouncementRow; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("announcements");
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={<Title order={3}>{row ? t("composer.editTitle") : t("composer.newTitle")}</Title>}
    >
      <ComposerForm row={row} onDone={onClose} />
    </FormDialog>
  );
}

function ComposerForm({ row, onDone }: { row?: AnnouncementRow; onDone: () => void }) {
  const { t } = useTranslation("announcements");
  const fieldErrors = useFieldErrors();
  const { create, update } = useAnnouncementMutations();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  // One id per announcement written: a retry after a lost reply is refused by the server, never sent twice.
  // getRandomValues, not randomUUID: a school's server on a plain-http address is not a secure context.
  const [clientId] = useState(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch) && !(k === "audienceIds" && "audience" in patch))));
  };
  const setText = (lang: Language, key: "title" | "body", value: string) => {
    const current = draft.texts[lang] ?? { title: "", body: "" };
    const next = { ...current, [key]: value };
    const texts = { ...draft.texts };
    if (next.title.trim() || next.body.trim()) texts[lang] = next;
    else delete texts[lang];
    set({ texts });
  };

  const submit = () => {
    const missing: Record<string, string> = {};
    if (!draft.title.trim()) missing.title = t("composer.required");
    if (!draft.body.trim()) missing.body = t("composer.required");
    if (draft.audience !== "school" && !draft.audienceIds.length) missing.audienceIds = t("composer.chooseAudience");
    if (draft.when === "scheduled" && !draft.at) missing.scheduledAt = t("composer.chooseTime");
    const halfDone = Object.entries(draft.texts).find(([, v]) => !v?.title.trim() || !v?.body.trim());
    if (halfDone) missing.texts = t("composer.translationIncomplete", { language: LANGUAGE_NAMES[halfDone[0] as Language] });
    if (Object.keys(missing).length) return setErrors(missing);
    const body = {
      title: draft.title.trim(),
      body: draft.body.trim(),
      texts: draft.texts,
      audience: draft.audience,
      audienceIds: draft.audience === "school" ? [] : draft.audienceIds,
      status: draft.when,
      scheduledAt: draft.when === "scheduled" ? new Date(draft.at).toISOString() : null,
    };
    const onError = (e: unknown) => (isApiError(e) && e.code === "announcement.duplicate" ? onDone() : setErrors(fieldErrors(e)));
    if (row) update.mutate({ id: row.id, ...body }, { onSuccess: onDone, onError });
    else create.mutate({ ...body, clientId }, { onSuccess: onDone, onError });
  };
  const saving = create.isPending || update.isPending;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t("fields.title")}
          required
          value={draft.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          error={errors.title}
          maxLength={200}
        />
        <Textarea
          label={t("fields.body")}
          required
          autosize
          minRows={4}
          value={draft.body}
          onChange={(e) => set({ body: e.currentTarget.value })}
          error={errors.body}
          maxLength={5000}
        />
        <div>
          <Text size="sm" fw={500}>
            {t("composer.translations")}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t("composer.translationsHint")}
          </Text>
          <Tabs defaultValue={LANGUAGES[1]} variant="outline" keepMounted={false}>
            <Tabs.List style={{ flexWrap: "wrap" }}>
              {LANGUAGES.map((lang) => (
                <Tabs.Tab key={lang} value={lang} lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                  {draft.texts[lang] ? " ✓" : ""}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((lang) => (
              <Tabs.Panel key={lang} value={lang} pt="xs">
                <Stack gap="xs" dir={rtl(lang) ? "rtl" : "ltr"} lang={lang}>
                  <TextInput
                    label={t("composer.titleIn", { language: LANGUAGE_NAMES[lang] })}
                    value={draft.texts[lang]?.title ?? ""}
                    onChange={(e) => setText(lang, "title", e.currentTarget.value)}
                    maxLength={200}
                  />
                  <Textarea
                    label={t("composer.bodyIn", { language: LANGUAGE_NAMES[lang] })}
                    autosize
                    minRows={3}
                    value={draft.texts[lang]?.body ?? ""}
                    onChange={(e) => setText(lang, "body", e.currentTarget.value)}
                    maxLength={5000}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          {errors.texts && (
            <Text size="xs" c="red" mt={4}>
              {errors.texts}
            </Text>
          )}
        </div>
        <Divider />
        <AudiencePicker
          audience={draft.audience}
          ids={draft.audienceIds}
          onChange={(audience, audienceIds) => set({ audience, audienceIds })}
          error={errors.audienceIds}
        />
        <Radio.Group label={t("composer.when")} value={draft.when} onChange={(v) => set({ when: v as When })}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt={6} spacing="xs">
            {(["draft", "published", "scheduled"] as const).map((w) => (
              <Radio key={w} value={w} label={t(`composer.whenOptions.${w}`)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        {draft.when === "scheduled" && (
          <TextInput
            type="datetime-local"
            label={t("fields.scheduledAt")}
            value={draft.at}
            onChange={(e) => set({ at: e.currentTarget.value })}
            error={errors.scheduledAt}
            min={localInput(new Date().toISOString())}
            w={{ base: "100%", sm: 260 }}
          />
        )}
        <Divider />
        <div>
          <Text size="sm" fw={500} mb={6}>
            {t("composer.preview")}
          </Text>
          <AnnouncementPreview title={draft.title || t("composer.previewTitle")} body={draft.body || t("composer.previewBody")} texts={draft.texts} />
        </div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("composer.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t(`composer.submit.${draft.when}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
