import type { Language } from "@taleem/contract";
import { whenIdle } from "./idle";
import { FOR_LANGUAGE } from "./language-scripts";

// Each script's @font-face rules as a stylesheet of its own. With unicode-range, a browser fetches
// a font file only when it draws a letter of that script, so declaring costs a small stylesheet.
const SCRIPTS = {
  arabic: () => Promise.all([import("@fontsource/noto-naskh-arabic/400.css"), import("@fontsource/noto-naskh-arabic/700.css")]),
  urdu: () => Promise.all([import("@fontsource/noto-nastaliq-urdu/400.css"), import("@fontsource/noto-nastaliq-urdu/700.css")]),
  malayalam: () => Promise.all([import("@fontsource/noto-sans-malayalam/400.css"), import("@fontsource/noto-sans-malayalam/700.css")]),
  tamil: () => Promise.all([import("@fontsource/noto-sans-tamil/400.css"), import("@fontsource/noto-sans-tamil/700.css")]),
  // Noto Sans beyond Latin (Cyrillic, Greek, Devanagari, Vietnamese) for names written in them.
  other: () => Promise.all([import("@fontsource/noto-sans/400.css"), import("@fontsource/noto-sans/600.css"), import("@fontsource/noto-sans/700.css")]),
};
type Script = keyof typeof SCRIPTS;

const loading = new Map<Script, Promise<unknown>>();

function load(script: Script): Promise<unknown> {
  let p = loading.get(script);
  if (!p) {
    p = SCRIPTS[script]().catch((e) => {
      loading.delete(script);
      console.warn(`The ${script} font could not be loaded`, e);
    });
    loading.set(script, p);
  }
  return p;
}

/** Declares the fonts of a language's script; resolves once their rules are in. */
export function loadLanguageFonts(lng: Language): Promise<unknown> {
  return Promise.all(FOR_LANGUAGE[lng].map(load));
}

/**
 * Declares every script's font, for mixed text (a Tamil name on an English page): after start-up,
 * one script at a time when the phone is idle. Each stylesheet makes the browser restyle the page;
 * five at once are one long pause a tap would wait behind.
 */
export async function loadAllFonts(): Promise<void> {
  const idle = () => new Promise<void>((resolve) => whenIdle(resolve));
  for (const script of Object.keys(SCRIPTS) as Script[]) {
    await idle();
    await load(script);
  }
}
