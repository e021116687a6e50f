import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, type TestApp, testApp } from "../../../test/harness.js";
import { rowsOf } from "../../../test/people.js";
import { users } from "../../platform/auth/users.table.js";
import { outbox } from "../../platform/messaging/outbox.table.js";
import { addStudent, newSchool, ok } from "../academics/school.fixture.js";
import { lastCode } from "../auth/auth.test-kit.js";
import { admissionSchool, application, apply, filed, tempDataDir } from "./admission.fixture.js";

async function messagesTo(app: TestApp, recipient: string) {
  await app.services.messenger.settled();
  return app.services.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id));
}

/** A school with classrooms, taking applications. */
async function enrolmentSchool(app: TestApp) {
  const s = await newSchool(app);
  await ok(s.api.put("/admin/api/setting", { config: { admissionsOpen: true } }));
  return s;
}

describe("admissions: decisions, letters and enrolment", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("approves and sends the letters in the guardian's language: e-mail and SMS to the outbox", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { language: "ml", guardian: { name: "Fathima", mobile: "9847099001", email: "fathima@example.com" } });
    const res = await ok<{ data: { status: string; approvalLetterSentAt: string | null }; letters: { channel: string; status: string }[] }>(
      s.api.post("/admin/api/admission/approve", { id: a.id }),
    );
    expect(res.data.status).toBe("approved");
    expect(res.data.approvalLetterSentAt).not.toBeNull();
    expect(res.letters).toEqual([
      { channel: "email", to: "fathima@example.com", status: "outbox" },
      { channel: "sms", to: "+919847099001", status: "outbox" },
    ]);
    const [mail] = await messagesTo(app, "fathima@example.com");
    expect(mail?.subject).toBe(
      `പ്രവേശനം അംഗീകരിച്ചു: ${(await ok<{ data: { name: string } }>(s.api.get(`/admin/api/admission/${a.id}`))).data.name} (${a.applicationNo})`,
    );
    expect(mail?.body).toContain("പ്രിയ Fathima");
    expect(mail?.body).toContain(`School ${s.tenant.code}`);
    expect(mail?.body).not.toMatch(/\{\{/);
    const [sms] = await messagesTo(app, "+919847099001");
    expect(sms?.body).toContain(a.applicationNo);
    expect(sms?.body).toContain("അംഗീകരിച്ചു");

    // The school's own wording wins over the standard one.
    await ok(
      s.api.post("/admin/api/document-template", {
        name: "Our SMS",
        channel: "sms",
        purpose: "admission.approval",
        language: "ml",
        body: "{{schoolName}}: {{applicationNo}} ശരി",
      }),
    );
    const again = await ok<{ letters: { channel: string }[] }>(s.api.post("/admin/api/admission/send-approval-letter", { id: a.id, channels: ["sms"] }));
    expect(again.letters).toMatchObject([{ channel: "sms", status: "outbox" }]);
    expect((await messagesTo(app, "+919847099001"))[0]?.body).toBe(`School ${s.tenant.code}: ${a.applicationNo} ശരി`);
    // A rejection letter for an approved application is refused.
    const wrong = await s.api.post("/admin/api/admission/send-rejection-letter", { id: a.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe("admission.status");
  });

  it("rejects with a reason that the letter carries, in Arabic", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { language: "ar", guardian: { name: "Omar", mobile: "9847099002", email: "omar@example.com" } });
    const res = await ok<{ data: { status: string; decisionReason: string } }>(
      s.api.post("/admin/api/admission/reject", { id: a.id, reason: "لا توجد مقاعد شاغرة" }),
    );
    expect(res.data).toMatchObject({ status: "rejected", decisionReason: "لا توجد مقاعد شاغرة" });
    const [sms] = await messagesTo(app, "+919847099002");
    expect(sms?.body).toContain("نأسف");
    const [mail] = await messagesTo(app, "omar@example.com");
    expect(mail?.body).toContain("لا توجد مقاعد شاغرة");
    expect(mail?.subject).toBe(`طلب الالتحاق رقم ${a.applicationNo}`);
    // approve with status rejected is the same decision, the spec's way; notify false sends nothing.
    const b = await filed(app, s.api, s.tenant.code, { guardian: { name: "Zaid", mobile: "9847099003" } });
    await ok(s.api.post("/admin/api/admission/approve", { id: b.id, status: "rejected", notify: false }));
    expect(await messagesTo(app, "+919847099003")).toHaveLength(0);
    const letter = await ok<{ letters: { status: string }[] }>(s.api.post("/admin/api/admission/send-rejection-letter", { id: b.id }));
    expect(letter.letters).toMatchObject([{ status: "outbox" }]);
    expect((await s.api.post("/admin/api/admission/approve", { id: b.id, status: "maybe" })).statusCode).toBe(400);
    expect((await s.api.post("/admin/api/admission/approve", {})).statusCode).toBe(400);
  });

  it("enrols an approved applicant: student, a new parent who signs in by code, and the class, in one go", async () => {
    const s = await enrolmentSchool(app);
    await ok(s.api.post("/admin/api/field", { entity: "admission", key: "bloodGroup", label: "Blood group", kind: "text" }));
    await ok(s.api.post("/admin/api/field", { entity: "student", key: "bloodGroup", label: "Blood group", kind: "text" }));
    const a = await filed(app, s.api, s.tenant.code, {
      nameNative: "മറിയം",
      language: "ml",
      guardian: { name: "Rasheed", mobile: "9847099010", relation: "father" },
      customfields: { bloodGroup: "O+" },
    });
    const early = await s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: s.room5a.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("admission.status");
    await ok(s.api.post("/admin/api/admission/approve", { id: a.id, notify: false }));
    const res = await ok<{ studentId: number; enrolmentId: number; parentUserId: number; parentCreated: boolean; message: string }>(
      s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: s.room5a.id, rollNo: 7 }),
    );
    expect(res.parentCreated).toBe(true);
    expect(res.message).toContain("Class 5-A");
    const student = await ok<{ data: Record<string, unknown> }>(s.api.get(`/admin/api/student/${res.studentId}`));
    expect(student.data).toMatchObject({
      admissionNo: a.applicationNo,
      nameNative: "മറിയം",
      customFields: { bloodGroup: "O+" },
      guardians: [{ userId: res.parentUserId, name: "Rasheed", mobile: "+919847099010", relation: "father" }],
    });
    const inClass = await ok<{ rows: { id: number; rollNo: number }[] }>(s.api.get(`/admin/api/classRoom/students/${s.room5a.id}`));
    expect(inClass.rows).toMatchObject([{ id: res.studentId, rollNo: 7 }]);
    const adm = await ok<{ data: Record<string, unknown> }>(s.api.get(`/admin/api/admission/${a.id}`));
    expect(adm.data).toMatchObject({ status: "enrolled", studentId: res.studentId, enrolmentId: res.enrolmentId, parentUserId: res.parentUserId });
    // Enrolled is history: no second enrolment, no edits, no delete.
    expect((await s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: s.room5b.id })).statusCode).toBe(409);
    expect((await s.api.put("/admin/api/admission", { id: a.id, name: "Changed" })).statusCode).toBe(409);
    expect((await s.api.delete(`/admin/api/admission/${a.id}`)).statusCode).toBe(409);

    // The parent has no password: a one-time code signs them in and asks for one.
    const roles = await ok<{ rows: { id: number; builtin: string | null }[] }>(s.api.get("/admin/api/role?limit=50"));
    await ok(s.api.put("/admin/api/role/permission", { id: roles.rows.find((r) => r.builtin === "parent")!.id, permissions: { students: ["view"] } }));
    expect((await client(app).post("/user/open/auth/loginotp", { mobile: "+919847099010", code: s.tenant.code })).statusCode).toBe(200);
    const otp = await lastCode(app, "+919847099010");
    const signIn = await client(app).post("/admin/open/auth/validate-otp", { mobile: "+919847099010", otp, code: s.tenant.code });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ auth: true, user: { mustSetPassword: true, role: { area: "parent" } } });
    const parent = client(app, signIn.json().token);
    expect((await parent.get(`/admin/api/student/${res.studentId}`)).statusCode).toBe(200);
    const other = await addStudent(s.api);
    expect((await parent.get(`/admin/api/student/${other.id}`)).statusCode).toBe(404);
  });

  it("links an existing parent instead of making a second account", async () => {
    const s = await enrolmentSchool(app);
    const first = await filed(app, s.api, s.tenant.code, { guardian: { name: "Same Parent", mobile: "9847099020" } });
    const second = await filed(app, s.api, s.tenant.code, { guardian: { name: "Same Parent", mobile: "9847099020" } });
    for (const a of [first, second]) await ok(s.api.post("/admin/api/admission/approve", { id: a.id, notify: false }));
    const one = await ok<{ parentUserId: number; parentCreated: boolean }>(
      s.api.post("/admin/api/admission/enrollstudent", { id: first.id, classroomId: s.room5a.id }),
    );
    const two = await ok<{ parentUserId: number; parentCreated: boolean }>(
      s.api.post("/admin/api/admission/enrollstudent", { id: second.id, classroomId: s.room5b.id, admissionNo: "SIB-2" }),
    );
    expect(two).toMatchObject({ parentUserId: one.parentUserId, parentCreated: false });
    const people = await app.services.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, s.tenant.id), eq(users.mobile, "+919847099020")));
    expect(people).toHaveLength(1);
  });

  it("writes nothing when enrolment fails midway (a classroom of another school, a taken admission number)", async () => {
    const s = await enrolmentSchool(app);
    const other = await newSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { guardian: { name: "Rollback Parent", mobile: "9847099030" } });
    await ok(s.api.post("/admin/api/admission/approve", { id: a.id, notify: false }));
    const before = { students: (await rowsOf(app, "students", s.tenant.id)).length, users: (await rowsOf(app, "users", s.tenant.id)).length };

    // The parent and the student are made before the classroom is looked up; the 404 undoes them.
    const res = await s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: other.room5a.id });
    expect(res.statusCode).toBe(404);
    // The parent is made before the student; a taken admission number undoes the parent.
    const taken = await addStudent(s.api, { admissionNo: "TAKEN-1" });
    const dup = await s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: s.room5a.id, admissionNo: "taken-1" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe("student.admission_no_taken");

    const name = (await ok<{ data: { name: string } }>(s.api.get(`/admin/api/admission/${a.id}`))).data.name;
    const studentsNow = await rowsOf(app, "students", s.tenant.id);
    expect(studentsNow.map((r) => r.id)).toContain(taken.id);
    expect(studentsNow.length).toBe(before.students + 1);
    expect(studentsNow.some((r) => r.name === name)).toBe(false);
    expect((await rowsOf(app, "users", s.tenant.id)).length).toBe(before.users);
    expect((await rowsOf(app, "guardians", s.tenant.id)).length).toBe(0);
    expect((await rowsOf(app, "enrolments", s.tenant.id)).length).toBe(0);
    const adm = await ok<{ data: { status: string; studentId: number | null } }>(s.api.get(`/admin/api/admission/${a.id}`));
    expect(adm.data).toMatchObject({ status: "approved", studentId: null });
    // And it still works once the input is right.
    expect((await s.api.post("/admin/api/admission/enrollstudent", { id: a.id, classroomId: s.room5a.id })).statusCode).toBe(200);
  });
});

describe("admission letters over WhatsApp", () => {
  let server: Server;
  let app: TestApp;
  const received: { url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        received.push({ url: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
    app = await testApp({ DATA_DIR: tempDataDir(), WHATSAPP_API_URL: base, WHATSAPP_TOKEN: "test-token", WHATSAPP_PHONE_NUMBER_ID: "1055" });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the approval as a template message in the guardian's language, and reports a refusal", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { language: "ta", guardian: { name: "Selvi", mobile: "9847099040" } });
    answer = {
      status: 200,
      body: { messaging_product: "whatsapp", contacts: [{ input: "919847099040", wa_id: "919847099040" }], messages: [{ id: "wamid.TEST1" }] },
    };
    const res = await ok<{ letters: { channel: string; status: string }[] }>(s.api.post("/admin/api/admission/approve", { id: a.id }));
    expect(res.letters).toEqual([{ channel: "whatsapp", to: "+919847099040", status: "sent" }]);
    const sent = received.at(-1)!;
    expect(sent.url).toBe("/v21.0/1055/messages");
    expect(sent.auth).toBe("Bearer test-token");
    const name = (await ok<{ data: { name: string } }>(s.api.get(`/admin/api/admission/${a.id}`))).data.name;
    expect(sent.body).toEqual({
      messaging_product: "whatsapp",
      to: "919847099040",
      type: "template",
      template: {
        name: "admission_approved",
        language: { code: "ta" },
        components: [
          {
            type: "body",
            parameters: ["Selvi", `School ${s.tenant.code}`, name, a.applicationNo].map((text) => ({ type: "text", text })),
          },
        ],
      },
    });
    // Nothing went to the outbox: it was really sent.
    expect(await messagesTo(app, "+919847099040")).toHaveLength(0);

    answer = { status: 400, body: { error: { message: "(#132001) Template name does not exist in the translation", code: 132001 } } };
    const failed = await ok<{ message: string; letters: { status: string; error: string }[] }>(
      s.api.post("/admin/api/admission/send-approval-letter", { id: a.id, channels: ["whatsapp"] }),
    );
    expect(failed.message).toBe("The letter could not be sent");
    expect(failed.letters[0]).toMatchObject({ status: "failed", error: expect.stringContaining("Template name does not exist") });
  });

  it("still lets the school choose SMS", async () => {
    const s = await admissionSchool(app);
    const a = await filed(app, s.api, s.tenant.code, { guardian: { name: "Sms Only", mobile: "9847099041" } });
    const res = await ok<{ letters: { channel: string; status: string }[] }>(s.api.post("/admin/api/admission/approve", { id: a.id, channels: ["sms"] }));
    expect(res.letters).toMatchObject([{ channel: "sms", status: "outbox" }]);
    const body = await application(app, s.tenant.code);
    expect((await apply(app, s.tenant.code, body)).statusCode).toBe(200);
  });
});
