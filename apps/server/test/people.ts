import { sql } from "drizzle-orm";
import { registeredResources } from "../src/platform/resources/serve-resource.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import { type client, PASSWORD, signIn, type TestApp, type TestTenant, uniqueMobile } from "./harness.js";

type Api = ReturnType<typeof client>;

/** The school's roles by built-in key (admin, staff, parent, muawin) and by name. */
export async function rolesOf(api: Api): Promise<Record<string, number>> {
  const res = await api.get("/admin/api/role?limit=100");
  if (res.statusCode !== 200) throw new Error(`roles: ${res.statusCode} ${res.body}`);
  const out: Record<string, number> = {};
  for (const r of res.json().rows as { id: number; name: string; builtin: string | null }[]) {
    out[r.builtin ?? r.name] = r.id;
  }
  return out;
}

/** Adds a user through the API and returns the reply's row. */
export async function addUser(api: Api, body: Record<string, unknown>) {
  const res = await api.post("/admin/api/user", { name: "Someone", mobile: uniqueMobile(), ...body });
  if (res.statusCode !== 200) throw new Error(`add user: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string; mobile: string | null; username: string | null; email: string | null; hasPassword: boolean };
}

/** A user holding `roleIds`, with the test password, signed in. */
export async function signedInUser(app: TestApp, tenant: TestTenant, api: Api, roleIds: number[], extra: Record<string, unknown> = {}) {
  const mobile = uniqueMobile();
  const user = await addUser(api, { name: "Signed In", mobile, password: PASSWORD, roleIds, ...extra });
  const session = await signIn(app, tenant.code, mobile);
  return { user, mobile, token: session.token, api: session.api };
}

/** Rows of a table for one tenant, read straight from the database (what the API cannot hide). */
export async function rowsOf(app: TestApp, table: string, tenantId: number): Promise<Record<string, unknown>[]> {
  const res = await app.services.db.execute(sql`select * from ${sql.identifier(table)} where tenant_id = ${tenantId} order by id`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A student of the school, for guardian links: through the student resource when it is served,
 * else straight into the students table when it exists, else just an id (before the students
 * module existed, a link could name any id).
 */
export async function newStudentId(app: TestApp, tenant: TestTenant, api: Api): Promise<number> {
  const resource = registeredResources().find((r) => r.definition.path === "student");
  if (resource) {
    const body = await resource.sample(new TenantScope(app.services.db, tenant.id));
    const res = await api.post(`${resource.prefix}/student`, body);
    if (res.statusCode !== 200) throw new Error(`add student: ${res.statusCode} ${res.body}`);
    return res.json().data.id;
  }
  const exists = await app.services.db.execute(sql`select to_regclass('public.students') as t`);
  if ((exists as unknown as { rows: { t: string | null }[] }).rows[0]?.t) {
    const no = `A${Math.random().toString(36).slice(2, 10)}`;
    const res = await app.services.db.execute(
      sql`insert into students (tenant_id, admission_no, name) values (${tenant.id}, ${no}, ${`Student ${no}`}) returning id`,
    );
    return Number((res as unknown as { rows: { id: number }[] }).rows[0]!.id);
  }
  return 1_000_000 + Math.floor(Math.random() * 1_000_000);
}
