import { adminOfNewTenant, type TestApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { addStudent, ok } from "../academics/school.fixture.js";

type School = Awaited<ReturnType<typeof adminOfNewTenant>>;
export type Hall = { id: number; name: string; studentCount: number; wardenName: string | null };

/** A school with a staff warden (signed in) and a boys' dormitory of `capacity` in their care. */
export async function hallSchool(app: TestApp, capacity = 3) {
  const s = await adminOfNewTenant(app);
  const roles = await rolesOf(s.api);
  const warden = await signedInUser(app, s.tenant, s.api, [roles.staff!], { name: "Ustad Hamid" });
  const hall = (
    await ok<{ data: Hall }>(s.api.post("/admin/api/hall", { name: "Bilal House", kind: "dormitory", capacity, wardenId: warden.user.id, gender: "male" }))
  ).data;
  return { ...s, warden, hall };
}

export const boys = (s: School, n: number) => Promise.all(Array.from({ length: n }, (_, i) => addStudent(s.api, { name: `Boy ${i + 1}`, gender: "male" })));
