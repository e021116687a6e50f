import { Alert, Button, FileButton, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCircleCheck, IconUpload } from "@tabler/icons-react";
import { MaterialKind, type PublicMaterialForm, publicMaterialForm, submitPublicMaterial, UPLOAD_KINDS } from "@taleem/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { z } from "zod";
import { isApiError } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";
import { isProblem, megabytes, pickFile } from "../../lib/form-files";
import type { PickedFile } from "../../lib/public-form";
import { FormFooter, PageLoading, PageProblem, PublicPage, SchoolHeader, useSchoolLanguage } from "../../ui/public-page";

type Form = z.infer<typeof PublicMaterialForm>;
type Kind = z.infer<typeof MaterialKind>;
const EMPTY = { name: "", mobile: "", title: "", description: "", link: "", classroomId: "", subjectId: "" };

/** The field a server refusal names: its `field` param, or the first path of a schema issue. */
const fieldOf = (e: unknown): string | undefined => {
  if (!isApiError(e)) return undefined;
  const p = e.params as { field?: unknown; fields?: unknown };
  if (typeof p.field === "string") return p.field.split(".")[0];
  return Array.isArray(p.fields) && typeof p.fields[0] === "string" ? p.fields[0].split(".")[0] : undefined;
};

/**
 * /open/material/:code: a teacher without an account sends a note, worksheet, recording or link to
 * the school, which approves it before families see it. One column that fits a phone.
 */
export function PublicMaterialPage() {
  const { t } = useTranslation(["materials", "forms"]);
  const { code = "" } = useParams();
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [values, setValues] = useState(EMPTY);
  const [kind, setKind] = useState<Kind>("worksheet");
  const [file, setFile] = useState<PickedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  useSchoolLanguage(form?.school.defaultLanguage);
  useEffect(() => {
    callAction(publicMaterialForm, { params: { code } }).then(setForm, setLoadError);
  }, [code]);

  if (loadError) return <PublicPage>{<PageProblem title={t("open.notFound")} text={t("open.notFoundText")} />}</PublicPage>;
  if (!form) return <PublicPage>{<PageLoading label={t("open.loading")} />}</PublicPage>;

  const rule = UPLOAD_KINDS[kind === "audio" ? "audio" : "document"];
  const set = (key: keyof typeof EMPTY) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  async function choose(picked: File | null) {
    if (!picked) return;
    const checked = await pickFile(picked, rule.types, rule.maxBytes);
    if (isProblem(checked)) return setErrors((old) => ({ ...old, file: t(`forms:apply.errors.${checked.key}`, checked.params) }));
    setErrors(({ file: _gone, ...rest }) => rest);
    setFile(checked);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setFormError(null);
    const v = values;
    try {
      await callAction(submitPublicMaterial, {
        params: { code },
        body: {
          name: v.name,
          mobile: v.mobile,
          title: v.title,
          kind,
          classroomId: v.classroomId ? Number(v.classroomId) : null,
          subjectId: v.subjectId ? Number(v.subjectId) : null,
          description: v.description || null,
          file: kind !== "link" && file ? { name: file.name, data: file.data } : null,
          link: kind === "link" ? v.link : null,
        },
      });
      setSent(true);
    } catch (err) {
      const field = fieldOf(err);
      const text = isApiError(err) && err.status === 429 ? t("open.tooMany") : errorText(err);
      if (field) setErrors((old) => ({ ...old, [field]: text }));
      setFormError(text);
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <PublicPage>
        <Alert color="teal" icon={<IconCircleCheck size={20} />} title={t("open.sentTitle")} data-testid="material-sent">
          {t("open.sentText")}
        </Alert>
      </PublicPage>
    );
  }
  const text = (key: keyof typeof EMPTY, props: { required?: boolean; type?: string } = {}) => (
    <TextInput label={t(`open.${key}`)} name={key} value={values[key]} error={errors[key]} onChange={(e) => set(key)(e.currentTarget.value)} {...props} />
  );
  return (
    <PublicPage>
      <Stack gap="md">
        <SchoolHeader school={form.school} subtitle={t("open.subtitle")} />
        <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
          <Stack gap="sm">
            {text("name", { required: true })}
            {text("mobile", { required: true, type: "tel" })}
            {text("title", { required: true })}
            <Select
              label={t("open.kind")}
              required
              allowDeselect={false}
              value={kind}
              onChange={(k) => {
                setKind((k ?? "worksheet") as Kind);
                setFile(null);
              }}
              data={MaterialKind.options.map((k) => ({ value: k, label: t(`materials.options.kind.${k}`) }))}
            />
            <Select
              label={t("open.classroomId")}
              clearable
              value={values.classroomId || null}
              error={errors.classroomId}
              onChange={(v) => set("classroomId")(v ?? "")}
              data={form.classrooms.map((c) => ({ value: String(c.id), label: c.label }))}
            />
            <Select
              label={t("open.subjectId")}
              clearable
              value={values.subjectId || null}
              onChange={(v) => set("subjectId")(v ?? "")}
              data={form.subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            />
            {kind === "link" ? (
              text("link", { required: true, type: "url" })
            ) : (
              <Stack gap={4}>
                <Group gap="sm">
                  <FileButton onChange={(f) => void choose(f)} accept={rule.types.join(",")}>
                    {(props) => (
                      <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                        {t(kind === "audio" ? "open.chooseAudio" : "open.chooseFile")}
                      </Button>
                    )}
                  </FileButton>
                  {file && (
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      <bdi>{file.name}</bdi>
                    </Text>
                  )}
                </Group>
                {/* biome-ignore lint/a11y/useMediaCaption: a recitation has no captions. */}
                {kind === "audio" && file && <audio controls src={file.data} style={{ inlineSize: "100%" }} />}
                <Text size="xs" c={errors.file ? "red" : "dimmed"} role={errors.file ? "alert" : undefined}>
                  {errors.file ?? t(kind === "audio" ? "common:upload.ruleAudio" : "common:upload.ruleDocument", { size: megabytes(rule.maxBytes) })}
                </Text>
              </Stack>
            )}
            <Textarea
              label={t("open.description")}
              value={values.description}
              onChange={(e) => set("description")(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <FormFooter error={formError} sending={sending} label={t("open.send")} />
          </Stack>
        </Paper>
      </Stack>
    </PublicPage>
  );
}
