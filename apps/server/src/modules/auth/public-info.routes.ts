import { AuthMediaReply, CheckEntityBody, CheckEntityReply, LANGUAGES, type Language, RTL_LANGUAGES, SuperSettingsReply } from "@taleem/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../config.js";
import { CODE_TTL_MINUTES } from "../../platform/auth/otp.service.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../platform/auth/passwords.js";
import type { Services } from "../../platform/services.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";

const tags = ["auth"];
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: "open" } as const;

  r.post("/user/open/auth/checkentity", {
    config: open,
    schema: {
      tags,
      summary: "Whether an active school or centre has this business code, with its name and logo",
      body: CheckEntityBody,
      response: { 200: CheckEntityReply },
    },
    handler: async (req) => {
      const [tenant] = await services.db
        .select({ name: tenants.name, logo: tenants.logo, status: tenants.status })
        .from(tenants)
        .where(eq(sql`lower(${tenants.code})`, req.body.code.trim().toLowerCase()))
        .limit(1);
      if (tenant?.status !== "active") return { exists: false, name: null, logo: null };
      return { exists: true, name: tenant.name, logo: tenant.logo };
    },
  });

  r.get("/user/open/auth/auth-media", {
    config: open,
    schema: { tags, summary: "The service's name, logo and pictures for the sign-in pages, and the app store links", response: { 200: AuthMediaReply } },
    handler: async () => ({
      message: "Sign-in media",
      serviceName: SERVICE_NAME,
      logo: "/logo.svg",
      images: { signIn: "/images/sign-in.svg", background: "/images/auth-background.svg" },
      appLinks: appLinks(services.config),
    }),
  });

  r.get("/user/open/auth/super-settings", {
    config: open,
    schema: {
      tags,
      summary: "Service-wide settings the sign-in pages need: languages, app store links, password and code rules",
      response: { 200: SuperSettingsReply },
    },
    handler: async () => ({
      message: "Settings",
      serviceName: SERVICE_NAME,
      defaultLanguage: "en" as const,
      languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code], rtl: RTL_LANGUAGES.includes(code) })),
      appLinks: appLinks(services.config),
      passwordPolicy: { minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
      otp: { length: 6, validMinutes: CODE_TTL_MINUTES },
      vapidPublicKey: services.config.VAPID_PUBLIC_KEY ?? null,
      publicUrl: services.config.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    }),
  });
}
