import { authMedia, checkSchool, LANGUAGES, type Language, RTL_LANGUAGES, superSettings } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../platform/auth/passwords.js";
import type { Services } from "../../platform/services.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";

export const SERVICE_NAME = "Taleem";

/** Each language by its own name, as a language menu shows it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ta: "தமிழ்", ur: "اردو", ar: "العربية", ml: "മലയാളം" };

/** The store pages the `app` and `download` routes send people to. */
const DEFAULT_APP_LINKS = {
  ios: "https://apps.apple.com/search?term=Taleem",
  android: "https://play.google.com/store/search?q=Taleem&c=apps",
};

/** Store links from the configuration when it names them (IOS_APP_URL, ANDROID_APP_URL), else the defaults. */
function appLinks(config: Config) {
  return { ios: config.IOS_APP_URL ?? DEFAULT_APP_LINKS.ios, android: config.ANDROID_APP_URL ?? DEFAULT_APP_LINKS.android };
}

/** What the sign-in pages show before anyone signs in: names, pictures, languages. Nothing secret. */
export function registerPublicInfo(app: FastifyInstance, services: Services) {
  serveAction(app, checkSchool, async (ctx, { body }) => {
    const [tenant] = await ctx.db
      .select({ name: tenants.name, logo: tenants.logo, status: tenants.status })
      .from(tenants)
      .where(eq(sql`lower(${tenants.code})`, body.code.trim().toLowerCase()))
      .limit(1);
    if (tenant?.status !== "active") return { exists: false, name: null, logo: null };
    return { exists: true, name: tenant.name, logo: tenant.logo };
  });

  serveAction(app, authMedia, async () => ({
    message: "Sign-in media",
    serviceName: SERVICE_NAME,
    logo: "/logo.svg",
    images: { signIn: "/images/sign-in.svg", background: "/images/auth-background.svg" },
    appLinks: appLinks(services.config),
  }));

  serveAction(app, superSettings, async () => ({
    message: "Settings",
    serviceName: SERVICE_NAME,
    defaultLanguage: "en" as const,
    languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code], rtl: RTL_LANGUAGES.includes(code) })),
    appLinks: appLinks(services.config),
    passwordPolicy: { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
    otp: { length: 6, validMinutes: CODE_TTL_MINUTES },
    vapidPublicKey: services.config.VAPID_PUBLIC_KEY ?? null,
    publicUrl: services.config.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
  }));
}
