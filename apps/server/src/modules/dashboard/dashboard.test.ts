import type { DashboardSummary } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, testApp } from "../../../test/harness.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

/** Another day and month than `today`, same year, for a birthday that is not today. */
const notToday = (today: string) => (today.slice(5) === "03-15" ? "2015-04-15" : "2015-03-15");

describe("dashboard summary", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  const summary = async (api: Awaited<ReturnType<typeof adminOfNewTenant>>["api"]) =>
    (await ok<{ data: DashboardSummary }>(api.get("/admin/api/dashboard/summary"))).data;

  it("counts the school's students and lists today's birthdays in the school's own time zone; another school's are not counted", async () => {
    const mine = await adminOfNewTenant(app);
    const theirs = await adminOfNewTenant(app);
    // UTC+14: for most of the day its date is not the server's, so a UTC "today" would miss the birthday.
    const timeZone = "Pacific/Kiritimati";
    await app.services.db.update(tenants).set({ timeZone }).where(eq(tenants.id, mine.tenant.id));
    const today = dayIn(timeZone);
    const bornToday = `2016${today.slice(4)}`;
    const amina = await addStudent(mine.api, { name: "Amina Beevi", dateOfBirth: bornToday });
    await addStudent(mine.api, { name: "Bilal K", dateOfBirth: notToday(today) });
    await addStudent(mine.api, { name: "Cyril M" });
    await addStudent(mine.api, { name: "Left Long Ago", dateOfBirth: bornToday, status: "left" });
    await addStudent(theirs.api, { name: "Not Ours", dateOfBirth: bornToday });

    const data = await summary(mine.api);
    expect(data.today).toBe(today);
    expect(data.students).toBe(3);
    expect(data.birthdays).toEqual([
      expect.objectContaining({ id: amina.id, name: "Amina Beevi", dateOfBirth: bornToday, turns: Number(today.slice(0, 4)) - 2016 }),
    ]);
    expect(data.setup.students).toBe(4);
    expect((await summary(theirs.api)).students).toBe(1);
  });

  it("counts active classrooms and pending admissions, and ticks each setup step as the school makes it", async () => {
    const fresh = await adminOfNewTenant(app);
    expect(await summary(fresh.api)).toMatchObject({
      students: 0,
      classrooms: 0,
      pendingAdmissions: 0,
      birthdays: [],
      setup: { batches: 0, courses: 0, courseClasses: 0, classrooms: 0, students: 0, enrolments: 0, hours: 0 },
    });

    const s = await newSchool(app);
    const kid = await addStudent(s.api);
    await enrol(s.api, kid.id, s.room5a.id);
    await ok(s.api.post("/admin/api/admission", { name: "New Applicant", guardianName: "Guardian", guardianMobile: "9847012345", courseId: s.course.id }));
    expect(await summary(s.api)).toMatchObject({
      students: 1,
      classrooms: 3,
      pendingAdmissions: 1,
      setup: { batches: 2, courses: 1, courseClasses: 2, classrooms: 3, students: 1, enrolments: 1, hours: 0 },
    });
  });
});
