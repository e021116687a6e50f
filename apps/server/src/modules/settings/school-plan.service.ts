import { addDays, type MessageChannel } from "@taleem/contract";
import { and, asc, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { uploads } from "../../platform/files/uploads.table.js";
import { planFeatures, planPrices, plans, tenantPlans } from "../../platform/payments/payments.table.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tariffList, wallets } from "../communication/wallet.service.js";
import { planUsage } from "./plan-usage.service.js";

/** The limits a plan may set, each beside what the school uses; a null limit is unlimited. */
export const LIMIT_KEYS = ["students", "staff", "storageMb"] as const;
type LimitKey = (typeof LIMIT_KEYS)[number];

interface DefaultPlan {
  code: string;
  name: string;
  description: string;
  trialDays: number;
  limits: Record<LimitKey, number | null>;
  features: { key: string; label: string }[];
  /** Minor units per month and per year, by currency. */
  prices: Record<string, [monthly: number, yearly: number]>;
}

const LIMIT_LABELS: Record<LimitKey, string> = { students: "Students", staff: "Staff", storageMb: "Storage (MB)" };
const CORE = [
  { key: "students", label: "Students and guardians" },
  { key: "attendance", label: "Attendance" },
  { key: "hifz", label: "Hifz and recitation" },
  { key: "fees", label: "Fees and receipts" },
  { key: "communication", label: "Notifications and messages" },
];
const STANDARD = [
  ...CORE,
  { key: "exams", label: "Exams and report cards" },
  { key: "admissions", label: "Online admissions" },
  { key: "onlinePayments", label: "Online fee payments" },
];
const PLUS = [...STANDARD, { key: "reports", label: "Reports and analysis" }, { key: "prioritySupport", label: "Priority support" }];

/**
 * The platform's starting plans (its reference data, like the messaging tariffs): a small
 * madrasa's, a school's, and a large one's, priced in rupees, Pakistani rupees and dirhams.
 */
const DEFAULT_PLANS: DefaultPlan[] = [
  {
    code: "starter",
    name: "Starter",
    description: "For a madrasa or hifz centre starting out",
    trialDays: 30,
    limits: { students: 100, staff: 10, storageMb: 1024 },
    features: CORE,
    prices: { INR: [49_900, 499_000], PKR: [150_000, 1_500_000], AED: [9_900, 99_000] },
  },
  {
    code: "standard",
    name: "Standard",
    description: "For a school with classes, exams and admissions",
    trialDays: 30,
    limits: { students: 500, staff: 40, storageMb: 10_240 },
    features: STANDARD,
    prices: { INR: [149_900, 1_499_000], PKR: [450_000, 4_500_000], AED: [29_900, 299_000] },
  },
  {
    code: "plus",
    name: "Plus",
    description: "For large schools and groups of centres",
    trialDays: 30,
    limits: { students: null, staff: null, storageMb: 51_200 },
    features: PLUS,
    prices: { INR: [299_900, 2_999_000], PKR: [900_000, 9_000_000], AED: [59_900, 599_000] },
  },
];
/** The plan a new school tries first: the middle one, so a school of a few hundred tries it as it would run. */
const TRIAL_PLAN = "standard";

const seeded = new WeakSet<object>();

/** Gives the platform's plan tables their default plans once per database (the platform's edits are kept). */
export async function ensurePlans(db: Db) {
  if (seeded.has(db)) return;
  await db
    .insert(plans)
    .values(DEFAULT_PLANS.map(({ code, name, description, trialDays }) => ({ code, name, description, trialDays })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: plans.id, code: plans.code })
    .from(plans)
    .where(
      inArray(
        plans.code,
        DEFAULT_PLANS.map((p) => p.code),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const features = DEFAULT_PLANS.flatMap((p) => [
    ...LIMIT_KEYS.map((key) => ({ planId: idOf.get(p.code)!, key, label: LIMIT_LABELS[key], limit: p.limits[key] })),
    ...p.features.map((f) => ({ planId: idOf.get(p.code)!, key: f.key, label: f.label, limit: null })),
  ]);
  const prices = DEFAULT_PLANS.flatMap((p) =>
    Object.entries(p.prices).flatMap(([currency, [monthly, yearly]]) => [
      { planId: idOf.get(p.code)!, currency, period: "monthly" as const, amount: monthly },
      { planId: idOf.get(p.code)!, currency, period: "yearly" as const, amount: yearly },
    ]),
  );
  await db.insert(planFeatures).values(features).onConflictDoNothing();
  await db.insert(planPrices).values(prices).onConflictDoNothing();
  seeded.add(db);
}

/** The school's subscription, made on first read for a school that has none: the trial of the starting plan from today. */
export async function subscriptionOf(scope: TenantScope) {
  await ensurePlans(scope.db);
  const find = async () => (await scope.db.select().from(tenantPlans).where(eq(tenantPlans.tenantId, scope.tenantId)))[0];
  const found = await find();
  if (found) return found;
  const [trial] = await scope.db
    .select()
    .from(plans)
    .where(eq(sql`lower(${plans.code})`, TRIAL_PLAN));
  if (!trial) return undefined;
  const today = await schoolToday(scope);
  await scope.db
    .insert(tenantPlans)
    .values({ tenantId: scope.tenantId, planId: trial.id, status: "trial", startedOn: today, renewsOn: addDays(today, trial.trialDays) })
    .onConflictDoNothing();
  return find();
}

/** What the school uses of each limit: active students, people on staff (every role not limited to linked students), stored megabytes. */
async function usage(scope: TenantScope): Promise<Record<LimitKey, number>> {
  const [students, staff, storage] = await Promise.all([
    planUsage(scope, "students"),
    scope.db
      .select({ n: countDistinct(profiles.userId) })
      .from(profiles)
      .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
      .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
      .where(scope.where(profiles, eq(roles.linkedStudentsOnly, false), eq(users.status, "active"))),
    scope.db
      .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`.mapWith(Number) })
      .from(uploads)
      .where(scope.where(uploads)),
  ]);
  return { students, staff: staff[0]?.n ?? 0, storageMb: Math.ceil((storage[0]?.bytes ?? 0) / (1024 * 1024)) };
}

/** The school's plan: its features, its limits beside what is used, its prices in the school's currency, its dates, its messaging wallets. */
export async function schoolPlan(scope: TenantScope) {
  const [subscription, tenant, today, used, balances] = await Promise.all([
    subscriptionOf(scope),
    tenantOf(scope),
    schoolToday(scope),
    usage(scope),
    wallets(scope),
  ]);
  const walletsOut = balances.map((w) => ({ channel: w.channel as MessageChannel, balance: w.balance, held: w.held, currency: w.currency }));
  if (!subscription) {
    return { plan: null, status: "none" as const, startedOn: null, renewsOn: null, prices: [], limits: [], features: [], wallets: walletsOut };
  }
  const [plan] = await scope.db.select().from(plans).where(eq(plans.id, subscription.planId));
  const [features, allPrices] = await Promise.all([
    scope.db.select().from(planFeatures).where(eq(planFeatures.planId, subscription.planId)).orderBy(asc(planFeatures.id)),
    scope.db.select().from(planPrices).where(eq(planPrices.planId, subscription.planId)).orderBy(asc(planPrices.currency), asc(planPrices.period)),
  ]);
  const own = allPrices.filter((p) => p.currency === tenant.currency);
  const isLimit = (key: string): key is LimitKey => (LIMIT_KEYS as readonly string[]).includes(key);
  // A trial or a paid period past its renewal date reads as expired until it is renewed.
  const lapsed = subscription.renewsOn !== null && subscription.renewsOn < today;
  return {
    plan: plan ? { id: plan.id, code: plan.code, name: plan.name, description: plan.description } : null,
    status: lapsed ? ("expired" as const) : subscription.status,
    startedOn: subscription.startedOn,
    renewsOn: subscription.renewsOn,
    prices: (own.length ? own : allPrices).map((p) => ({ currency: p.currency, period: p.period, amount: p.amount })),
    limits: features.filter((f) => isLimit(f.key)).map((f) => ({ key: f.key, label: f.label, limit: f.limit, used: used[f.key as LimitKey] })),
    features: features.filter((f) => !isLimit(f.key)).map((f) => ({ key: f.key, label: f.label })),
    wallets: walletsOut,
  };
}

/** What a WhatsApp message costs this school, per category and country, in its currency ("*" is every other country). */
export async function whatsappTariffs(scope: TenantScope) {
  const tenant = await tenantOf(scope);
  const rows = await tariffList(scope, tenant.currency);
  return rows.filter((r) => r.channel === "whatsapp").map((r) => ({ category: r.category, country: r.country, price: r.price, currency: r.currency }));
}
