import type { BulkSendResult, MessageAudience, MessageChannel } from "@taleem/contract";
import { integer, jsonb, text, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { declareFamilyLink } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";

/** One bulk send of a template: its idempotency key, what was held, and the result per recipient once done. */
export const bulkSends = tenantTable(
  "bulk_sends",
  {
    clientId: text().notNull(),
    templateId: integer().notNull(),
    channel: text().$type<MessageChannel>().notNull(),
    audience: jsonb().$type<MessageAudience>().notNull(),
    total: integer().notNull(),
    cost: integer().notNull(),
    jobId: text().notNull(),
    status: text({ enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    result: jsonb().$type<BulkSendResult>(),
    createdBy: integer(),
  },
  (t) => [uniqueIndex("bulk_sends_client_key").on(t.tenantId, t.clientId)],
);
export type BulkSendRecord = typeof bulkSends.$inferSelect;

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(bulkSends, family.staff);
