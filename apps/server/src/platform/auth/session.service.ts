import type { Area, PermissionMap } from "@taleem/contract";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
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

/** Sessions: opaque tokens stored hashed, with an idle and an absolute lifetime, revocable. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

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

  /** The principal behind a token, or null when it is unknown, revoked, idle too long, or its school is suspended. */
  async resolve(token: string): Promise<Principal | null> {
    const idleSince = new Date(Date.now() - this.policy.idleMinutes * 60_000);
    const [s] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, this.hash(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleSince)))
      .limit(1);
    if (!s) return null;
    // Renew the idle clock at most once a minute.
    if (Date.now() - s.lastSeenAt.getTime() > 60_000) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, s.id));
    }
    if (s.platformAdminId) {
      const [a] = await this.db
        .select({ id: platformAdmins.id })
        .from(platformAdmins)
        .where(and(eq(platformAdmins.id, s.platformAdminId), eq(platformAdmins.status, "active")));
      return a ? { kind: "platform", sessionId: s.id, adminId: a.id } : null;
    }
    if (!s.tenantId || !s.userId || !s.profileId) return null;
    const [row] = await this.db
      .select({
        tenantCode: tenants.code,
        tenantStatus: tenants.status,
        userStatus: users.status,
        language: users.language,
        roleId: roles.id,
        roleName: roles.name,
        area: roles.area,
        permissions: roles.permissions,
        roleStatus: roles.status,
      })
      .from(profiles)
      .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
      .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
      .innerJoin(tenants, eq(tenants.id, profiles.tenantId))
      .where(and(eq(profiles.tenantId, s.tenantId), eq(profiles.id, s.profileId), eq(profiles.userId, s.userId)))
      .limit(1);
    if (row?.tenantStatus !== "active" || row.userStatus !== "active" || row.roleStatus !== "active") return null;
    return {
      kind: "user",
      sessionId: s.id,
      tenantId: s.tenantId,
      tenantCode: row.tenantCode,
      userId: s.userId,
      profileId: s.profileId,
      roleId: row.roleId,
      roleName: row.roleName,
      area: row.area as Area,
      permissions: row.permissions as PermissionMap,
      language: row.language,
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
