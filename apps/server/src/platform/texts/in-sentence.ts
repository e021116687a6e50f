import { dayText, timeText } from "./dates.js";

const RIGHT_TO_LEFT = new Set(["ar", "ur"]);

/**
 * A value set inside a sentence of `language` (a day, a name, a title): in Urdu and Arabic held as
 * one run by a first strong isolate (U+2068 ... U+2069), so the bidi algorithm cannot reorder its
 * digits against the words around it ("7 دسمبر، 2026" beside "سے" and another day), and a Latin
 * name at the start does not turn the sentence left to right where a line takes its direction
 * from its first letter (a clamped line: `unicode-bidi: plaintext` skips isolates). Left-to-right
 * sentences get the value as it is: an English SMS stays in the GSM alphabet.
 */
export const isolated = (language: string, text: string): string => (RIGHT_TO_LEFT.has(language) ? `\u2068${text}\u2069` : text);

/**
 * A calendar day (YYYY-MM-DD, the same day everywhere) written for a reader of `language` inside
 * a sentence of their language: "7 December 2026" to an English reader, never "2026-12-07".
 */
export const dayInSentence = (language: string, day: string, digits = "latn"): string => isolated(language, dayText(language, "UTC", day, digits));

/** A time of day (HH:MM) written for a reader of `language` inside a sentence of their language. */
export const timeInSentence = (language: string, time: string, digits = "latn"): string => isolated(language, timeText(language, time, digits));

/** A span of calendar days, each written in full ("from – to"), or the one day when they are the same. */
export const daysInSentence = (language: string, from: string, to: string, digits = "latn"): string =>
  from === to ? dayInSentence(language, from, digits) : `${dayInSentence(language, from, digits)} – ${dayInSentence(language, to, digits)}`;
