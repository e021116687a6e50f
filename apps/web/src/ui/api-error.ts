import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../lib/api";
import { errorText } from "../lib/error-text";

/** The server's error in the reader's language; the hook re-renders its screen when the language changes. */
export function useErrorText() {
  const { i18n } = useTranslation("errors");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised texts follow it.
  return useCallback((e: unknown) => errorText(e), [i18n.language]);
}

/**
 * Field errors from a 400 or 409: the validation reply names `params.fields` (with `params.issues`),
 * a rule names one `params.field`; each message goes on the field it concerns.
 */
export function fieldErrorsOf(e: unknown, text: (e: unknown) => string, issueText: (message: string | undefined) => string): Record<string, string> {
  // 400 names bad input, 409 a value taken by another row (a mobile number, say): both belong on a field.
  if (!isApiError(e) || (e.status !== 400 && e.status !== 409)) return {};
  const out: Record<string, string> = {};
  const issues = Array.isArray(e.params.issues) ? (e.params.issues as { field?: string; message?: string }[]) : [];
  for (const issue of issues) {
    const field = issue.field?.split(".")[0];
    if (field && !out[field]) out[field] = issueText(issue.message);
  }
  if (Array.isArray(e.params.fields)) for (const f of e.params.fields as string[]) out[f.split(".")[0]!] ??= text(e);
  if (typeof e.params.field === "string") out[e.params.field] ??= text(e);
  return out;
}

/** Field errors of a failed save, translated; the validator's English detail only for English readers. */
export function useFieldErrors() {
  const { t, i18n } = useTranslation(["admin"]);
  const text = useErrorText();
  return useCallback(
    (e: unknown) => fieldErrorsOf(e, text, (message) => (i18n.language === "en" && message ? message : t("admin:validation.invalid"))),
    [t, i18n, text],
  );
}
