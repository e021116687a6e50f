import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { nameForReader } from "../lib/reader-name";

/** The groups of standard rows every school starts with, named in every language in public/locales/<lng>/standard.json. */
export type StandardGroup = "taskTypes" | "prayers" | "salaahOptions" | "recitationTypes" | "recitationMetrics" | "leaveTypes";

/** A school's reference row (a prayer, a task type, a metric) as replies carry it. */
export interface ReferenceRow {
  name: string;
  nameNative?: string | null;
  /** Set on a standard row (the server's declared rows, apps/server's STANDARD_*). */
  builtinKey?: string | null;
}

/**
 * How a reference row is named to the reader: a standard row in the reader's language while the
 * school has not renamed it (its name is still the standard English one), else the school's own
 * name (in its own script when the reader reads that script).
 */
export function useReferenceName(group: StandardGroup): (row: ReferenceRow) => string {
  const { t, i18n } = useTranslation("standard");
  const language = i18n.language;
  return useCallback(
    (row: ReferenceRow) => {
      const key = row.builtinKey ? `${group}.${row.builtinKey}` : null;
      if (key && i18n.getResource("en", "standard", key) === row.name) return t(key);
      return nameForReader(row, language);
    },
    [group, t, i18n, language],
  );
}
