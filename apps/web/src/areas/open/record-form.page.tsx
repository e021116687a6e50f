import { Paper, Stack, Text, Title } from "@mantine/core";
import { openRecordForm, openRecordSubmit, type PublicRecordForm } from "@taleem/contract";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { z } from "zod";
import { isApiError } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";
import { megabytes } from "../../lib/form-files";
import {
  checkValues,
  customData,
  type FieldValue,
  type FormField,
  fieldErrors,
  focusField,
  localised,
  pickedBytes,
  recordFieldOf,
  type Values,
} from "../../lib/public-form";
import { FormFieldInput } from "../../ui/form-field";
import { FormFooter, PageLoading, PageProblem, PublicPage, SchoolHeader, SentCard, useSchoolLanguage } from "../../ui/public-page";

type Form = z.infer<typeof PublicRecordForm>;

const status = (e: unknown) => (isApiError(e) ? e.status : 0);

type Address = { record: string; code: string };

/** The record type's form, once; a failed read can be retried. */
function useRecordForm({ record, code }: Address) {
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setForm(await callAction(openRecordForm, { params: { record, code } }));
    } catch (e) {
      setForm(null);
      setError(e);
    }
  }, [record, code]);
  useEffect(() => {
    setForm(null);
    void load();
  }, [load]);
  return { form, error, load, setError, setForm };
}

/**
 * /open/record/:record/:code: one of a school's own forms (a hostel request, a transport form) for
 * anyone with the link, on any phone, in the five languages. `record` is the form's unguessable
 * token; a closed form or a wrong link shows a plain "not available" page.
 */
export function RecordFormPage() {
  const { t, i18n } = useTranslation("forms");
  const lng = i18n.resolvedLanguage ?? "en";
  const { record = "", code = "" } = useParams();
  const { form, error, load, setError, setForm } = useRecordForm({ record, code });
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useSchoolLanguage(form?.school.defaultLanguage);
  const title = form ? localised(form.record.labels, lng, form.record.name) : "";
  useEffect(() => {
    if (form) document.title = `${title} · ${form.school.name}`;
  }, [form, title]);

  // A choice with nothing to choose from cannot be answered.
  const fields = (form?.fields ?? []).filter((f) => f.kind !== "choice" || f.options.length > 0);

  const set = (key: string) => (v: FieldValue) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  // "Correct the marked fields" goes once nothing is marked any more.
  const fixText = t("apply.fixErrors");
  useEffect(() => {
    if (!Object.keys(errors).length) setFormError((old) => (old === fixText ? null : old));
  }, [errors, fixText]);

  function mark(next: Record<string, string>) {
    setErrors(next);
    setFormError(t("apply.fixErrors"));
    focusField(formRef.current, fields, Object.keys(next));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form || sending) return;
    setFormError(null);
    const problems = checkValues(fields, values);
    if (Object.keys(problems).length) {
      return mark(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, t(`apply.errors.${p.key}`, p.params)])));
    }
    if (pickedBytes(values) > form.limits.submissionBytes) {
      setFormError(t("apply.errors.total", { size: megabytes(form.limits.submissionBytes) }));
      return;
    }
    setSending(true);
    try {
      const reply = await callAction(openRecordSubmit, { params: { record, code }, body: { data: customData(fields, values) } });
      setSentId(reply.id);
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (status(err) === 404) {
        // Closed while it was being filled in.
        setForm(null);
        setError(err);
      } else if (status(err) === 429) {
        setFormError(t("recordForm.tooManySends"));
      } else {
        const mapped = fieldErrors(err, fields, recordFieldOf, { lng, t: (k) => t(k), whole: errorText });
        const onFields = Object.fromEntries(Object.entries(mapped).filter(([k]) => fields.some((f) => f.key === k)));
        if (Object.keys(onFields).length) mark(onFields);
        else setFormError(errorText(err));
      }
    } finally {
      setSending(false);
    }
  }

  function startAgain() {
    setValues({});
    setErrors({});
    setFormError(null);
    setSentId(null);
  }

  let problem: { title: string; text: string; retry?: boolean } | null = null;
  if (error != null && !form) {
    if (status(error) === 404) problem = { title: t("recordForm.unavailableTitle"), text: t("recordForm.unavailableText") };
    else if (status(error) === 429) problem = { title: t("apply.loadFailed"), text: t("recordForm.tooManyReads"), retry: true };
    else problem = { title: t("apply.loadFailed"), text: errorText(error), retry: true };
  }

  return (
    <PublicPage>
      {!form && !error && <PageLoading label={t("recordForm.loading")} />}
      {problem && <PageProblem title={problem.title} text={problem.text} retry={t("apply.retry")} onRetry={problem.retry ? () => void load() : undefined} />}
      {form && (
        <Stack gap="md">
          <SchoolHeader school={form.school} subtitle={<bdi data-testid="record-name">{title}</bdi>} />
          {sentId !== null ? (
            <SentCard
              testId="record-sent"
              numberTestId="reference-no"
              title={t("recordForm.sentTitle")}
              numberLabel={t("recordForm.sentNumber")}
              number={sentId}
              text={t("recordForm.sentText")}
              again={t("recordForm.another")}
              onAgain={startAgain}
            />
          ) : (
            <form ref={formRef} onSubmit={submit} noValidate>
              <Stack gap="md">
                <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="record-title">
                  <Title order={2} size="h4" id="record-title" mb={form.record.description ? 4 : "sm"}>
                    <bdi>{title}</bdi>
                  </Title>
                  {form.record.description && (
                    <Text size="sm" c="dimmed" mb="sm" dir="auto" style={{ whiteSpace: "pre-line" }}>
                      {form.record.description}
                    </Text>
                  )}
                  {fields.length > 0 && (
                    <Text size="sm" c="dimmed" mb="md">
                      {t("apply.requiredNote")}
                    </Text>
                  )}
                  <Stack gap="md">
                    {fields.map((f: FormField) => (
                      <div key={f.key} data-field={f.key}>
                        <FormFieldInput field={f} value={values[f.key]} onChange={set(f.key)} error={errors[f.key]} disabled={sending} />
                      </div>
                    ))}
                  </Stack>
                </Paper>
                <FormFooter error={formError} sending={sending} label={t("recordForm.submit")} />
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </PublicPage>
  );
}
