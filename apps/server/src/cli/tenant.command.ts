import { eq } from "drizzle-orm";
import { isSupportedCountry } from "libphonenumber-js";
import type { Db } from "../db/db-types.js";
import { provisionTenant } from "../modules/provision.js";
import { recordChange } from "../platform/audit/audit.service.js";
import { type TenantRow, tenants } from "../platform/tenancy/tenants.table.js";
import { type Command, json, optional, required, UsageError, type Values } from "./command.js";
import { tenantByCode, withDatabase } from "./database.js";

const summary = (t: TenantRow) => ({
  id: t.id,
  code: t.code,
  name: t.name,
  country: t.country,
  timeZone: t.timeZone,
  currency: t.currency,
  status: t.status,
  ...(t.suspendedReason ? { suspendedReason: t.suspendedReason } : {}),
});

function schoolSettings(values: Values) {
  const code = required(values, "code");
  if (!/^[A-Za-z0-9_-]{2,32}$/.test(code)) throw new UsageError("--code must be 2 to 32 letters, digits, - or _.");
  const country = (optional(values, "country") ?? "IN").toUpperCase();
  if (!isSupportedCountry(country)) throw new UsageError(`--country ${country} is not an ISO 3166 two-letter country code.`);
  const timeZone = optional(values, "timezone") ?? "Asia/Kolkata";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
  } catch {
    throw new UsageError(`--timezone ${timeZone} is not a time zone (try Asia/Kolkata, Europe/London, UTC).`);
  }
  const currency = (optional(values, "currency") ?? "INR").toUpperCase();
  if (!Intl.supportedValuesOf("currency").includes(currency)) throw new UsageError(`--currency ${currency} is not an ISO 4217 currency code.`);
  return { code, name: required(values, "name"), country, timeZone, currency };
}

async function setStatus(db: Db, code: string, status: "active" | "suspended", reason: string | undefined) {
  const tenant = await tenantByCode(db, code);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tenants)
      .set({ status, suspendedReason: status === "suspended" ? (reason ?? null) : null })
      .where(eq(tenants.id, tenant.id))
      .returning();
    await recordChange(tx as unknown as Db, {
      tenantId: tenant.id,
      userId: null,
      action: status === "suspended" ? "suspend" : "activate",
      entity: "tenant",
      entityId: tenant.id,
      details: { via: "cli", ...(reason ? { reason } : {}) },
    });
    return updated!;
  });
}

export const tenantCommands: Command[] = [
  {
    words: ["tenant", "create"],
    usage:
      "--code CODE --name NAME --admin-mobile MOBILE --admin-password PASSWORD [--admin-name NAME] [--country IN] [--timezone Asia/Kolkata] [--currency INR]",
    summary: "Create a school with its built-in roles and first admin; prints it as JSON",
    options: {
      code: { type: "string" },
      name: { type: "string" },
      country: { type: "string" },
      timezone: { type: "string" },
      currency: { type: "string" },
      "admin-name": { type: "string" },
      "admin-mobile": { type: "string" },
      "admin-password": { type: "string" },
    },
    examples: ['npm run cli -- tenant create --code NOOR --name "Noor Academy" --admin-mobile +919812345678 --admin-password "Long-Walk-2026"'],
    async run({ values }, { config, print }) {
      const school = schoolSettings(values);
      const mobile = required(values, "admin-mobile");
      const password = required(values, "admin-password");
      const adminName = optional(values, "admin-name") ?? "Administrator";
      const out = await withDatabase(config, async (db) => {
        const { tenant, admin } = await provisionTenant(db, { ...school, admin: { name: adminName, mobile, password } });
        await recordChange(db, { tenantId: tenant.id, userId: null, action: "create", entity: "tenant", entityId: tenant.id, details: { via: "cli" } });
        return { ...summary(tenant), admin: { id: admin.id, name: admin.name, mobile: admin.mobile } };
      });
      print(json(out));
    },
  },
  {
    words: ["tenant", "suspend"],
    usage: "--code CODE [--reason TEXT]",
    summary: "Suspend a school: its people cannot sign in and are told the reason; open sessions stop working",
    options: { code: { type: "string" }, reason: { type: "string" } },
    examples: ['npm run cli -- tenant suspend --code NOOR --reason "Subscription unpaid"'],
    async run({ values }, { config, print }) {
      const code = required(values, "code");
      const reason = optional(values, "reason");
      print(json(summary(await withDatabase(config, (db) => setStatus(db, code, "suspended", reason)))));
    },
  },
  {
    words: ["tenant", "activate"],
    usage: "--code CODE",
    summary: "Lift a suspension",
    options: { code: { type: "string" } },
    examples: ["npm run cli -- tenant activate --code NOOR"],
    async run({ values }, { config, print }) {
      const code = required(values, "code");
      print(json(summary(await withDatabase(config, (db) => setStatus(db, code, "active", undefined)))));
    },
  },
];
