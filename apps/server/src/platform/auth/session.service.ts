import type { Area, PermissionMap } from "@taleem/contract";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { tenants } from "../tenancy/tenants.table.js";
import type { Principal } from "./principal.js";
import { roles } from "./roles.table.js";
import { hashSecret, newToken } from "./secrets.js";
import { platformAdmins, sessions } from "./sessions.table.js";
import { profiles, users } from "./users.table.js";

export interface SessionPolicy {
  secretKey: string;
  idleMinutes: number;
  maxDays: number;
}

export const SESSION_COOKIE = "taleem_session";

/**
 * The session lookup every signed-in request makes, built once and prepared: building this
 * five-table join anew cost more CPU than running it.
 */
function prepareResolve(db: Db) {
  return db
    .select({
      id: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      profileId: sessions.profileId,
      platformAdminId: sessions.platformAdminId,
      adminStatus: platformAdmins.status,
      tenantCode: tenants.code,
      tenantStatus: tenants.status,
      userStatus: users.status,
      language: users.language,
      roleId: roles.id,
      roleName: roles.name,
      area: roles.area,
      permissions: roles.permissions,
      roleStatus: roles.status,
      linkedStudentsOnly: roles.linkedStudentsOnly,
    })
    .from(sessions)
    .leftJoin(platformAdmins, eq(platformAdmins.id, sessions.platformAdminId))
    .leftJoin(profiles, and(eq(profiles.tenantId, sessions.tenantId), eq(profiles.id, sessions.profileId), eq(profiles.userId, sessions.userId)))
    .leftJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
    .leftJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .leftJoin(tenants, eq(tenants.id, profiles.tenantId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
      ),
    )
    .limit(1)
    .prepare("resolve_session");
}

/** Sessions: opaque tokens stored hashed, with an idle and an absolute lifetime, revocable. */
export class SessionService {
  private readonly resolveQuery: ReturnType<typeof prepareResolve>;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {
    this.resolveQuery = prepareResolve(db);
  }

  private hash(token: string) {
    return hashSecret(token, this.policy.secretKey);
  }

  async create(owner: { tenantId: number; userId: number; profileId: number } | { platformAdminId: number }, meta: { ip?: string; userAgent?: string }) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.policy.maxDays * 86_400_000);
    const [row] = await this.db
      .insert(sessions)
      .values({ tokenHash: this.hash(token), expiresAt, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300), ...owner })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id, expiresAt };
  }

  /**
   * The principal behind a token, or null when it is unknown, revoked, idle too long, or its school is suspended.
   * One query: every request pays for this, so the session, its profile, user, role and school come back together.
   */
  async resolve(token: string): Promise<Principal | null> {
    const idleSince = new Date(Date.now() - this.policy.idleMinutes * 60_000);
    const [row] = await this.resolveQuery.execute({ tokenHash: this.hash(token), idleSince });
    if (!row) return null;
    // Renew the idle clock at most once a minute.
    if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.id));
    }
    if (row.platformAdminId) {
      return row.adminStatus === "active" ? { kind: "platform", sessionId: row.id, adminId: row.platformAdminId } : null;
    }
    if (!row.tenantId || !row.userId || !row.profileId || row.roleId === null) return null;
    if (row.tenantStatus !== "active" || row.userStatus !== "active" || row.roleStatus !== "active") return null;
    return {
      kind: "user",
      sessionId: row.id,
      tenantId: row.tenantId,
      tenantCode: row.tenantCode!,
      userId: row.userId,
      profileId: row.profileId,
      roleId: row.roleId,
      roleName: row.roleName!,
      area: row.area as Area,
      permissions: row.permissions as PermissionMap,
      linkedStudentsOnly: row.linkedStudentsOnly === true,
      language: row.language!,
    };
  }

  async setProfile(sessionId: number, profileId: number, db: Db = this.db) {
    await db.update(sessions).set({ profileId }).where(eq(sessions.id, sessionId));
  }

  async revoke(sessionId: number, db: Db = this.db) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /**
   * Signs a person out everywhere but `keepSessionId` (after a password change). Pass the
   * transaction as `db` to make it land with the change (PGlite has one connection: a query
   * outside an open transaction would wait for it).
   */
  async revokeOthers(tenantId: number, userId: number, keepSessionId?: number, db: Db = this.db) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.tenantId, tenantId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
  }
}
