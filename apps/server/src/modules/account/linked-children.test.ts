import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { addStudent, enrol, newSchool, ok } from "../academics/school.fixture.js";

describe("GET /user/api/home/children", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  async function parentOf(s: Awaited<ReturnType<typeof newSchool>>) {
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
    const parentRole = roles.rows.find((r) => r.builtin === "parent")!.id;
    const mobile = uniqueMobile();
    const user = await ok<{ data: { id: number } }>(
      s.api.post("/admin/api/user", { name: "Maryam (Parent)", mobile, password: "Quiet-Garden-42", roleIds: [parentRole] }),
    );
    return { id: user.data.id, mobile };
  }

  it("lists only the caller's own children, with the class each is in now", async () => {
    const s = await newSchool(app);
    const parent = await parentOf(s);
    const other = await parentOf(s);
    const inClass = await addStudent(s.api, { name: "Zainab", nameNative: "زينب", guardians: [{ userId: parent.id, relation: "mother" }] });
    const notEnrolled = await addStudent(s.api, { name: "Ahmad", guardians: [{ userId: parent.id, relation: "mother" }] });
    await addStudent(s.api, { name: "Someone Else's", guardians: [{ userId: other.id, relation: "father" }] });
    await enrol(s.api, inClass.id, s.room5a.id);

    const session = await signIn(app, s.tenant.code, parent.mobile);
    const reply = await ok<{ rows: Record<string, unknown>[]; count: number }>(session.api.get("/user/api/home/children"));
    expect(reply.count).toBe(2);
    expect(reply.rows).toEqual([
      expect.objectContaining({ id: notEnrolled.id, name: "Ahmad", relation: "mother", classroomId: null, className: null }),
      expect.objectContaining({ id: inClass.id, name: "Zainab", nameNative: "زينب", relation: "mother", classroomId: s.room5a.id, className: "Class 5-A" }),
    ]);
  });

  it("answers an empty list to someone with no children, and 401 without a session", async () => {
    const s = await newSchool(app);
    const parent = await parentOf(s);
    const session = await signIn(app, s.tenant.code, parent.mobile);
    expect(await ok(session.api.get("/user/api/home/children"))).toMatchObject({ rows: [], count: 0 });
    expect((await client(app).get("/user/api/home/children")).statusCode).toBe(401);
  });

  it("never shows another school's links", async () => {
    const a = await newSchool(app);
    const b = await newSchool(app);
    const parentA = await parentOf(a);
    await addStudent(b.api, { name: "Elsewhere", guardians: [{ userId: (await parentOf(b)).id }] });
    const session = await signIn(app, a.tenant.code, parentA.mobile);
    expect((await ok<{ count: number }>(session.api.get("/user/api/home/children"))).count).toBe(0);
  });
});
