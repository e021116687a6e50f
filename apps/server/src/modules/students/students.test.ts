import { beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

describe("students", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("adds, lists with filters, updates and refuses a repeated admission number", async () => {
    const { api } = await adminOfNewTenant(app);
    const made = await ok<{ data: Record<string, unknown> }>(
      api.post("/admin/api/student", {
        admissionNo: "ADM-001",
        name: "Aisha Noor",
        nameNative: "عائشة نور",
        gender: "female",
        dateOfBirth: "2014-03-09",
        mobile: "98470 12345",
        customFields: { bloodGroup: "B+" },
      }),
    );
    expect(made.data).toMatchObject({ admissionNo: "ADM-001", nameNative: "عائشة نور", dateOfBirth: "2014-03-09", mobile: "+919847012345", status: "active" });
    await addStudent(api, { name: "Bilal Khan", status: "left" });

    const list = await ok<{ rows: { name: string }[]; count: number }>(api.get("/admin/api/student?status=active&q=noor"));
    expect(list.count).toBe(1);
    expect(list.rows[0]!.name).toBe("Aisha Noor");
    expect((await ok<{ count: number }>(api.get("/admin/api/student?status=All"))).count).toBe(2);

    const updated = await ok<{ data: Record<string, unknown> }>(api.put("/admin/api/student", { id: made.data.id, address: "Kozhikode" }));
    // A PUT changes only what it names.
    expect(updated.data).toMatchObject({ address: "Kozhikode", status: "active", customFields: { bloodGroup: "B+" }, gender: "female" });

    const again = await api.post("/admin/api/student", { admissionNo: "adm-001", name: "Someone Else" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "student.admission_no_taken", params: { field: "admissionNo" } });
  });

  it("refuses missing fields, wrong types and impossible dates with 400 naming the field", async () => {
    const { api } = await adminOfNewTenant(app);
    const missing = await api.post("/admin/api/student", { admissionNo: "X1" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().params.fields).toContain("name");
    const wrongType = await api.post("/admin/api/student", { admissionNo: 12, name: "N" });
    expect(wrongType.statusCode).toBe(400);
    const badDate = await api.post("/admin/api/student", { admissionNo: "X2", name: "N", dateOfBirth: "2014-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().params.fields).toContain("dateOfBirth");
    const future = await api.post("/admin/api/student", { admissionNo: "X3", name: "N", dateOfBirth: "2030-05-12" });
    expect(future.statusCode).toBe(400);
    expect(future.json().params.fields).toContain("dateOfBirth");
  });

  it("answers another school's student with 404", async () => {
    const a = await adminOfNewTenant(app);
    const b = await adminOfNewTenant(app);
    const theirs = await addStudent(b.api);
    expect((await a.api.get(`/admin/api/student/${theirs.id}`)).statusCode).toBe(404);
    expect((await a.api.put("/admin/api/student", { id: theirs.id, name: "Taken" })).statusCode).toBe(404);
    expect((await a.api.delete(`/admin/api/student/${theirs.id}`)).statusCode).toBe(404);
  });

  it("refuses to delete a student with enrolments (409) and deletes one without", async () => {
    const s = await newSchool(app);
    const kept = await addStudent(s.api);
    await enrol(s.api, kept.id, s.room5a.id);
    const res = await s.api.delete(`/admin/api/student/${kept.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "student.has_history", params: { enrolments: 1 } });
    const free = await addStudent(s.api);
    expect((await s.api.delete(`/admin/api/student/${free.id}`)).statusCode).toBe(200);
  });

  it("filters by classroom through active enrolments", async () => {
    const s = await newSchool(app);
    const inA = await addStudent(s.api);
    await addStudent(s.api);
    await enrol(s.api, inA.id, s.room5a.id);
    const list = await ok<{ rows: { id: number }[] }>(s.api.get(`/admin/api/student?classroomId=${s.room5a.id}`));
    expect(list.rows.map((r) => r.id)).toEqual([inA.id]);
    const bad = await s.api.get("/admin/api/student?classroomId=abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "filter.invalid", params: { field: "classroomId" } });
  });
});

describe("a parent reaches only their own children", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  async function parentSchool() {
    const admin = await adminOfNewTenant(app);
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(admin.api.get("/admin/api/role?limit=50"));
    const parentRole = roles.rows.find((r) => r.builtin === "parent")!.id;
    // The school lets parents see students (the rule under test is whose).
    await ok(admin.api.put("/admin/api/role/permission", { id: parentRole, permissions: { students: ["view"], academics: ["view"] } }));
    const mobile = uniqueMobile();
    const parent = await ok<{ data: { id: number } }>(
      admin.api.post("/admin/api/user", { name: "Fatima (Parent)", mobile, password: "Quiet-Garden-42", roleIds: [parentRole] }),
    );
    return { admin, parentId: parent.data.id, mobile };
  }

  it("lists only the linked child and answers another family's child with 404", async () => {
    const { admin, parentId, mobile } = await parentSchool();
    const own = await addStudent(admin.api, { name: "Own Child", guardians: [{ userId: parentId, relation: "mother" }] });
    const other = await addStudent(admin.api, { name: "Other Child" });
    const shown = await ok<{ data: { guardians: unknown[] } }>(admin.api.get(`/admin/api/student/${own.id}`));
    expect(shown.data.guardians).toMatchObject([{ userId: parentId, relation: "mother" }]);

    const parent = await signIn(app, admin.tenant.code, mobile);
    const list = await ok<{ rows: { id: number }[]; count: number }>(parent.api.get("/admin/api/student"));
    expect(list.rows.map((r) => r.id)).toEqual([own.id]);
    expect(list.count).toBe(1);
    expect((await parent.api.get(`/admin/api/student/${own.id}`)).statusCode).toBe(200);
    expect((await parent.api.get(`/admin/api/student/${other.id}`)).statusCode).toBe(404);
    // Parents have no edit permission at all.
    expect((await parent.api.put("/admin/api/student", { id: other.id, name: "X" })).statusCode).toBe(403);
  });

  it("links a child through user/assign-student, and the parent then reaches that child", async () => {
    const { admin, parentId, mobile } = await parentSchool();
    const child = await addStudent(admin.api, { name: "Assigned Child" });
    const parent = await signIn(app, admin.tenant.code, mobile);
    expect((await ok<{ count: number }>(parent.api.get("/admin/api/student"))).count).toBe(0);
    await ok(admin.api.post("/admin/api/user/assign-student", { userId: parentId, studentIds: [child.id], relation: "father" }));
    const list = await ok<{ rows: { id: number; guardians: { userId: number }[] }[] }>(parent.api.get("/admin/api/student"));
    expect(list.rows.map((r) => r.id)).toEqual([child.id]);
    expect((await parent.api.get(`/admin/api/student/${child.id}`)).statusCode).toBe(200);
    // A student id that does not exist is refused by the link's reference to students.
    const ghost = await admin.api.post("/admin/api/user/assign-student", { userId: parentId, studentIds: [child.id + 1_000_000] });
    expect(ghost.statusCode).toBe(400);
  });

  it("refuses to link a user who is not a parent", async () => {
    const admin = await adminOfNewTenant(app);
    const res = await admin.api.post("/admin/api/student", { admissionNo: "G-1", name: "Child", guardians: [{ userId: admin.tenant.admin.id }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("student.guardian_not_parent");
  });

  it("a school's own role that reaches only linked students does so; without the switch it reaches all it may view", async () => {
    const admin = await adminOfNewTenant(app);
    const makeRole = async (name: string, linkedStudentsOnly: boolean) =>
      (
        await ok<{ data: { id: number; linkedStudentsOnly: boolean } }>(
          admin.api.post("/admin/api/role", { name, area: "parent", linkedStudentsOnly, permissions: { students: ["view"] } }),
        )
      ).data;
    const guardian = await makeRole("Guardian", true);
    const visitor = await makeRole("Visiting teacher", false);
    expect(guardian.linkedStudentsOnly).toBe(true);
    const person = async (roleId: number) => {
      const mobile = uniqueMobile();
      const made = await ok<{ data: { id: number } }>(
        admin.api.post("/admin/api/user", { name: "Someone", mobile, password: "Quiet-Garden-42", roleIds: [roleId] }),
      );
      return { id: made.data.id, mobile };
    };
    const grandmother = await person(guardian.id);
    const teacher = await person(visitor.id);
    const own = await addStudent(admin.api, { name: "Grandchild", guardians: [{ userId: grandmother.id, relation: "grandmother" }] });
    const other = await addStudent(admin.api, { name: "Someone else's child" });

    const g = await signIn(app, admin.tenant.code, grandmother.mobile);
    const seen = await ok<{ rows: { id: number }[] }>(g.api.get("/admin/api/student"));
    expect(seen.rows.map((r) => r.id)).toEqual([own.id]);
    expect((await g.api.get(`/admin/api/student/${other.id}`)).statusCode).toBe(404);

    const t = await signIn(app, admin.tenant.code, teacher.mobile);
    const all = await ok<{ rows: { id: number }[] }>(t.api.get("/admin/api/student"));
    expect(all.rows.map((r) => r.id).sort()).toEqual([own.id, other.id].sort());

    // The built-in Parent role keeps reaching only each parent's own children.
    const roles = await ok<{ rows: { id: number; builtin: string | null; linkedStudentsOnly: boolean }[] }>(admin.api.get("/admin/api/role?limit=50"));
    const parentRole = roles.rows.find((r) => r.builtin === "parent")!;
    expect(parentRole.linkedStudentsOnly).toBe(true);
    const refused = await admin.api.put("/admin/api/role", { id: parentRole.id, linkedStudentsOnly: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "role.parent_linked", params: { field: "linkedStudentsOnly" } });
  });
});
