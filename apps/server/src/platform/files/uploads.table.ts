import { index, integer, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantTable } from "../tenancy/tenant-table.js";

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
