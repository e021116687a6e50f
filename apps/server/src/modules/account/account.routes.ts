import { AuthUser } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../../platform/auth/auth.plugin.js";
import { users } from "../../platform/auth/users.table.js";
import { notFound } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { authUser, chooseProfile, profilesOf } from "../auth/identity.service.js";

/** A person's own account: profile, language, password, profile switch, push registration. */
export function registerAccountModule(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function me(tenantId: number, userId: number, profileId: number) {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    const all = await profilesOf(db, tenantId, userId);
    const profile = chooseProfile(all, profileId);
    if (!tenant || !user || !profile) throw notFound("User");
    return authUser(tenant, user, profile, all);
  }

  r.get("/user/api/user", {
    schema: { tags: ["account"], summary: "The signed-in person's own profile", response: { 200: z.object({ message: z.string(), data: AuthUser }) } },
    handler: async (req) => {
      const p = userOf(req);
      return { message: "Profile fetched successfully", data: await me(p.tenantId, p.userId, p.profileId) };
    },
  });
}
