import type { TestApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

export type Listed = { rows: { id: number; kind: string; title: string; body: string }[]; count: number; unread: number };

/**
 * A school with Class 5-A (two parents: one reads Malayalam, one English) and Class 5-B (one
 * parent), each parent's child enrolled, and a teacher.
 */
export async function schoolWithParents(app: TestApp) {
  const school = await newSchool(app);
  const roles = await rolesOf(school.api);
  const parent = async (language: string, room: number, name: string) => {
    const p = await signedInUser(app, school.tenant, school.api, [roles.parent as number], { language, name });
    const child = await addStudent(school.api, { name: `${name}'s child`, guardians: [{ userId: p.user.id, relation: "mother" }] });
    await enrol(school.api, child.id, room);
    return { ...p, child };
  };
  const amina = await parent("ml", school.room5a.id, "Amina");
  const bilal = await parent("en", school.room5a.id, "Bilal");
  const safiya = await parent("en", school.room5b.id, "Safiya");
  const teacher = await signedInUser(app, school.tenant, school.api, [roles.staff as number], { name: "Teacher" });
  const notificationsOf = (api: typeof school.api, q = "") => ok<Listed>(api.get(`/user/api/home/notifications${q}`));
  return { ...school, roles, amina, bilal, safiya, teacher, notificationsOf };
}

export const NOTICE = {
  title: "School closed on Friday",
  body: "The school is closed on Friday for the district sports meet.",
  texts: { ml: { title: "വെള്ളിയാഴ്ച അവധി", body: "ജില്ലാ കായികമേള കാരണം വെള്ളിയാഴ്ച സ്കൂൾ അവധിയാണ്." } },
};
