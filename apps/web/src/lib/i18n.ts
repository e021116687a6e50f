import { isLanguage, LANGUAGES, type Language, RTL_LANGUAGES } from "@taleem/contract";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { figureFormatter } from "./digits";
import { loadLanguageFonts } from "./script-fonts";
import { KEYS, storage } from "./storage";

export { isLanguage, LANGUAGES, type Language };

/** Each language's own name, shown in the switcher as its speakers write it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ta: "தமிழ்",
  ur: "اردو",
  ar: "العربية",
  ml: "മലയാളം",
};

export const directionOf = (lng: string): "rtl" | "ltr" => ((RTL_LANGUAGES as readonly string[]).includes(lng) ? "rtl" : "ltr");

/** The stored choice, else the browser's language when we have it, else English. */
export function initialLanguage(): Language {
  const stored = storage.get(KEYS.language);
  if (isLanguage(stored)) return stored;
  for (const l of navigator.languages ?? [navigator.language]) {
    const primary = l?.split("-")[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return "en";
}

/** `<html lang dir>` and the class that picks the script's font (see app/app.css). */
export function applyDocumentLanguage(lng: Language): void {
  const html = document.documentElement;
  html.lang = lng;
  html.dir = directionOf(lng);
  for (const l of LANGUAGES) html.classList.toggle(`lang-${l}`, l === lng);
}

export const i18n = i18next;

// The server draws the parent home with these modules (src/ssr): there, src/ssr gives this same
// i18next the build's texts itself, and nothing is fetched or applied to a document here.
const inBrowser = typeof window !== "undefined";
const start = inBrowser ? initialLanguage() : "en";
if (inBrowser) applyDocumentLanguage(start);

const startFonts = inBrowser ? loadLanguageFonts(start) : Promise.resolve();

/** Resolves once the first language's common and error texts, and its script's font rules, are in. */
export const i18nReady: Promise<void> = !inBrowser
  ? Promise.resolve()
  : i18next
      .use(HttpBackend)
      .use(initReactI18next)
      .use(figureFormatter)
      .init({
        lng: start,
        supportedLngs: [...LANGUAGES],
        fallbackLng: "en",
        load: "currentOnly",
        ns: ["common", "errors"],
        defaultNS: "common",
        fallbackNS: false,
        // The spec's loading numbers: 10 parallel reads, 5 retries, 350 ms apart (growing).
        maxParallelReads: 10,
        maxRetries: 5,
        retryTimeout: 350,
        backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
        // A number put into a text is written in the school's digits (lib/digits.ts).
        interpolation: { escapeValue: false, alwaysFormat: true },
        returnNull: false,
        // A screen names its namespaces and waits (suspends) until they are in, so a namespace arriving
        // later re-renders no one: with "loaded" bound, every screen re-rendered on each arrival, and
        // those updates restarted the first page's render on a slow phone (issue 18's measurements).
        react: { useSuspense: true, bindI18n: "languageChanged" },
      })
      .then(() => startFonts)
      .then(() => undefined);

type Saver = (lng: Language) => void;
let saveToProfile: Saver = () => undefined;

/** The shell plugs in "save to the signed-in person's profile" (kept out of this module's imports). */
export function setLanguageSaver(fn: Saver): void {
  saveToProfile = fn;
}

/**
 * Switches the language: loads its texts, turns the page around for Arabic and Urdu, picks the
 * script's font, remembers the choice on this device and, when signed in, on the profile.
 */
export async function setLanguage(lng: Language, opts: { persist?: boolean; save?: boolean } = {}): Promise<void> {
  const { persist = true, save = true } = opts;
  if (persist) storage.set(KEYS.language, lng);
  await Promise.all([i18next.changeLanguage(lng), loadLanguageFonts(lng)]);
  applyDocumentLanguage(lng);
  if (save) saveToProfile(lng);
}

export function currentLanguage(): Language {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(l) ? l : "en";
}

/** Whether the person picked a language on this device (it then wins over the profile's). */
export function languageChosenHere(): Language | null {
  const stored = storage.get(KEYS.language);
  return isLanguage(stored) ? stored : null;
}
