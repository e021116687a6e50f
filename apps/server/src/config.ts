import { resolve } from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(" or ")}`,
  );

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default("0.0.0.0"),
  /**
   * Which proxies may say who the client is (X-Forwarded-For): unset trusts none, a number is
   * how many hops in front of the server, otherwise a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F:./]+(,\s*[0-9a-fA-F:./]+)*)$/, "a hop count (1) or addresses (10.0.0.1,10.0.0.0/8)")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  /** The tables' owner, for the migrations and row-level security at start; DATABASE_URL when not set. */
  MIGRATION_DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  /** The role the server queries as, which the tenant policies bind (neither a superuser nor the tables' owner). */
  DATABASE_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a plain lower-case role name (letters, digits, _)")
    .default("taleem_app"),
  REDIS_URL: url(["redis:", "rediss:"]).optional(),
  /** Prefix of every Redis key, so several installs (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(60).default("taleem:"),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  SMTP_FROM: z.string().default("Taleem <no-reply@taleem.local>"),
  SMS_GATEWAY_URL: url(["http:", "https:"]).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** WhatsApp Business Cloud API: base URL (with its version), access token and sending phone number id. */
  WHATSAPP_API_URL: url(["http:", "https:"]).default("https://graph.facebook.com/v21.0"),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  /** Messaging (docs in platform/messaging/providers.md): webhook secrets, DLT sender ids, local fakes, where jobs run. */
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  SMS_GATEWAY_WEBHOOK_SECRET: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  SMS_DLT_ENTITY_ID: z.string().optional(),
  MESSAGING_FAKES: bool.optional(),
  /** Online payments (platform/payments): unset is Razorpay when its keys are set, else the local sandbox under npm start, else offline. */
  PAYMENT_PROVIDER: z.enum(["offline", "razorpay", "sandbox"]).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: url(["http:", "https:"]).default("https://api.razorpay.com/v1"),
  JOBS_IN_SERVER: bool.optional(),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  /** Pepper mixed into one-time-code and token hashes; set it in production. */
  SECRET_KEY: z.string().min(16).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .default(60 * 24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Wrong passwords for one account from all addresses: past SLOW, one try per 10 s; past LOCK, no password sign-in. */
  LOGIN_ACCOUNT_SLOW_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_LOCK_AFTER: z.coerce.number().int().min(1).default(30),
  LOGIN_ACCOUNT_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60),
  OTP_MAX_SENDS: z.coerce.number().int().min(1).default(3),
  OTP_SEND_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Extra import URL prefixes, outside production only (tests point it at a local server). */
  IMPORT_ALLOW_EXTRA: z.string().optional(),
  /** Web Push services that may be on a private address, outside production only (tests run one locally): origins, comma-separated. */
  PUSH_ALLOW_EXTRA: z.string().optional(),
  /** The API's description at /docs and /openapi.json: on outside production, off in production unless true. */
  API_DOCS: bool.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: bool.optional(),
  /** Native wrappers' push: a Firebase service account key (its JSON, or the path of its file), and the API's address. */
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_API_URL: url(["http:", "https:"]).default("https://fcm.googleapis.com"),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** Store pages the `app` and `download` links send phones to. */
  IOS_APP_URL: url(["https:"]).optional(),
  ANDROID_APP_URL: url(["https:"]).optional(),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with its name. */
/** Fastify's trustProxy: none by default; a hop count trusts that many addresses nearest the server. */
function trustProxyOf(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(/,\s*/);
}

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === "production";
  if (c.MIGRATION_DATABASE_URL && !c.DATABASE_URL) {
    throw new ConfigError("Invalid configuration:\n  MIGRATION_DATABASE_URL: set DATABASE_URL too (the embedded database needs neither)");
  }
  if (production && !c.SECRET_KEY) throw new ConfigError("Invalid configuration:\n  SECRET_KEY: required in production");
  return {
    ...c,
    production,
    apiDocs: c.API_DOCS ?? !production,
    dataDir: resolve(c.DATA_DIR),
    trustProxy: trustProxyOf(c.TRUST_PROXY),
    secretKey: c.SECRET_KEY ?? "taleem-development-secret",
  };
}
