import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type TestApp, testApp, uniqueMobile } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { dayText } from "../../platform/texts/dates.js";
import { addStudent, newSchool, ok } from "../academics/school.fixture.js";
import { approvedLeaveOn } from "./leave.service.js";

type School = Awaited<ReturnType<typeof newSchool>>;
type Row = { id: number; status: string; days: number; personName: string; attachment: string | null; decisionNote: string | null };

// A one-pixel PNG: a real file for the upload checks.
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function person(s: School, role: "parent" | "staff") {
  const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
  const mobile = uniqueMobile();
  const user = await ok<{ data: { id: number } }>(
    s.api.post("/admin/api/user", {
      name: role === "parent" ? "Maryam" : "Ustadh Ali",
      mobile,
      password: "Quiet-Garden-42",
      roleIds: [roles.rows.find((r) => r.builtin === role)!.id],
    }),
  );
  return { id: user.data.id, mobile };
}

/** A school, a parent signed in with one child, another family's child, and the leave types. */
async function family(app: TestApp) {
  const s = await newSchool(app);
  const parent = await person(s, "parent");
  const child = await addStudent(s.api, { name: "Zainab", guardians: [{ userId: parent.id, relation: "mother" }] });
  const stranger = await addStudent(s.api, { name: "Someone else" });
  const session = await signIn(app, s.tenant.code, parent.mobile);
  const mine = await ok<{ types: { id: number; name: string }[] }>(session.api.get("/user/api/home/leave"));
  const type = (name: string) => mine.types.find((t) => t.name === name)!.id;
  return { s, parent, child, stranger, session, type, types: mine.types };
}

const notices = async (app: TestApp, tenantId: number, userId: number) => (await rowsOf(app, "notifications", tenantId)).filter((n) => n.user_id === userId);

describe("leave", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });

  it("gives a new school sick, family and travel leave, which can be set inactive but not deleted", async () => {
    const s = await newSchool(app);
    const types = await ok<{ rows: { id: number; name: string; status: string }[] }>(s.api.get("/admin/api/leavetypes?limit=50"));
    expect(types.rows.map((t) => t.name).sort()).toEqual(["Family", "Sick leave", "Travel"]);
    const sick = types.rows.find((t) => t.name === "Sick leave")!;
    const refused = await s.api.delete(`/admin/api/leavetypes/${sick.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "leave.builtin", params: { field: "status", name: "Sick leave" } });
    expect((await s.api.put("/admin/api/leavetypes", { id: sick.id, status: "inactive" })).statusCode).toBe(200);
    // Set inactive, it stays inactive: the school is not given a second one.
    const again = await ok<{ rows: { name: string; status: string }[] }>(s.api.get("/admin/api/leavetypes?limit=50"));
    expect(again.rows.filter((t) => t.name === "Sick leave").map((t) => t.status)).toEqual(["inactive"]);
    const own = await ok<{ data: { id: number } }>(s.api.post("/admin/api/leavetypes", { name: "Umrah", status: "active" }));
    expect((await s.api.delete(`/admin/api/leavetypes/${own.data.id}`)).statusCode).toBe(200);
  });

  it("lets a parent apply for their own child with a note attached, once however often it is sent", async () => {
    const { s, child, session, type, types } = await family(app);
    expect(types.map((t) => t.name)).toEqual(["Family", "Sick leave", "Travel"]);
    const body = {
      studentId: child.id,
      leaveTypeId: type("Sick leave"),
      fromDate: "2026-09-14",
      toDate: "2026-09-16",
      reason: "Fever",
      attachment: { name: "note.png", data: PNG },
    };
    const made = await ok<{ data: Row }>(session.api.post("/user/api/home/leave", body));
    expect(made.data).toMatchObject({ status: "pending", days: 3, personName: "Zainab" });
    expect(made.data.attachment).toMatch(/^\/admin\/api\/upload\/[A-Za-z0-9_-]{22}\.png$/);
    expect((await ok<{ data: Row }>(session.api.post("/user/api/home/leave", body))).data.id).toBe(made.data.id);
    expect(await rowsOf(app, "leave_applications", s.tenant.id)).toHaveLength(1);
    // The office sees it, and can read the note.
    const office = await ok<{ rows: Row[]; count: number }>(s.api.get("/admin/api/leaveapplications?status=pending"));
    expect(office.rows.map((r) => r.id)).toEqual([made.data.id]);
    expect((await s.api.get(made.data.attachment!)).statusCode).toBe(200);
  });

  it("refuses another family's child, another school's child, a parent applying for themselves and a disguised file", async () => {
    const { s, stranger, session, type } = await family(app);
    const other = await newSchool(app);
    const theirs = await addStudent(other.api, { name: "Elsewhere" });
    const base = { leaveTypeId: type("Family"), fromDate: "2026-09-14", toDate: "2026-09-14", reason: "Wedding" };
    expect((await session.api.post("/user/api/home/leave", { ...base, studentId: stranger.id })).statusCode).toBe(404);
    expect((await session.api.post("/user/api/home/leave", { ...base, studentId: theirs.id })).statusCode).toBe(404);
    const self = await session.api.post("/user/api/home/leave", base);
    expect(self.json()).toMatchObject({ code: "leave.choose_child", params: { field: "studentId" } });
    const fake = await session.api.post("/user/api/home/leave", {
      ...base,
      studentId: (await ok<{ rows: { id: number }[] }>(session.api.get("/user/api/home/children"))).rows[0]!.id,
      attachment: { name: "x.png", data: Buffer.from("not an image").toString("base64") },
    });
    expect(fake.json()).toMatchObject({ code: "upload.bad_type", params: { field: "attachment" } });
    expect((await session.api.get("/admin/api/leaveapplications")).statusCode).toBe(403);
    expect(await rowsOf(app, "leave_applications", s.tenant.id)).toHaveLength(0);
  });

  it("approves once, tells the parent once, and pre-fills the register as on leave", async () => {
    const { s, parent, child, session, type } = await family(app);
    const made = await ok<{ data: Row }>(
      session.api.post("/user/api/home/leave", {
        studentId: child.id,
        leaveTypeId: type("Travel"),
        fromDate: "2026-10-05",
        toDate: "2026-10-07",
        reason: "Umrah",
      }),
    );
    const approved = await ok<{ data: Row }>(s.api.put(`/admin/api/leaveapplications/process/${made.data.id}`, { comment: "Safe journey" }));
    expect(approved.data).toMatchObject({ status: "approved", decisionNote: "Safe journey" });
    await ok(s.api.put(`/admin/api/leaveapplications/process/${made.data.id}`, { comment: "Safe journey" }));
    expect(await notices(app, s.tenant.id, parent.id)).toHaveLength(1);
    expect((await s.api.put(`/admin/api/leaveapplications/${made.data.id}/reject`, { reason: "Too late" })).statusCode).toBe(409);
    const mine = await ok<{ rows: Row[] }>(session.api.get("/user/api/home/leave"));
    expect(mine.rows[0]).toMatchObject({ status: "approved" });

    const scope = new TenantScope(app.services.db, s.tenant.id);
    expect([...(await approvedLeaveOn(scope, [child.id], "2026-10-06"))]).toEqual([child.id]);
    expect([...(await approvedLeaveOn(scope, [child.id], "2026-10-08"))]).toEqual([]);
  });

  it("rejects with a reason, once; staff apply for themselves; the yearly allowance is kept", async () => {
    const { s, parent, child, session, type } = await family(app);
    const made = await ok<{ data: Row }>(
      session.api.post("/user/api/home/leave", {
        studentId: child.id,
        leaveTypeId: type("Family"),
        fromDate: "2026-11-02",
        toDate: "2026-11-02",
        reason: "Wedding",
      }),
    );
    expect((await s.api.put(`/admin/api/leaveapplications/${made.data.id}/reject`, {})).statusCode).toBe(400);
    await ok(s.api.put(`/admin/api/leaveapplications/${made.data.id}/reject`, { reason: "Examinations that week" }));
    await ok(s.api.put(`/admin/api/leaveapplications/${made.data.id}/reject`, { reason: "Examinations that week" }));
    const told = await notices(app, s.tenant.id, parent.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("Examinations that week");

    const sick = type("Sick leave");
    await ok(s.api.put(`/admin/api/leavetypes/${sick}`, { yearlyAllowance: 5 }));
    const staff = await person(s, "staff");
    const teacher = await signIn(app, s.tenant.code, staff.mobile);
    const first = await ok<{ data: Row & { userId: number } }>(
      teacher.api.post("/user/api/home/leave", { leaveTypeId: sick, fromDate: "2026-11-09", toDate: "2026-11-12", reason: "Surgery" }),
    );
    expect(first.data).toMatchObject({ userId: staff.id, days: 4, personName: "Ustadh Ali" });
    const over = await teacher.api.post("/user/api/home/leave", { leaveTypeId: sick, fromDate: "2026-11-16", toDate: "2026-11-17", reason: "Recovery" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: "leave.over_allowance", params: { field: "toDate", allowance: 5, taken: 4, days: 2 } });
    expect((await ok<{ data: { yearlyAllowance: number } }>(s.api.get(`/admin/api/leavetypes/${sick}`))).data.yearlyAllowance).toBe(5);
  });

  it("tells the applicant in the language they chose, with the days written for them, and names the type by its key", async () => {
    const { s, parent, child, session, type } = await family(app);
    // What the web app sends when a parent switches the language.
    await ok(session.api.put("/user/api/user", { language: "ur" }));
    const apply = (fromDate: string, toDate: string) =>
      ok<{ data: Row & { leaveTypeName: string; leaveTypeKey: string | null } }>(
        session.api.post("/user/api/home/leave", { studentId: child.id, leaveTypeId: type("Travel"), fromDate, toDate, reason: "Umrah" }),
      );
    const travel = await apply("2026-12-07", "2026-12-09");
    // The stored type travels with its key, so a screen names it as the form offered it ("سفر").
    expect(travel.data).toMatchObject({ leaveTypeName: "Travel", leaveTypeKey: "travel" });
    await ok(s.api.put(`/admin/api/leaveapplications/process/${travel.data.id}`, { comment: "سفر مبارک" }));
    const [urdu] = await notices(app, s.tenant.id, parent.id);
    const day = (language: string, d: string) => `\u2068${dayText(language, "UTC", d)}\u2069`;
    expect(urdu).toMatchObject({
      title: "چھٹی منظور",
      body: `\u2068Zainab\u2069 کی ${day("ur", "2026-12-07")} سے ${day("ur", "2026-12-09")} تک چھٹی منظور ہو گئی ہے۔ \u2068سفر مبارک\u2069`,
    });
    expect(urdu!.body).toContain("دسمبر");

    await ok(session.api.put("/user/api/user", { language: "ml" }));
    const later = await apply("2026-12-21", "2026-12-21");
    await ok(s.api.put(`/admin/api/leaveapplications/${later.data.id}/reject`, { reason: "പരീക്ഷ" }));
    const malayalam = (await notices(app, s.tenant.id, parent.id)).find((n) => n.title === "അവധി അനുവദിച്ചില്ല");
    expect(malayalam!.body).toBe(`Zainab ന് ${dayText("ml", "UTC", "2026-12-21")} മുതൽ ${dayText("ml", "UTC", "2026-12-21")} വരെ അവധി അനുവദിച്ചില്ല: പരീക്ഷ`);
    expect(malayalam!.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // A school that writes Urdu in its own digits: the days of an Urdu reader's notice are in them.
    await ok(s.api.put("/admin/api/setting", { config: { digits: { ur: "native" } } }));
    await ok(session.api.put("/user/api/user", { language: "ur" }));
    const third = await apply("2026-12-28", "2026-12-28");
    await ok(s.api.put(`/admin/api/leaveapplications/process/${third.data.id}`, {}));
    const bodies = (await notices(app, s.tenant.id, parent.id)).filter((n) => n.title === "چھٹی منظور").map((n) => String(n.body));
    const native = bodies.find((b) => b.includes("۲۸ دسمبر"));
    expect(native, bodies.join("\n")).toBeDefined();
    expect(native).not.toMatch(/[0-9]/);
  });
});
