import { and, eq, isNull, ne } from "drizzle-orm";
import { sessions } from "../../platform/auth/sessions.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

/**
 * Signs a person out everywhere (but `keepSessionId`), in the caller's transaction: it lands with
 * the change that asks for it, and on PGlite a query outside an open transaction would wait for it.
 */
export async function revokeSessions(scope: TenantScope, userId: number, keepSessionId?: number) {
  await scope.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tenantId, scope.tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}
