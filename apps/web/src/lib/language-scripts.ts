import type { Language } from "@taleem/contract";

/** The scripts beyond Latin the app carries a font for, and each one's font family. */
export const SCRIPT_FAMILIES = {
  arabic: "Noto Naskh Arabic",
  urdu: "Noto Nastaliq Urdu",
  malayalam: "Noto Sans Malayalam",
  tamil: "Noto Sans Tamil",
} as const;
export type LanguageScript = keyof typeof SCRIPT_FAMILIES;

/**
 * The scripts a language's pages draw with (app.css): Urdu falls back to Naskh for letters
 * Nastaliq lacks. lib/script-fonts.ts loads them in the browser; the build lists their
 * stylesheets for the pages the server draws (build-plugins.ts).
 */
export const FOR_LANGUAGE: Record<Language, LanguageScript[]> = { en: [], ar: ["arabic"], ur: ["urdu", "arabic"], ml: ["malayalam"], ta: ["tamil"] };
