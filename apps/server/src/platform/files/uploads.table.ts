import { and, eq, notInArray } from "drizzle-orm";
import { index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { Db } from "../../db/db-types.js";
import { declareFamilyLink, familyLinks } from "../tenancy/family-scope.js";
import { setWipeRule, tenantTable } from "../tenancy/tenant-table.js";
import { referencedUploads, tablesAWipeKeeps } from "./upload-references.js";

/**
 * A file a school holds (a photo, a certificate), stored under DATA_DIR/uploads/<tenant>/<name>
 * with a random name. `module` is the permission key whose view action may read it; "public"
 * files (a logo) are readable by anyone.
 */
export const uploads = tenantTable(
  "uploads",
  {
    /** Random, unguessable, with the extension of its checked type. */
    name: text().notNull(),
    originalName: text().notNull(),
    type: text().notNull(),
    size: integer().notNull(),
    module: text().notNull(),
    uploadedBy: integer(),
  },
  (t) => [uniqueIndex("uploads_name_key").on(t.tenantId, t.name), index("uploads_module_idx").on(t.tenantId, t.module)],
);
export type UploadRecord = typeof uploads.$inferSelect;

/**
 * A wipe removes the school's uploads except those that the rows it keeps refer to (the logo on
 * the school's record, a file in its settings). The files of removed rows go after the wipe
 * commits (UploadStore.transaction).
 */
setWipeRule(uploads, async (tx: Db, tenantId: number) => {
  const kept = (await referencedUploads(tx, { tenantId, tables: tablesAWipeKeeps() })).get(tenantId) ?? new Set<string>();
  await tx.delete(uploads).where(and(eq(uploads.tenantId, tenantId), kept.size ? notInArray(uploads.name, [...kept]) : undefined));
});

// How the table's rows reach a family (platform/tenancy/family-scope.ts).
declareFamilyLink(uploads, familyLinks.school);
