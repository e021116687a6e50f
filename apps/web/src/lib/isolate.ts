/**
 * A name or label inside a translated sentence, isolated (FSI ... PDI): a Latin "Class 5-A
 * (2026-27)" keeps its brackets and order inside Arabic or Urdu text, and an Arabic name inside
 * an English sentence does not pull the words around it.
 */
export const iso = (value: string | null | undefined): string => `\u2068${value ?? ""}\u2069`;
