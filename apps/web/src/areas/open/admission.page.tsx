import { Alert, Box, Checkbox, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { languageOr, openAdmissionForm, openApply } from "@taleem/contract";
import { type FormEvent, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../lib/api";
import { callAction } from "../../lib/call-action";
import { errorText } from "../../lib/error-text";
import { megabytes } from "../../lib/form-files";
import {
  checkValues,
  type FieldValue,
  type FormField,
  fieldErrors,
  focusField,
  localised,
  looksLikeMobile,
  pickedBytes,
  type Values,
} from "../../lib/public-form";
import { useRevealed } from "../../lib/use-revealed";
import { FormFieldInput } from "../../ui/form-field";
import { FormFooter, PageLoading, PageProblem, PublicPage, RobotTrap, robotTrapValue, SchoolHeader, SentCard, useSchoolLanguage } from "../../ui/public-page";
import { useSchoolCountry } from "../../ui/school-country";
import { fieldOfIssue, type PublicForm, toApplication } from "./admission-form";
import { type KnownGuardian, KnownGuardianCheck } from "./known-guardian";

type Sent = { applicationNo: string; guardianMobile: string };

const SECTIONS = ["child", "guardian", "documents"] as const;

/** The form's fields in three parts: the child (and the school's own questions), the guardian, the documents. */
function sectionsOf(all: FormField[]): Record<(typeof SECTIONS)[number], FormField[]> {
  // A choice with nothing to choose from (a school with no courses yet) cannot be answered.
  const fields = all.filter((f) => f.kind !== "choice" || f.options.length > 0);
  const guardianAt = fields.findIndex((f) => f.key === "guardianName");
  const split = guardianAt < 0 ? fields.length : guardianAt;
  return {
    child: fields.slice(0, split).filter((f) => f.key !== "documents"),
    guardian: fields.slice(split).filter((f) => f.key !== "documents"),
    documents: fields.filter((f) => f.key === "documents"),
  };
}

/** The school's form, once: a failed read can be retried, a changed consent text reloads it. */
function usePublicForm(code: string) {
  const [form, setForm] = useState<PublicForm | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      const f = await callAction(openAdmissionForm, { params: { code } });
      // A long form: rendered in slices, so a phone stays responsive meanwhile.
      startTransition(() => setForm(f));
      return f;
    } catch (e) {
      setError(e);
      return null;
    }
  }, [code]);
  useEffect(() => {
    setForm(null);
    void load();
  }, [load]);
  return { form, error, load, setForm };
}

/**
 * /open/admission/:code: a school's admission form for parents, on any phone, in the five
 * languages. Files are checked here before sending; the server checks them again by content.
 */
export function AdmissionPage() {
  const { t, i18n } = useTranslation("forms");
  const lng = i18n.resolvedLanguage ?? "en";
  const { code = "" } = useParams();
  const { form, error, load, setForm } = usePublicForm(code);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [agreed, setAgreed] = useState(false);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useSchoolLanguage(form?.school.defaultLanguage);
  const country = useSchoolCountry(undefined, code);

  useEffect(() => {
    if (form) document.title = `${t("apply.title")} · ${form.school.name}`;
  }, [form, t]);

  const sections = useMemo(() => sectionsOf(form?.fields ?? []), [form]);
  const shown = useMemo(() => SECTIONS.flatMap((s) => sections[s]), [sections]);
  const parts = SECTIONS.filter((s) => sections[s].length);
  // The sections, then the consent and the button, one after another on a slow phone.
  const revealed = useRevealed(parts.length + 1);
  const consentLanguage = form ? (form.consent.texts[lng] ? lng : form.consent.texts.en ? "en" : (Object.keys(form.consent.texts)[0] ?? "en")) : "en";

  const set = (key: string) => (v: FieldValue) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  // A known guardian's details, once their number proved itself: the fields the form shows.
  const fillGuardian = (g: KnownGuardian) => {
    const shown = new Set(form?.fields.map((f) => f.key));
    const found: Values = { guardianName: g.name, ...(g.email && shown.has("guardianEmail") ? { guardianEmail: g.email } : {}) };
    setValues((old) => ({ ...old, ...found }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in found))));
  };

  // "Correct the marked fields" goes once nothing is marked any more.
  const fixText = t("apply.fixErrors");
  useEffect(() => {
    if (!Object.keys(errors).length) setFormError((old) => (old === fixText ? null : old));
  }, [errors, fixText]);

  const mobile = typeof values.guardianMobile === "string" ? values.guardianMobile.trim() : "";

  const focusFirst = (keys: string[]) => focusField(formRef.current, form?.fields ?? [], keys);

  function serverErrors(e: unknown): Record<string, string> {
    if (!isApiError(e) || !form) return {};
    return fieldErrors(e, form.fields, (path) => fieldOfIssue(path, form.fields), { lng, t: (k) => t(k), whole: errorText });
  }

  // The country's numbering rules are a large library: fetched when the form is first touched.
  // Without them (the fetch failed on a bad line) the number is checked loosely and the server
  // judges it by the same rules.
  const mobileRules = useRef<Promise<typeof import("../../ui/mobile-check") | null>>(undefined);
  const loadMobileRules = () => {
    mobileRules.current ??= import("../../ui/mobile-check").catch(() => {
      mobileRules.current = undefined;
      return null;
    });
    return mobileRules.current;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form || sending) return;
    setFormError(null);
    const rules = await loadMobileRules();
    const problems = checkValues(shown, values, rules && country ? (s) => rules.isMobileOf(s, country) : looksLikeMobile);
    const next: Record<string, string> = Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, t(`apply.errors.${p.key}`, p.params)]));
    if (!agreed) next.consent = t("apply.errors.consent");
    if (Object.keys(next).length) {
      setErrors(next);
      setFormError(t("apply.fixErrors"));
      focusFirst(Object.keys(next));
      return;
    }
    if (pickedBytes(values) > form.limits.submissionBytes) {
      setFormError(t("apply.errors.total", { size: megabytes(form.limits.submissionBytes) }));
      return;
    }
    setSending(true);
    try {
      const trap = robotTrapValue(formRef.current);
      const body = { ...toApplication(form, values, languageOr(lng), consentLanguage), ...(trap ? { website: trap } : {}) };
      const reply = await callAction(openApply, { params: { code }, body });
      setSent({ applicationNo: reply.applicationNo, guardianMobile: mobile });
      window.scrollTo({ top: 0 });
    } catch (err) {
      if (isApiError(err) && err.code === "admission.consent_changed") {
        setAgreed(false);
        await load();
        setFormError(errorText(err));
      } else if (isApiError(err) && err.code === "admission.closed") {
        setForm({ ...form, open: false });
      } else {
        const mapped = serverErrors(err);
        setErrors(mapped);
        setFormError(Object.keys(mapped).length ? t("apply.fixErrors") : errorText(err));
        if (Object.keys(mapped).length) focusFirst(Object.keys(mapped));
      }
    } finally {
      setSending(false);
    }
  }

  function startAgain() {
    setValues({});
    setErrors({});
    setAgreed(false);
    setSent(null);
    setFormError(null);
  }

  const field = (f: FormField) => (
    <div key={f.key} data-field={f.key}>
      <FormFieldInput
        field={f}
        value={values[f.key]}
        onChange={set(f.key)}
        error={errors[f.key]}
        disabled={sending}
        maxDocuments={form?.limits.maxDocuments ?? 0}
      />
      {f.key === "guardianMobile" && looksLikeMobile(mobile) && (
        <KnownGuardianCheck key={mobile} code={code} mobile={mobile} disabled={sending} onFound={fillGuardian} />
      )}
    </div>
  );

  const instructions = form ? localised(form.instructions, lng) : "";

  const notFound = isApiError(error) && error.status === 404;
  return (
    <PublicPage>
      {!form && !error && <PageLoading label={t("apply.loading")} />}
      {error != null && !form && (
        <PageProblem
          title={notFound ? t("apply.notFound") : t("apply.loadFailed")}
          text={errorText(error)}
          retry={t("apply.retry")}
          onRetry={notFound ? undefined : () => void load()}
        />
      )}
      {form && (
        <Stack gap="md">
          <SchoolHeader school={form.school} subtitle={t("apply.title")} />
          {sent ? (
            <SentCard
              testId="application-sent"
              numberTestId="application-no"
              title={t("apply.sentTitle")}
              numberLabel={t("apply.sentNumber")}
              number={sent.applicationNo}
              text={t("apply.sentText", { mobile: sent.guardianMobile })}
              again={t("apply.another")}
              onAgain={startAgain}
            />
          ) : !form.open ? (
            <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("apply.closedTitle")} role="alert" data-testid="admissions-closed">
              {t("apply.closedText", { school: form.school.name })}
            </Alert>
          ) : (
            <form ref={formRef} onSubmit={submit} onFocusCapture={loadMobileRules} noValidate>
              <RobotTrap />
              <Stack gap="md">
                {instructions && (
                  <Alert color="blue" variant="light">
                    <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                      {instructions}
                    </Text>
                  </Alert>
                )}
                <Text size="sm" c="dimmed">
                  {t("apply.requiredNote")}
                </Text>
                {parts.slice(0, revealed).map((s) => (
                  <Paper key={s} withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`section-${s}`}>
                    <Title order={2} size="h4" id={`section-${s}`} mb="sm">
                      {t(`apply.sections.${s}`)}
                    </Title>
                    <Stack gap="md">{sections[s].map(field)}</Stack>
                  </Paper>
                ))}
                {revealed > parts.length && (
                  <>
                    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="section-consent" data-field="consent">
                      <Title order={2} size="h4" id="section-consent" mb="sm">
                        {t("apply.sections.consent")}
                      </Title>
                      {/* A long text scrolls in its own box; focusable, so a keyboard can scroll it too. */}
                      <Box mah={240} style={{ overflowY: "auto" }} tabIndex={0} aria-labelledby="section-consent" p="xs" bg="gray.0" bdrs="md">
                        <Text size="sm" lang={consentLanguage} data-testid="consent-text" style={{ whiteSpace: "pre-line" }}>
                          {form.consent.texts[consentLanguage]}
                        </Text>
                      </Box>
                      <Checkbox
                        mt="md"
                        name="consent"
                        checked={agreed}
                        onChange={(e) => {
                          setAgreed(e.currentTarget.checked);
                          setErrors(({ consent: _gone, ...rest }) => rest);
                        }}
                        label={t("apply.consentAgree")}
                        error={errors.consent}
                        disabled={sending}
                      />
                    </Paper>
                    <FormFooter error={formError} sending={sending} label={t("apply.submit")} />
                  </>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </PublicPage>
  );
}
