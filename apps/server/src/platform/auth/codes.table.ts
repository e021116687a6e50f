import { index, integer, text, timestamp } from "drizzle-orm/pg-core";
import { declareFamilyLink, familyLinks } from "../tenancy/family-scope.js";
import { tenantTable } from "../tenancy/tenant-table.js";

/** One-time codes sent by SMS: hashed, single use, bound to a purpose. */
export const oneTimeCodes = tenantTable(
  "one_time_codes",
  {
    mobile: text().notNull(),
    purpose: text({ enum: ["login", "reset", "two-factor", "switch-profile", "admission"] }).notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("one_time_codes_mobile_idx").on(t.tenantId, t.mobile, t.createdAt)],
);

/** Link tokens sent by e-mail (password reset, address verification): hashed, single use. */
export const linkTokens = tenantTable(
  "link_tokens",
  {
    userId: integer().notNull(),
    purpose: text({ enum: ["reset-password", "verify-email"] }).notNull(),
    email: text(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("link_tokens_hash_idx").on(t.tokenHash)],
);

// How each table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(oneTimeCodes, familyLinks.school);
declareFamilyLink(linkTokens, familyLinks.user(linkTokens.userId));
