import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { ok } from "../academics/school.fixture.js";
import { moneyText, reminderText } from "./fee-reminders.service.js";
import { feeSchool } from "./fee-reports.fixture.js";

const app = await testApp();

type Result = { reminded: number; skipped: number; noGuardian: number };
interface Notes {
  rows: { kind: string; title: string; body: string; studentId: number | null; link: string | null }[];
}

describe("reminding families of overdue fees", () => {
  it("sends levels 1, 2 and 3 on three days, nothing twice the same day, and nothing after the third", async () => {
    const s = await feeSchool(app);
    const remind = () => ok<Result>(s.api.post("/admin/api/fees/notifydue", {}));
    // A day passes: the reminders already sent move a day into the past.
    const dayPasses = () => app.services.db.execute(sql`update fee_reminders set created_at = created_at - interval '1 day' where tenant_id = ${s.tenant.id}`);
    // Asma's and Dawud's families are told; Bilal has no guardian to tell; Chand and Esa owe nothing overdue.
    expect(await remind()).toMatchObject({ reminded: 2, skipped: 0, noGuardian: 1 });
    expect(await remind()).toMatchObject({ reminded: 0, skipped: 2, noGuardian: 1 });
    await dayPasses();
    expect(await remind()).toMatchObject({ reminded: 2, skipped: 0 });
    await dayPasses();
    expect(await remind()).toMatchObject({ reminded: 2, skipped: 0 });
    await dayPasses();
    expect(await remind()).toMatchObject({ reminded: 0, skipped: 2 });

    const notes = (await ok<Notes>(s.parent.api.get("/user/api/home/notifications?kind=fee_due"))).rows;
    expect(notes.map((n) => n.title)).toEqual(["Final reminder: Dawud Nair's fees", "Second reminder: Dawud Nair's fees", "Fees due for Dawud Nair"]);
    expect(notes.every((n) => n.studentId === s.students.dawud.id && n.link === "/parent/fees" && n.body.includes("₹1,000.00"))).toBe(true);
    // Asma's mother reads Urdu.
    const urdu = (await ok<Notes>(s.otherParent.api.get("/user/api/home/notifications?kind=fee_due"))).rows;
    expect(urdu.map((n) => n.title)).toEqual([
      "آخری یاد دہانی: \u2068Asma Rahman\u2069 کی فیس",
      "دوسری یاد دہانی: \u2068Asma Rahman\u2069 کی فیس",
      "\u2068Asma Rahman\u2069 کی فیس واجب الادا",
    ]);
    const rows = await app.services.db.execute(
      sql`select student_id, level, amount from fee_reminders where tenant_id = ${s.tenant.id} and student_id = ${s.students.dawud.id} order by level`,
    );
    expect((rows as unknown as { rows: { level: number; amount: number }[] }).rows.map((r) => [Number(r.level), Number(r.amount)])).toEqual([
      [1, 100_000],
      [2, 100_000],
      [3, 100_000],
    ]);
    const defaulters = await ok<{ rows: { studentId: number; remindersSent: number }[] }>(s.api.get("/admin/api/fees/defaulters"));
    expect(defaulters.rows.find((r) => r.studentId === s.students.dawud.id)?.remindersSent).toBe(3);
  });

  it("reminds only the students, classroom or batch it is asked to, of this school", async () => {
    const s = await feeSchool(app);
    expect(await ok<Result>(s.api.post("/admin/api/fees/notifydue", { studentIds: [s.students.dawud.id] }))).toMatchObject({ reminded: 1, noGuardian: 0 });
    expect(await ok<Result>(s.api.post("/admin/api/fees/notifydue", { classroomId: s.room5a.id }))).toMatchObject({ reminded: 1, noGuardian: 1 });
    expect(await ok<Result>(s.api.post("/admin/api/fees/notifydue", { batchId: s.nextYear.id }))).toEqual({
      message: "Nobody to remind today",
      reminded: 0,
      skipped: 0,
      noGuardian: 0,
    });
    const other = await feeSchool(app);
    expect((await s.api.post("/admin/api/fees/notifydue", { studentIds: [other.students.dawud.id] })).statusCode).toBe(404);
    expect((await s.parent.api.post("/admin/api/fees/notifydue", {})).statusCode).toBe(403);
  });

  it("writes each level in the five languages, naming the child and the amount", () => {
    const amount = moneyText(1_250_000, "INR", "IN", "en");
    expect(amount).toBe("₹12,500.00");
    for (const language of ["en", "ta", "ur", "ar", "ml"] as const) {
      const texts = [1, 2, 3].map((level) => reminderText(language, level, "Maryam", moneyText(1_250_000, "INR", "IN", language)));
      expect(new Set(texts.map((t) => t.title)).size).toBe(3);
      for (const t of texts) expect(t.title + t.body).toContain("Maryam");
      for (const t of texts) expect(t.body).toContain(moneyText(1_250_000, "INR", "IN", language));
      if (language !== "en") expect(texts[0]!.body).not.toBe(reminderText("en", 1, "Maryam", amount).body);
    }
    expect(moneyText(12_345_678, "INR", "IN", "en")).toBe("₹1,23,456.78");
    // Latin digits in Urdu too, unless the school writes Urdu in its own.
    expect(moneyText(1_250_000, "INR", "IN", "ur")).toBe("₹12,500.00");
    expect(moneyText(1_250_000, "INR", "IN", "ur", "arabext")).toMatch(/^₹۱۲.۵۰۰.۰۰$/);
  });
});
