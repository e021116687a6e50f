import type { AnyAction } from "@taleem/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type RegisteredAction, registeredActions } from "../src/platform/actions/serve-action.js";
import { type RegisteredResource, registeredResources } from "../src/platform/resources/serve-resource.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { newTenant, signIn, type TestApp, testApp, uniqueCode } from "./harness.js";
import { signedInUser } from "./people.js";

/**
 * Isolation for every declared action, found at run time: a module's calls are covered by
 * declaring them, without a test of their own. Three probes:
 * - a parent-area caller whose role grants nothing is refused (403) every call that needs a permission;
 * - a call naming another school's row (its path's `:id`, or the action's own `sample`) answers 404
 *   to this school and not 404 to the row's own school;
 * - a public call with an unknown school code answers 404.
 */

const app: TestApp = await testApp();
const actions = registeredActions();
const resources = registeredResources();

type Api = Awaited<ReturnType<typeof signIn>>["api"];
const call = (api: Api, method: string, url: string, body?: unknown) =>
  method === "GET" ? api.get(url) : method === "DELETE" ? api.delete(url, body) : method === "POST" ? api.post(url, body) : api.put(url, body);

const fill = (path: string, params: Record<string, unknown>) => path.replace(/:([A-Za-z]+)/g, (_m, k: string) => encodeURIComponent(String(params[k])));
const shapeKeys = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** The resource whose row a path's `:id` names: the first path segment that is a served resource's. */
function resourceOfPath(action: AnyAction): RegisteredResource | undefined {
  if (!action.path.includes(":id")) return undefined;
  const segments = action.path.split("/");
  return segments.map((s) => resources.find((r) => r.definition.path === s)).find(Boolean);
}

/** A valid call of `action` naming a row made in `scope`'s school, or undefined when none can be made. */
async function sampleCall(entry: RegisteredAction, scope: TenantScope, api: Api) {
  const { action } = entry;
  if (entry.sample) {
    const s = (await entry.sample(scope)) as { params?: Record<string, unknown>; query?: Record<string, string>; body?: unknown };
    const qs = s.query ? `?${new URLSearchParams(s.query)}` : "";
    return { url: fill(action.path, s.params ?? {}) + qs, body: s.body };
  }
  const resource = resourceOfPath(action);
  const params = shapeKeys(action.params);
  if (!resource || params.length !== 1 || action.body) return undefined;
  const made = await api.post(`${resource.prefix}/${resource.definition.path}`, await resource.sample(scope));
  if (made.statusCode !== 200) throw new Error(`${action.path}: sample ${resource.definition.path}: ${made.body}`);
  return { url: fill(action.path, { id: made.json().data.id }), body: undefined };
}

describe("tenant isolation of every declared action", () => {
  let a: { id: number; api: Api; visitor: Api };
  let b: { id: number; api: Api };

  beforeAll(async () => {
    const ta = await newTenant(app);
    const tb = await newTenant(app);
    const aApi = (await signIn(app, ta.code, ta.admin.mobile)).api;
    // A parent-area role that grants nothing: every call needing a permission must refuse it.
    const role = await aApi.post("/admin/api/role", { name: "Visitor", area: "parent", permissions: {} });
    expect(role.statusCode, role.body).toBe(200);
    const visitor = await signedInUser(app, ta, aApi, [role.json().data.id]);
    a = { id: ta.id, api: aApi, visitor: visitor.api };
    b = { id: tb.id, api: (await signIn(app, tb.code, tb.admin.mobile)).api };
  });

  it("declares every call at most once and reports how many it probes", () => {
    const keys = actions.map((e) => `${e.action.method} ${e.action.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const byId = actions.filter((e) => e.sample || (resourceOfPath(e.action) && !e.action.body && shapeKeys(e.action.params).length === 1));
    console.info(
      `isolation suite covers ${actions.length} declared actions and ${resources.length} resources (${resources.length * 4} routes); ` +
        `${actions.filter((e) => e.action.permission).length} probed for 403, ${byId.length} with another school's row, ` +
        `${actions.filter((e) => e.action.access === "open" && e.action.path.includes(":code")).length} public calls with an unknown code`,
    );
    expect(actions.length).toBeGreaterThan(0);
  });

  const permissioned = actions.filter((e) => e.action.access === "user" && e.action.permission);
  it.each(permissioned.map((e) => [`${e.action.method} ${e.action.path}`, e] as const))(
    "%s refuses a parent-area caller without the permission",
    async (_name, e) => {
      const url = fill(e.action.path, new Proxy({}, { get: () => 1 }));
      const res = await call(a.visitor, e.action.method, url, {});
      expect(res.statusCode, res.body).toBe(403);
    },
  );

  const byRow = actions.filter(
    (e) => e.action.access === "user" && (e.sample || (resourceOfPath(e.action) && !e.action.body && shapeKeys(e.action.params).length === 1)),
  );
  it.each(byRow.map((e) => [`${e.action.method} ${e.action.path}`, e] as const))("%s answers 404 for another school's row", async (_name, e) => {
    const made = await sampleCall(e, new TenantScope(app.services.db, b.id), b.api);
    if (!made) throw new Error("no sample");
    const theirs = await call(a.api, e.action.method, made.url, made.body);
    expect(theirs.statusCode, `${made.url}: ${theirs.body}`).toBe(404);
    // The same call is not a 404 for the row's own school: the probe named a real row.
    const own = await call(b.api, e.action.method, made.url, made.body);
    expect(own.statusCode, `${made.url}: ${own.body}`).not.toBe(404);
  });

  const publicByCode = actions.filter((e) => e.action.access === "open" && e.action.path.includes(":code"));
  it.each(publicByCode.map((e) => [`${e.action.method} ${e.action.path}`, e] as const))("%s answers 404 for an unknown school code", async (_name, e) => {
    const url = fill(e.action.path, new Proxy({}, { get: (_t, k) => (k === "code" ? uniqueCode("NONE") : "x".repeat(43)) }));
    const res = await call(a.api, e.action.method, url, {});
    expect([404, 400], res.body).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().params?.fields ?? [], res.body).not.toContain("code");
  });
});
