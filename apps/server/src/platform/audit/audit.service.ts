import type { Db } from "../../db/db-types.js";
import { auditLog } from "./audit.tables.js";

const SECRET_FIELDS = new Set(["passwordHash", "password", "codeHash", "tokenHash", "pushTargets"]);

/** What changed between two versions of a row, secrets left out. */
export function diff(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) {
  const out: Record<string, { from?: unknown; to?: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (k === "updatedAt" || k === "createdAt" || k === "tenantId") continue;
    const a = before?.[k];
    const b = after?.[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[k] = SECRET_FIELDS.has(k) ? { to: "(changed)" } : { from: a, to: b };
  }
  return out;
}

export interface AuditEntry {
  tenantId: number | null;
  userId: number | null;
  action: string;
  entity: string;
  entityId?: number | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Writes one change, in the caller's transaction so it lands with the change or not at all. */
export async function recordChange(db: Db, e: AuditEntry): Promise<void> {
  const changes = e.before || e.after ? diff(e.before, e.after) : e.details;
  await db.insert(auditLog).values({
    tenantId: e.tenantId,
    userId: e.userId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    changes: changes ?? null,
    ip: e.ip,
  });
}
