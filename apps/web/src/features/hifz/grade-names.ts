import { HifzGrades } from "@taleem/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../ui/school-country";

/** A grade (1 weakest to 5) in the school's own words when it set them (settings), else the app's. */
export function useGradeName(): (grade: number) => string {
  const { t } = useTranslation("hifz");
  const own = HifzGrades.safeParse(usePublicConfig()?.hifzGrades);
  const words = own.success ? own.data : null;
  return useCallback((grade: number) => words?.[grade - 1] ?? t(`grades.${grade}`), [words, t]);
}
