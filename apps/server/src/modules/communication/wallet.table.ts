import type { LedgerKind, MessageChannel } from "@taleem/contract";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/**
 * A school's money for one channel, in its currency's minor unit (paise): `balance` is what it
 * can spend, `held` what sends not yet delivered have set aside. Money survives a data wipe.
 */
export const messagingWallets = tenantTable(
  "messaging_wallets",
  {
    channel: text().$type<MessageChannel>().notNull(),
    currency: text().notNull(),
    balance: integer().notNull().default(0),
    held: integer().notNull().default(0),
    /** Below this the school's admins are told, once until the next recharge. */
    lowBalanceAt: integer().notNull().default(10_000),
    lowNotifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("messaging_wallets_channel_key").on(t.tenantId, t.channel)],
  "keep",
);

/** Every movement of a wallet, with the balance and the held amount after it. */
export const walletLedger = tenantTable(
  "wallet_ledger",
  {
    channel: text().$type<MessageChannel>().notNull(),
    kind: text().$type<LedgerKind>().notNull(),
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    heldAfter: integer().notNull(),
    messageLogId: integer(),
    bulkSendId: integer(),
    note: text(),
    /** A recharge's payment or grant reference: the same one twice credits once. */
    reference: text(),
  },
  (t) => [uniqueIndex("wallet_ledger_reference_key").on(t.tenantId, t.reference), index("wallet_ledger_channel_idx").on(t.tenantId, t.channel, t.createdAt)],
  "keep",
);

/**
 * What one message costs, per channel, the recipient's country ("*": anywhere else) and
 * WhatsApp's category, in a currency's minor unit. A platform table: the platform sets prices.
 */
export const messagingTariffs = pgTable(
  "messaging_tariffs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    currency: text().notNull(),
    channel: text().$type<MessageChannel>().notNull(),
    country: text().notNull(),
    category: text().notNull().default("utility"),
    price: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("messaging_tariffs_key").on(t.currency, t.channel, t.country, t.category)],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(messagingWallets, family.school);
declareFamilyLink(walletLedger, family.staff);
