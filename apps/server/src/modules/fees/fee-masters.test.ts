import { addDays } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { testApp } from "../../../test/harness.js";
import { addStudent, enrol } from "../academics/school.fixture.js";
import { collect, duesOf, expectError, feeSchool, generate, ok } from "./fees.fixture.js";

const app = await testApp();

interface Master {
  id: number;
  name: string;
  batchName: string;
  total: number;
  students: number;
  generated: number;
  lines: { id: number; name: string; amount: number; dueDates: string[]; total: number }[];
}

describe("fee masters", () => {
  it("keeps a master's lines with their totals and lists it with the dues it made", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const [row] = (await ok<{ rows: Master[] }>(api.get("/admin/api/feesmaster"))).rows;
    expect(row).toMatchObject({ name: "Tuition 2026-27", batchName: "2026-27", total: 200_000, generated: 0, lines: [{ name: "Tuition", total: 200_000 }] });
    await generate(api, s.master.id);
    const [after] = (await ok<{ rows: Master[] }>(api.get("/admin/api/feesmaster"))).rows;
    expect(after).toMatchObject({ students: 4, generated: 8 });
    await expectError(api.post("/admin/api/feesmaster", { name: "Empty", batchId: s.thisYear.id, lines: [] }), 400);
    await expectError(
      api.post("/admin/api/feesmaster", {
        name: "Nowhere",
        batchId: 999_999,
        lines: [{ head: "exam", name: "Exam", amount: 100, frequency: "once", dueDates: ["2026-09-01"] }],
      }),
      404,
    );
    const taken = await expectError(
      api.post("/admin/api/feesmaster", {
        name: "tuition 2026-27",
        batchId: s.thisYear.id,
        lines: [{ head: "exam", name: "Exam", amount: 100, frequency: "once", dueDates: ["2026-09-01"] }],
      }),
      409,
    );
    expect(taken.params).toMatchObject({ field: "name" });
    // Its batch cannot move under the dues it made.
    await expectError(api.put("/admin/api/feesmaster", { id: s.master.id, batchId: s.nextYear.id }), 409, "fee_master.has_dues");
  });
});

describe("generate-payments", () => {
  it("previews without making anything, makes each instalment once, and twice makes nothing more", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const preview = await generate(api, s.master.id, { preview: true });
    expect(preview).toMatchObject({ students: 4, created: 8, existing: 0, total: 800_000 });
    expect(await duesOf(api, s.aisha.id)).toEqual([]);
    const made = await generate(api, s.master.id);
    expect(made).toMatchObject({ students: 4, created: 8, existing: 0 });
    const again = await generate(api, s.master.id);
    expect(again).toMatchObject({ students: 4, created: 0, existing: 8 });
    expect(await duesOf(api, s.aisha.id)).toHaveLength(2);
    // A student enrolled later gets theirs, and nobody else anything more.
    const late = await addStudent(api, { name: "Yusuf" });
    await enrol(api, late.id, s.room5b.id, { startedOn: "2026-08-01" });
    expect(await generate(api, s.master.id)).toMatchObject({ students: 5, created: 2, existing: 8 });
    await expectError(api.post("/admin/api/feesmaster/generate-payments", { feeMasterId: 999_999 }), 404);
    await expectError(api.post("/admin/api/feesmaster/generate-payments", {}), 400);
  });

  it("reaches only the students of the master's course class or group", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    const line = { head: "hostel", name: "Hostel", amount: 50_000, frequency: "once", dueDates: ["2026-08-01"] };
    const byGroup = await ok<{ data: { id: number } }>(
      api.post("/admin/api/feesmaster", { name: "Staff children", batchId: s.thisYear.id, groupId: s.group.id, lines: [line] }),
    );
    expect(await generate(api, byGroup.data.id)).toMatchObject({ students: 1, created: 1 });
    expect((await duesOf(api, s.hamza.id)).map((d) => d.name)).toEqual(["Hostel"]);
    const byClass = await ok<{ data: { id: number } }>(
      api.post("/admin/api/feesmaster", { name: "Class 5", batchId: s.thisYear.id, courseClassId: s.class5.id, lines: [line] }),
    );
    expect(await generate(api, byClass.data.id)).toMatchObject({ students: 4 });
    const nextYear = await ok<{ data: { id: number } }>(api.post("/admin/api/feesmaster", { name: "Next", batchId: s.nextYear.id, lines: [line] }));
    expect(await generate(api, nextYear.data.id)).toMatchObject({ students: 0, created: 0 });
  });
});

describe("update-payments", () => {
  it("carries a changed amount and date to unpaid dues only and lists the rest as left alone", async () => {
    const s = await feeSchool(app);
    const { api } = s;
    await generate(api, s.master.id);
    await collect(api, { studentId: s.aisha.id, amount: 100_000, paidOn: "2026-07-01" });
    await collect(api, { studentId: s.bilal.id, amount: 10_000, paidOn: "2026-07-01" });
    const [master] = (await ok<{ rows: Master[] }>(api.get("/admin/api/feesmaster"))).rows;
    const line = master!.lines[0]!;
    await ok(
      api.put("/admin/api/feesmaster", {
        id: s.master.id,
        lines: [{ id: line.id, head: "tuition", name: "Tuition", amount: 120_000, frequency: "termly", dueDates: ["2026-07-15", "2026-10-10"] }],
      }),
    );
    const result = await ok<{ updated: number; created: number; cancelled: number; leftAlone: { studentId: number; reason: string; name: string }[] }>(
      api.put("/admin/api/feesmaster/update-payments", { feeMasterId: s.master.id }),
    );
    // Aisha's first is paid, Bilal's first partly: both left alone; the other six changed.
    expect(result).toMatchObject({ updated: 6, created: 0, cancelled: 0 });
    expect(result.leftAlone.map((l) => [l.studentId, l.reason]).sort()).toEqual(
      [
        [s.aisha.id, "paid"],
        [s.bilal.id, "partlyPaid"],
      ].sort(),
    );
    const aisha = await duesOf(api, s.aisha.id);
    expect(aisha.map((d) => [d.dueDate, d.amount, d.paid])).toEqual([
      ["2026-07-10", 100_000, 100_000],
      ["2026-10-10", 120_000, 0],
    ]);
    expect((await duesOf(api, s.zaid.id)).map((d) => [d.dueDate, d.amount, d.balance])).toEqual([
      ["2026-07-15", 120_000, 120_000],
      ["2026-10-10", 120_000, 120_000],
    ]);
    // A line taken out cancels its unpaid dues; the new line's due is a month from today, so not yet overdue.
    const ahead = addDays(new Date().toISOString().slice(0, 10), 30);
    await ok(
      api.put("/admin/api/feesmaster", {
        id: s.master.id,
        lines: [{ head: "exam", name: "Exam", amount: 5_000, frequency: "once", dueDates: [ahead] }],
      }),
    );
    const second = await ok<{ cancelled: number; created: number }>(api.put("/admin/api/feesmaster/update-payments", { feeMasterId: s.master.id }));
    expect(second).toMatchObject({ cancelled: 6, created: 4 });
    expect((await duesOf(api, s.zaid.id)).map((d) => d.state)).toEqual(["cancelled", "cancelled", "due"]);
    await expectError(api.put("/admin/api/feesmaster/update-payments", { feeMasterId: 999_999 }), 404);
  });
});
