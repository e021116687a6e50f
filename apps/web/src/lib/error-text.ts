import { ApiError } from "./api";
import { i18n } from "./i18n";

/**
 * A server error in the reader's language: `errors:<code>` with the reply's params, the server's
 * English text when the code has no translation yet.
 */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const params = Object.fromEntries(Object.entries(err.params).filter(([, v]) => typeof v !== "object" || v === null));
    return i18n.t(`errors:${err.code}`, { ...params, defaultValue: err.message });
  }
  if (err instanceof Error && err.message) return i18n.t("errors:internal", { defaultValue: err.message });
  return i18n.t("errors:internal");
}
