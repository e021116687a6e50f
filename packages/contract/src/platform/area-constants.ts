// Plain constants without zod, so a page that needs only these (the web app's sign-in page)
// does not load the schema library with them. areas.ts re-exports them beside the schemas.

/** Where each area's people land after signing in. */
export const areaHome: Record<"admin" | "parent" | "platform", string> = {
  admin: "/admin/dashboard",
  parent: "/parent/home",
  platform: "/platform/home",
};

export const LANGUAGES = ["en", "ta", "ur", "ar", "ml"] as const;
export const RTL_LANGUAGES: readonly (typeof LANGUAGES)[number][] = ["ar", "ur"];

/** Whether `v` is the code of a language the app speaks. */
export const isLanguage = (v: unknown): v is (typeof LANGUAGES)[number] => typeof v === "string" && (LANGUAGES as readonly string[]).includes(v);

/** `v` when the app speaks it, else `fallback` (English unless named). */
export const languageOr = (v: unknown, fallback: (typeof LANGUAGES)[number] = "en"): (typeof LANGUAGES)[number] => (isLanguage(v) ? v : fallback);
