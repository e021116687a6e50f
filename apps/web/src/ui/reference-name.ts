import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** The groups of standard rows every school starts with, named in every language in public/locales/<lng>/standard.json. */
export type StandardGroup = "taskTypes" | "prayers" | "salaahOptions" | "recitationTypes" | "recitationMetrics" | "leaveTypes";

/** A school's reference row (a prayer, a task type, a metric) as replies carry it. */
export interface ReferenceRow {
  name: string;
  nameNative?: string | null;
  /** Set on a standard row (the server's declared rows, apps/server's STANDARD_*). */
  builtinKey?: string | null;
}

/** Arabic and Urdu readers read the name the school gave in its own script, when it gave one. */
export const nativeOrName = (row: ReferenceRow, language: string): string =>
  (language === "ar" || language === "ur") && row.nameNative ? row.nameNative : row.name;

/**
 * How a reference row is named to the reader: a standard row in the reader's language while the
 * school has not renamed it (its name is still the standard English one), else the school's own
 * name (its native one for Arabic and Urdu readers).
 */
export function useReferenceName(group: StandardGroup): (row: ReferenceRow) => string {
  const { t, i18n } = useTranslation("standard");
  const language = i18n.language;
  return useCallback(
    (row: ReferenceRow) => {
      const key = row.builtinKey ? `${group}.${row.builtinKey}` : null;
      if (key && i18n.getResource("en", "standard", key) === row.name) return t(key);
      return nativeOrName(row, language);
    },
    [group, t, i18n, language],
  );
}
