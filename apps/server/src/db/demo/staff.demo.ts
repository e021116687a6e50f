import { STAFF } from "./demo-plan.js";
import { type DemoSchool, userId, userIdsByMobile } from "./demo-school.js";

/**
 * The built-in roles' ids, and the teachers (with the demo teacher as "teacher"), all but the last
 * of them marked in today by the office, so the dashboard's "staff in today" has someone in it.
 */
export async function staffDemo({ api, ids, accounts }: DemoSchool): Promise<void> {
  const roles = await api.get<{ rows: { id: number; builtin: string | null }[] }>("/admin/api/role", { limit: 100 });
  for (const r of roles.rows) if (r.builtin) ids.set("role", r.builtin, r.id);
  // One import for all of them; they sign in with a one-time code and choose a password.
  await api.post("/admin/api/user/bulk", {
    rows: STAFF.map((s) => ({ name: s.name, mobile: s.mobile, roleIds: [ids.get("role", "staff")], language: s.language })),
  });
  const byMobile = await userIdsByMobile(api);
  for (const s of STAFF) ids.set("staff", s.key, userId(byMobile, s.mobile));
  ids.set("staff", "teacher", userId(byMobile, accounts.staff.mobile));
  for (const s of STAFF.slice(0, -1)) await api.post("/admin/api/attendance", { action: "in", userId: ids.get("staff", s.key) });
}
