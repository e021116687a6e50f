import { getSettings, IMAGE_TYPES, PUBLIC_CONFIG_KEYS, publicSettings, updateSettings, WIPE_DONE_MESSAGE, wipeData } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withScope } from "../../platform/actions/request-context.js";
import { serveAction } from "../../platform/actions/serve-action.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { verifyPassword } from "../../platform/auth/passwords.js";
import { users } from "../../platform/auth/users.table.js";
import { requireUploads, UploadStore } from "../../platform/files/uploads.js";
import { AppError, badRequest, forbidden } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { settings } from "../../platform/tenancy/settings.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { wipeTenant } from "../../platform/tenancy/tenant-table.js";
import { type TenantRow, tenants } from "../../platform/tenancy/tenants.table.js";
import { findTenantByCode } from "../auth/identity.service.js";
import { registerSchoolPlan } from "./school-plan.routes.js";

/** Wrong wipe passwords allowed per admin and window before the call is refused for a while. */
const WIPE_MAX_FAILURES = 5;
const WIPE_WINDOW_SECONDS = 15 * 60;

const schoolOf = (t: TenantRow) => ({
  code: t.code,
  name: t.name,
  logo: t.logo,
  contactEmail: t.contactEmail,
  contactPhone: t.contactPhone,
  address: t.address,
  country: t.country,
  languages: t.languages,
  defaultLanguage: t.defaultLanguage,
});

async function load(scope: TenantScope) {
  const [row] = await scope.db.select().from(settings).where(scope.where(settings));
  const [tenant] = await scope.db.select().from(tenants).where(eq(tenants.id, scope.tenantId));
  return { row, tenant: tenant! };
}

/** Only the allow-listed keys of a school's config: what its public pages may show. */
export function publicConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(PUBLIC_CONFIG_KEYS.filter((k) => Object.hasOwn(config, k)).map((k) => [k, config[k]]));
}

export function registerSettingsModule(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);
  registerSchoolPlan(app, services);

  serveAction(app, getSettings, async (ctx) => {
    const { row, tenant } = await load(ctx.scope);
    return { message: "Settings fetched successfully", config: row?.config ?? {}, profile: row?.profile ?? "", school: schoolOf(tenant) };
  });

  serveAction(app, updateSettings, async (ctx, { body }) => {
    const { config, profile, school } = body;
    const { scope } = ctx;
    const { row: existing, tenant } = await load(scope);
    if (school?.logo) await requireUploads(scope, [school.logo], { types: IMAGE_TYPES, field: "school.logo" });
    const merged: Record<string, unknown> = { ...(existing?.config ?? {}), ...(config ?? {}) };
    for (const [k, v] of Object.entries(merged)) if (v === null) delete merged[k];
    const next = { config: merged, profile: profile ?? existing?.profile ?? "" };
    const row = existing ? await scope.update(settings, existing.id, next) : await scope.insert(settings, next);
    let nextTenant: TenantRow | undefined = tenant;
    if (school && Object.keys(school).length) {
      const languages = school.languages ?? tenant.languages;
      const defaultLanguage = school.defaultLanguage ?? tenant.defaultLanguage;
      if (!languages.includes(defaultLanguage)) {
        throw badRequest("settings.default_language", "The default language must be one of the school's languages.", { field: "school.defaultLanguage" });
      }
      [nextTenant] = await scope.db
        .update(tenants)
        .set({ ...school, languages: [...new Set(languages)], defaultLanguage })
        .where(eq(tenants.id, scope.tenantId))
        .returning();
    }
    await ctx.audit({
      action: "update",
      entity: "settings",
      entityId: row.id,
      before: { ...existing, school: schoolOf(tenant) },
      after: { ...row, school: schoolOf(nextTenant!) },
    });
    return { message: "Settings updated successfully", config: row.config, profile: row.profile, school: schoolOf(nextTenant!) };
  });

  serveAction(app, publicSettings, async (ctx, { params }) => {
    const tenant = await findTenantByCode(ctx.db, params.code);
    const [row] = await ctx.db.select({ config: settings.config }).from(settings).where(eq(settings.tenantId, tenant.id)).limit(1);
    return {
      message: "Settings fetched successfully",
      code: tenant.code,
      name: tenant.name,
      logo: tenant.logo,
      country: tenant.country,
      currency: tenant.currency,
      languages: tenant.languages,
      defaultLanguage: tenant.defaultLanguage,
      config: publicConfig(row?.config ?? {}),
    };
  });

  // The wiped uploads' files go once the wipe has committed (a failed wipe leaves every file),
  // so the wipe opens its own transaction rather than running in the request's.
  serveAction(
    app,
    wipeData,
    async (ctx, { body }) => {
      const p = ctx.principal;
      if (p.area !== "admin") throw forbidden(homeOf(p));
      const key = `wipe:${p.tenantId}:${p.userId}`;
      if ((await services.attempts.count(key)) >= WIPE_MAX_FAILURES) {
        throw new AppError(429, "wipe.locked", "Too many wrong passwords. Try again in 15 minutes.", undefined, {
          error_message: "Too many wrong passwords. Try again in 15 minutes.",
        });
      }
      const me = await ctx.scope.find(users, p.userId, "User");
      if (!(await verifyPassword(me.passwordHash, body.password, ctx.ip))) {
        await services.attempts.hit(key, WIPE_WINDOW_SECONDS);
        throw new AppError(400, "wipe.password", "Incorrect password", { field: "password" }, { error_message: "Incorrect password" });
      }
      await services.attempts.reset(key);
      const { failed } = await store.transaction(ctx.scope, async (scope) => {
        const wiped = await wipeTenant(scope.db, scope.tenantId);
        await withScope(ctx, scope).audit({ action: "wipe-data", entity: "tenant", entityId: scope.tenantId, details: { tables: wiped } });
      });
      if (failed.length)
        ctx.req.log.warn({ tenantId: p.tenantId, files: failed.length }, "wipe-data: some files could not be removed; the uploads sweep will retry");
      return { message: WIPE_DONE_MESSAGE };
    },
    { transaction: false },
  );
}
