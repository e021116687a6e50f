import type { LedgerKind, MessageChannel, WalletBalance } from "@taleem/contract";
import { MESSAGE_CHANNELS } from "@taleem/contract";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles, users } from "../../platform/auth/users.table.js";
import { conflict } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import type { MessageLogRecord } from "./message-logs.table.js";
import { type NotifyContext, sendNotification } from "./notifications.service.js";
import { messagingTariffs, messagingWallets, walletLedger } from "./wallet.table.js";

type Wallet = typeof messagingWallets.$inferSelect;

/**
 * The platform's starting prices per message, in each currency's minor unit: WhatsApp by Meta's
 * rate card for the recipient's country and the template's category (utility by default), SMS
 * by a typical Indian gateway's DLT rate, e-mail free. "*" is every other country.
 */
const DEFAULT_TARIFFS: { currency: string; channel: MessageChannel; country: string; category: string; price: number }[] = [
  { currency: "INR", channel: "whatsapp", country: "IN", category: "utility", price: 13 },
  { currency: "INR", channel: "whatsapp", country: "IN", category: "marketing", price: 94 },
  { currency: "INR", channel: "whatsapp", country: "IN", category: "authentication", price: 13 },
  { currency: "INR", channel: "whatsapp", country: "*", category: "utility", price: 150 },
  { currency: "INR", channel: "sms", country: "IN", category: "utility", price: 25 },
  { currency: "INR", channel: "sms", country: "*", category: "utility", price: 600 },
  { currency: "INR", channel: "email", country: "*", category: "utility", price: 0 },
  { currency: "PKR", channel: "whatsapp", country: "PK", category: "utility", price: 150 },
  { currency: "PKR", channel: "whatsapp", country: "*", category: "utility", price: 500 },
  { currency: "PKR", channel: "sms", country: "PK", category: "utility", price: 100 },
  { currency: "PKR", channel: "sms", country: "*", category: "utility", price: 1500 },
  { currency: "PKR", channel: "email", country: "*", category: "utility", price: 0 },
  { currency: "AED", channel: "whatsapp", country: "AE", category: "utility", price: 6 },
  { currency: "AED", channel: "whatsapp", country: "*", category: "utility", price: 8 },
  { currency: "AED", channel: "sms", country: "AE", category: "utility", price: 25 },
  { currency: "AED", channel: "sms", country: "*", category: "utility", price: 30 },
  { currency: "AED", channel: "email", country: "*", category: "utility", price: 0 },
  { currency: "USD", channel: "whatsapp", country: "*", category: "utility", price: 2 },
  { currency: "USD", channel: "sms", country: "*", category: "utility", price: 5 },
  { currency: "USD", channel: "email", country: "*", category: "utility", price: 0 },
];

const seeded = new WeakSet<object>();

/** Gives the platform table its default prices once per database (the platform's edits are kept). */
async function ensureTariffs(db: Db) {
  if (seeded.has(db)) return;
  await db.insert(messagingTariffs).values(DEFAULT_TARIFFS).onConflictDoNothing();
  seeded.add(db);
}

export type Tariffs = (channel: MessageChannel, country: string | undefined) => number;

/**
 * The price list for a school's currency and one channel, as a function of the recipient's
 * country: that country's price, else the "*" one. 409 when the platform has no price at all.
 */
export async function tariffsFor(scope: TenantScope, currency: string, channel: MessageChannel, category = "utility"): Promise<Tariffs> {
  await ensureTariffs(scope.db);
  const rows = await scope.db
    .select()
    .from(messagingTariffs)
    .where(and(eq(messagingTariffs.currency, currency), eq(messagingTariffs.channel, channel), inArray(messagingTariffs.category, [category, "utility"])));
  const price = (country: string) => rows.find((r) => r.country === country && r.category === category) ?? rows.find((r) => r.country === country);
  const fallback = price("*");
  if (!rows.length || !fallback) {
    throw conflict("wallet.no_tariff", `There is no ${channel} price in ${currency} yet; ask the platform to set one.`, {
      channel,
      currency,
      field: "channel",
    });
  }
  return (_channel, country) => (country ? (price(country) ?? fallback) : fallback).price;
}

export async function tariffList(scope: TenantScope, currency: string) {
  await ensureTariffs(scope.db);
  return scope.db.select().from(messagingTariffs).where(eq(messagingTariffs.currency, currency)).orderBy(messagingTariffs.channel, messagingTariffs.country);
}

/** The school's wallet for a channel, made empty in the school's currency the first time; locked for update when asked. */
export async function walletOf(scope: TenantScope, channel: MessageChannel, lock = false): Promise<Wallet> {
  const find = () => {
    const q = scope.db
      .select()
      .from(messagingWallets)
      .where(scope.where(messagingWallets, eq(messagingWallets.channel, channel)));
    return lock ? q.for("update") : q;
  };
  const [found] = await find();
  if (found) return found;
  const tenant = await tenantOf(scope);
  // E-mail costs nothing, so its wallet is never low.
  await scope.db
    .insert(messagingWallets)
    .values({ tenantId: scope.tenantId, channel, currency: tenant.currency, lowBalanceAt: channel === "email" ? 0 : 10_000 })
    .onConflictDoNothing();
  const [made] = await find();
  return made!;
}

export const presentWallet = (w: Wallet): WalletBalance => ({
  channel: w.channel,
  currency: w.currency,
  balance: w.balance,
  held: w.held,
  lowBalance: w.balance < w.lowBalanceAt,
});

export async function wallets(scope: TenantScope): Promise<WalletBalance[]> {
  const out: WalletBalance[] = [];
  for (const channel of MESSAGE_CHANNELS) out.push(presentWallet(await walletOf(scope, channel)));
  return out;
}

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

async function ledger(scope: TenantScope, w: Wallet, kind: LedgerKind, amount: number, more: Partial<typeof walletLedger.$inferInsert> = {}) {
  await scope.db.insert(walletLedger).values({
    tenantId: scope.tenantId,
    channel: w.channel,
    kind,
    amount,
    balanceAfter: w.balance,
    heldAfter: w.held,
    ...more,
  });
}

/**
 * Locks the school's wallets, in one order, before a transaction settles several messages: two
 * such transactions (a webhook's batch, a send's chunk) then never hold each other's rows crosswise.
 */
export async function lockWallets(scope: TenantScope) {
  await scope.db
    .select({ id: messagingWallets.id })
    .from(messagingWallets)
    .where(scope.where(messagingWallets))
    .orderBy(messagingWallets.channel)
    .for("update");
}

/**
 * Sets `amount` aside for a send, or refuses it (409 naming the balance and the cost) before
 * anything goes out. In the caller's transaction, with the wallet row locked, so two sends cannot
 * both spend the same money. Tells the school's admins once when the balance falls below its mark.
 */
export async function holdFor(
  services: Services,
  ctx: NotifyContext,
  channel: MessageChannel,
  amount: number,
  ref: { bulkSendId?: number; messageLogId?: number; note: string },
): Promise<Wallet> {
  const scope = ctx.scope;
  const w = await walletOf(scope, channel, true);
  if (amount === 0) return w;
  if (w.balance < amount) {
    throw conflict(
      "wallet.insufficient",
      `The ${channel} balance (${money(w.balance, w.currency)}) cannot cover this send (${money(amount, w.currency)}). Recharge the wallet or send to fewer people.`,
      {
        field: "channel",
        channel,
        balance: w.balance,
        cost: amount,
        currency: w.currency,
        balanceText: money(w.balance, w.currency),
        costText: money(amount, w.currency),
      },
    );
  }
  const low = w.balance - amount < w.lowBalanceAt && !w.lowNotifiedAt;
  const [after] = await scope.db
    .update(messagingWallets)
    .set({
      balance: sql`${messagingWallets.balance} - ${amount}`,
      held: sql`${messagingWallets.held} + ${amount}`,
      ...(low ? { lowNotifiedAt: new Date() } : {}),
    })
    .where(scope.where(messagingWallets, eq(messagingWallets.id, w.id)))
    .returning();
  await ledger(scope, after!, "hold", -amount, { bulkSendId: ref.bulkSendId ?? null, messageLogId: ref.messageLogId ?? null, note: ref.note });
  if (low) await tellAdminsLow(services, ctx, after!);
  return after!;
}

/**
 * Turns a message's hold into a debit (delivered) or gives it back (failed, or nothing went out).
 * Once per message: the log's `charge` says whether its hold is still open.
 */
export async function settle(scope: TenantScope, log: MessageLogRecord, outcome: "debit" | "release"): Promise<MessageLogRecord["charge"]> {
  if (log.charge !== "held") return log.charge;
  const charge = outcome === "debit" ? "debited" : "released";
  if (log.cost === 0) return charge;
  const [after] = await scope.db
    .update(messagingWallets)
    .set(
      outcome === "debit"
        ? { held: sql`${messagingWallets.held} - ${log.cost}` }
        : { held: sql`${messagingWallets.held} - ${log.cost}`, balance: sql`${messagingWallets.balance} + ${log.cost}` },
    )
    .where(scope.where(messagingWallets, eq(messagingWallets.channel, log.channel)))
    .returning();
  await ledger(scope, after!, outcome, outcome === "debit" ? 0 : log.cost, { messageLogId: log.id, bulkSendId: log.bulkSendId });
  return charge;
}

/**
 * Credits a wallet (a recharge verified elsewhere, or a grant): one ledger row; the same
 * reference again credits nothing. Re-arms the low-balance notice.
 */
export async function creditWallet(scope: TenantScope, channel: MessageChannel, amount: number, note: string, reference: string) {
  const w = await walletOf(scope, channel, true);
  const [seen] = await scope.db
    .select({ id: walletLedger.id })
    .from(walletLedger)
    .where(scope.where(walletLedger, eq(walletLedger.reference, reference)));
  if (seen) return { wallet: w, repeated: true };
  const [after] = await scope.db
    .update(messagingWallets)
    .set({ balance: sql`${messagingWallets.balance} + ${amount}`, lowNotifiedAt: null })
    .where(scope.where(messagingWallets, eq(messagingWallets.id, w.id)))
    .returning();
  await ledger(scope, after!, "recharge", amount, { note, reference });
  return { wallet: after!, repeated: false };
}

export async function ledgerPage(scope: TenantScope, channel: MessageChannel | undefined, page: number, limit: number) {
  const where = scope.where(walletLedger, channel ? eq(walletLedger.channel, channel) : undefined);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(walletLedger)
      .where(where)
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    scope.db.select({ n: count() }).from(walletLedger).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The school's admins: holders of the built-in Admin role. */
async function adminIds(scope: TenantScope): Promise<number[]> {
  const rows = await scope.db
    .selectDistinct({ id: users.id })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
    .where(scope.where(profiles, eq(roles.builtin, "admin"), eq(users.status, "active")));
  return rows.map((r) => r.id);
}

const LOW_TEXT: Record<string, (channel: string, amount: string) => { title: string; body: string }> = {
  en: (c, a) => ({ title: "Messaging balance is low", body: `The ${c} wallet has ${a} left. Recharge it so messages keep going out.` }),
  ta: (c, a) => ({ title: "செய்தி இருப்பு குறைவாக உள்ளது", body: `${c} பணப்பையில் ${a} மட்டுமே உள்ளது. செய்திகள் தொடர்ந்து செல்ல மீண்டும் நிரப்பவும்.` }),
  ur: (c, a) => ({ title: "پیغامات کا بیلنس کم ہے", body: `${c} والیٹ میں ${a} باقی ہیں۔ پیغامات جاری رکھنے کے لیے اسے ری چارج کریں۔` }),
  ar: (c, a) => ({ title: "رصيد الرسائل منخفض", body: `تبقى ${a} في محفظة ${c}. أعيدوا شحنها لتستمر الرسائل في الإرسال.` }),
  ml: (c, a) => ({ title: "സന്ദേശ ബാലൻസ് കുറവാണ്", body: `${c} വാലറ്റിൽ ${a} മാത്രം ബാക്കി. സന്ദേശങ്ങൾ തുടരാൻ റീചാർജ് ചെയ്യുക.` }),
};

async function tellAdminsLow(services: Services, ctx: NotifyContext, w: Wallet) {
  const amount = money(w.balance, w.currency);
  const channel = w.channel === "whatsapp" ? "WhatsApp" : w.channel === "sms" ? "SMS" : "e-mail";
  await sendNotification(services, ctx, {
    userIds: await adminIds(ctx.scope),
    kind: "system",
    link: "/admin/messaging-wallet",
    text: (language) => (LOW_TEXT[language] ?? LOW_TEXT.en!)(channel, amount),
  });
}
