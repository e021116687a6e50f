import type { Area, PermissionMap } from "@taleem/contract";

/** Who is calling: a school user acting through one profile, or a platform admin. */
export type Principal =
  | {
      kind: "user";
      sessionId: number;
      tenantId: number;
      tenantCode: string;
      userId: number;
      profileId: number;
      roleId: number;
      roleName: string;
      area: Area;
      permissions: PermissionMap;
      /** The role reaches only the students linked to this user as guardian. */
      linkedStudentsOnly: boolean;
      language: string;
    }
  | { kind: "platform"; sessionId: number; adminId: number };

export type UserPrincipal = Extract<Principal, { kind: "user" }>;

/** Who may call a route: anyone, a signed-in school user, or a platform admin. */
export type Access = "open" | "user" | "platform";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Default "user". Public routes say "open" here, never by URL prefix. */
    access?: Access;
    /** [module, action] the caller's role must grant. */
    permission?: readonly [string, string];
    /** A GET that changes data (an import) needs the x-requested-with header too. */
    changesData?: boolean;
    /** Refused to a role limited to its linked students (see `staffOnly` on an action). */
    staffOnly?: boolean;
    /**
     * Whether the signed-in user may make this call at all, decided before the body is read: a
     * large body from someone refused is never consumed. The handler still checks what the body names.
     */
    mayCall?: (p: UserPrincipal) => boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
