import type { Language } from "@taleem/contract";

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The letters each language reads beyond Latin (Urdu is written in Arabic letters). */
const LETTERS_OF: Record<Language, RegExp | null> = {
  en: null,
  ar: ARABIC_LETTERS,
  ur: ARABIC_LETTERS,
  ml: /[\u0D00-\u0D7F]/,
  ta: /[\u0B80-\u0BFF]/,
};

/** Whether a reader of `language` reads the letters `text` is written in (a Tamil name is not for an Urdu reader). */
export const inReadersScript = (text: string | null | undefined, language: string): text is string => !!text && !!LETTERS_OF[language as Language]?.test(text);

/**
 * A person's or row's name as a reader of `language` reads it: the name in its own script when
 * that script is the reader's (a Malayalam name to a Malayalam reader), else the Latin one.
 */
export const nameForReader = (row: { name: string; nameNative?: string | null }, language: string): string =>
  inReadersScript(row.nameNative, language) ? row.nameNative : row.name;
