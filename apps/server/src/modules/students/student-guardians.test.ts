import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
type Student = { id: number; admissionNo: string; guardians: { userId: number; name: string; mobile: string; relation: string }[] };

async function roleId(api: Api, builtin: string) {
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(api.get("/admin/api/role?limit=50"));
  return roles.rows.find((r) => r.builtin === builtin)!.id;
}

/** The school's users with this mobile, as the users screen finds them. */
async function usersWithMobile(api: Api, mobile: string) {
  return (
    await ok<{ rows: { id: number; mobile: string | null; profiles?: { roleId: number }[] }[] }>(
      api.get(`/admin/api/user?q=${encodeURIComponent(mobile)}&limit=50`),
    )
  ).rows.filter((u) => u.mobile === mobile);
}

describe("adding a student with a guardian", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("makes the parent account from the typed guardian, who can then sign in to see the child", async () => {
    const s = await adminOfNewTenant(app);
    const mobile = uniqueMobile();
    const made = await ok<{ data: Student }>(
      s.api.post("/admin/api/student", {
        admissionNo: "G-1",
        name: "Yusuf",
        guardianName: "Khadija",
        guardianMobile: `0${mobile.slice(3)}`,
        guardianRelation: "mother",
      }),
    );
    expect(made.data.guardians).toEqual([{ userId: expect.any(Number), name: "Khadija", mobile, relation: "mother" }]);
    expect(made.data).not.toHaveProperty("guardianMobile");
    expect(await usersWithMobile(s.api, mobile)).toHaveLength(1);
    // The new parent signs in with a one-time code; their account holds the Parent role.
    const code = await ok<{ message: string }>(
      s.api.post("/admin/api/user/resetpassword", { userId: made.data.guardians[0]!.userId, password: "Quiet-Garden-42" }),
    );
    expect(code.message).toBeTruthy();
    const parent = await signIn(app, s.tenant.code, mobile, "Quiet-Garden-42");
    const children = await ok<{ rows: { id: number }[] }>(parent.api.get("/user/api/home/children"));
    expect(children.rows.map((c) => c.id)).toEqual([made.data.id]);
  });

  it("links the school's existing user with that mobile instead of making a second account", async () => {
    const s = await adminOfNewTenant(app);
    const mobile = uniqueMobile();
    const parent = await ok<{ data: { id: number } }>(s.api.post("/admin/api/user", { name: "Ibrahim", mobile, roleIds: [await roleId(s.api, "parent")] }));
    const first = await ok<{ data: Student }>(
      s.api.post("/admin/api/student", { admissionNo: "L-1", name: "Hana", guardianName: "Ibrahim K", guardianMobile: mobile }),
    );
    const second = await ok<{ data: Student }>(
      s.api.post("/admin/api/student", { admissionNo: "L-2", name: "Omar", guardianName: "Ibrahim", guardianMobile: mobile, guardianRelation: "father" }),
    );
    expect(first.data.guardians).toEqual([{ userId: parent.data.id, name: "Ibrahim", mobile, relation: "guardian" }]);
    expect(second.data.guardians[0]!.userId).toBe(parent.data.id);
    expect(await usersWithMobile(s.api, mobile)).toHaveLength(1);

    // Someone of the office who is also a parent keeps one account and gains the Parent role.
    const teacherMobile = uniqueMobile();
    const teacher = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/user", { name: "Ustadh Ali", mobile: teacherMobile, roleIds: [await roleId(s.api, "admin")] }),
    );
    const child = await ok<{ data: Student }>(
      s.api.post("/admin/api/student", { admissionNo: "L-3", name: "Sara", guardianName: "Ali", guardianMobile: teacherMobile }),
    );
    expect(child.data.guardians[0]!.userId).toBe(teacher.data.id);
    const [same] = await usersWithMobile(s.api, teacherMobile);
    expect(same!.profiles!.map((p) => p.roleId).sort()).toEqual([await roleId(s.api, "admin"), await roleId(s.api, "parent")].sort());
  });

  it("refuses a guardian mobile that is not a real number, or a name without a mobile, and keeps nothing", async () => {
    const s = await adminOfNewTenant(app);
    const wrong = await s.api.post("/admin/api/student", { admissionNo: "W-1", name: "Zaid", guardianName: "Amir", guardianMobile: "1234567" });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json().params)).toContain("guardianMobile");
    const half = await s.api.post("/admin/api/student", { admissionNo: "W-1", name: "Zaid", guardianName: "Amir" });
    expect(half.statusCode).toBe(400);
    expect(half.json().params.fields).toContain("guardianMobile");
    // Nothing of either attempt was kept: the number is still free.
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student?q=W-1"))).count).toBe(0);
  });

  it("suggests the next admission number from the school's numbers", async () => {
    const s = await adminOfNewTenant(app);
    const next = async () => (await ok<{ admissionNo: string }>(s.api.get("/admin/api/student/next-admission-no"))).admissionNo;
    expect(await next()).toBe("1");
    for (const admissionNo of ["S-0123", "S-0130", "S-0007"]) await ok(s.api.post("/admin/api/student", { admissionNo, name: `Student ${admissionNo}` }));
    // The series of the latest (S-), past its highest, keeping the width.
    expect(await next()).toBe("S-0131");
    await ok(s.api.post("/admin/api/student", { admissionNo: "2026/9", name: "Ninth" }));
    expect(await next()).toBe("2026/10");
  });

  it("gives one of two clerks taking the same suggested number a 409 naming the field", async () => {
    const s = await adminOfNewTenant(app);
    await ok(s.api.post("/admin/api/student", { admissionNo: "N-041", name: "First" }));
    const suggested = (await ok<{ admissionNo: string }>(s.api.get("/admin/api/student/next-admission-no"))).admissionNo;
    expect(suggested).toBe("N-042");
    const [a, b] = await Promise.all([
      s.api.post("/admin/api/student", { admissionNo: suggested, name: "Clerk One's", guardianName: "P One", guardianMobile: uniqueMobile() }),
      s.api.post("/admin/api/student", { admissionNo: suggested, name: "Clerk Two's", guardianName: "P Two", guardianMobile: uniqueMobile() }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({ code: "student.admission_no_taken", params: { field: "admissionNo" } });
    expect((await ok<{ count: number }>(s.api.get(`/admin/api/student?q=${suggested}`))).count).toBe(1);
  });
});

describe("POST /admin/api/student/bulk", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("adds many students with their guardians in one call, sharing a parent between siblings", async () => {
    const s = await adminOfNewTenant(app);
    const mother = uniqueMobile();
    const father = uniqueMobile();
    const res = await ok<{ ids: number[]; parentsCreated: number }>(
      s.api.post("/admin/api/student/bulk", {
        students: [
          { admissionNo: "B-1", name: "Ayisha", guardianName: "Fathima", guardianMobile: mother, guardianRelation: "mother" },
          { admissionNo: "B-2", name: "Rayan", guardianName: "Fathima", guardianMobile: mother, guardianRelation: "mother" },
          { admissionNo: "B-3", name: "Hadi", nameNative: "ഹാദി", guardianName: "Nazar", guardianMobile: father },
        ],
      }),
    );
    expect(res.ids).toHaveLength(3);
    expect(res.parentsCreated).toBe(2);
    const rows = (await ok<{ rows: Student[] }>(s.api.get("/admin/api/student?sort=admissionNo"))).rows;
    expect(rows.map((r) => [r.admissionNo, r.guardians.map((g) => `${g.name}:${g.relation}`)])).toEqual([
      ["B-1", ["Fathima:mother"]],
      ["B-2", ["Fathima:mother"]],
      ["B-3", ["Nazar:guardian"]],
    ]);
    expect(rows[0]!.guardians[0]!.userId).toBe(rows[1]!.guardians[0]!.userId);
  });

  it("keeps nothing when one row is wrong, naming the row; sending the same students twice does not double them", async () => {
    const s = await adminOfNewTenant(app);
    const bad = await s.api.post("/admin/api/student/bulk", {
      students: [
        { admissionNo: "C-1", name: "Good", guardianName: "Parent", guardianMobile: uniqueMobile() },
        { admissionNo: "C-2", name: "Bad", guardianName: "Parent", guardianMobile: "12" },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().params)).toContain("students.1.guardianMobile");
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(0);

    const body = { students: [{ admissionNo: "D-1", name: "Once", guardianName: "Parent", guardianMobile: uniqueMobile() }] };
    await ok(s.api.post("/admin/api/student/bulk", body));
    const twice = await s.api.post("/admin/api/student/bulk", body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().params.field).toBe("admissionNo");
    expect((await ok<{ count: number }>(s.api.get("/admin/api/student"))).count).toBe(1);
  });
});
