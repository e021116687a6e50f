import { addDays } from "@taleem/contract";
import { describe, expect, it } from "vitest";
import { adminOfNewTenant, testApp } from "../../../test/harness.js";
import { AppError } from "../../platform/http/errors.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { students } from "../students/students.table.js";
import { refund, reverseTransaction, takePayment, waiveFine } from "./fee-collection.service.js";
import { concessionsFor, makeDue, reapplyDue, untouchable } from "./fee-generation.service.js";
import { dueSums, studentSums } from "./fee-ledger.js";
import { feeConcessions, fees } from "./fees.table.js";

const app = await testApp();

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  return { next, int, pick };
}

const FINE = 5_000;
const GRACE = 5;

/** The model: what each due and the student owe, worked out here from the steps alone. */
interface ModelDue {
  id: number;
  dueDate: string;
  amount: number;
  concession: number;
  fineCharged: number;
  fineWaived: number;
  finePaid: number;
  principalPaid: number;
  waived: boolean;
}
interface ModelTransaction {
  id: number;
  kind: "payment" | "refund";
  parts: { due: ModelDue | null; fine: boolean; amount: number }[];
  reversed: boolean;
}

const fineOwed = (d: ModelDue) => d.fineCharged - d.fineWaived - d.finePaid;
const principalOwed = (d: ModelDue) => d.amount - d.concession - d.principalPaid;
const balanceOf = (d: ModelDue) => principalOwed(d) + fineOwed(d);

/** Percents (basis points) stacked in order of priority then age, each of what the ones before left. */
function stacked(amount: number, percents: { bp: number; priority: number; id: number }[]) {
  let left = amount;
  for (const p of [...percents].sort((a, b) => a.priority - b.priority || a.id - b.id)) left -= Math.floor((left * p.bp + 5_000) / 10_000);
  return amount - left;
}

async function expectRefusal(work: Promise<unknown>, status: number) {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
}

describe("the ledger against a model", () => {
  it("keeps every due's and the student's balance equal to the model through 200 random runs, and never over-pays a due", async () => {
    const { tenant } = await adminOfNewTenant(app);
    const scope = new TenantScope(app.services.db, tenant.id);
    const seed = Number(process.env.FEE_PROPERTY_SEED ?? 20_261_127);
    const runs = Number(process.env.FEE_PROPERTY_RUNS ?? 200);
    const rng = random(seed);
    let steps = 0;
    const seen = { pay: 0, fine: 0, reverse: 0, refund: 0, refused: 0, concession: 0, waive: 0 };
    for (let run = 0; run < runs; run++) {
      const student = await scope.insert(students, { admissionNo: `P-${seed}-${run}`, name: `Model ${run}` });
      const percents: { bp: number; priority: number; id: number }[] = [];
      const dues: ModelDue[] = [];
      for (let i = 0; i < rng.int(1, 3); i++) {
        const dueDate = addDays("2026-06-01", rng.int(0, 150));
        const amount = rng.int(1, 20) * 5_000 + rng.int(0, 99);
        const made = await makeDue(
          scope,
          {
            studentId: student.id,
            batchId: null,
            feeMasterId: null,
            feeMasterLineId: null,
            instalment: null,
            head: "tuition",
            name: `Due ${i}`,
            dueDate,
            amount,
            pledge: false,
            fineRule: { kind: "fixed", graceDays: GRACE, amount: FINE },
          },
          [],
          null,
        );
        if (!made) throw new Error("due not made");
        dues.push({ id: made.due.id, dueDate, amount, concession: 0, fineCharged: 0, fineWaived: 0, finePaid: 0, principalPaid: 0, waived: false });
      }
      const transactions: ModelTransaction[] = [];
      let advance = 0;

      const check = async (what: string) => {
        const sums = await dueSums(
          scope,
          dues.map((d) => d.id),
        );
        for (const d of dues) {
          const s = sums.get(d.id);
          const label = `seed ${seed} run ${run} after ${what}: due ${d.id}`;
          expect(s?.balance, label).toBe(balanceOf(d));
          expect(s?.paid, label).toBe(d.finePaid + d.principalPaid);
          expect(s?.concession, label).toBe(d.concession);
          expect(s?.fine, label).toBe(d.fineCharged - d.fineWaived);
          // Never over-paid: nothing paid beyond what it charged less its concessions, nor beyond its fine.
          expect(d.principalPaid, label).toBeLessThanOrEqual(d.amount - d.concession);
          expect(s?.balance ?? -1, label).toBeGreaterThanOrEqual(0);
        }
        const whole = (await studentSums(scope, [student.id])).get(student.id);
        expect(whole, `seed ${seed} run ${run} after ${what}: student`).toEqual({ balance: dues.reduce((n, d) => n + balanceOf(d), 0) - advance, advance });
      };

      for (let step = 0; step < 6; step++) {
        steps++;
        const roll = rng.next();
        if (roll < 0.45) {
          // A payment on a day, over all dues or one, fines charged first as the model decides.
          const paidOn = addDays("2026-06-01", rng.int(0, 170));
          const only = rng.next() < 0.25 ? [rng.pick(dues)] : null;
          const chosen = (only ?? dues).slice().sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
          const amount = rng.int(1, 60) * 2_500 + rng.int(0, 9);
          const taken = await takePayment(scope, {
            studentId: student.id,
            amount,
            mode: "cash",
            paidOn,
            feeIds: only?.map((d) => d.id),
            status: "received",
            by: null,
            intent: { advance: true, confirmed: true },
          });
          for (const d of chosen)
            if (!d.waived && d.fineCharged === 0 && paidOn > addDays(d.dueDate, GRACE) && principalOwed(d) > 0) {
              d.fineCharged = FINE;
              seen.fine++;
            }
          seen.pay++;
          let left = amount;
          const parts: ModelTransaction["parts"] = [];
          for (const fine of [true, false])
            for (const d of chosen) {
              const part = Math.min(left, Math.max(0, fine ? fineOwed(d) : principalOwed(d)));
              if (part > 0) {
                parts.push({ due: d, fine, amount: part });
                if (fine) d.finePaid += part;
                else d.principalPaid += part;
                left -= part;
              }
            }
          if (left > 0) {
            parts.push({ due: null, fine: false, amount: left });
            advance += left;
          }
          expect(taken.allocations.reduce((n, a) => n + a.amount, 0)).toBe(amount);
          transactions.push({ id: taken.transaction.id, kind: "payment", parts, reversed: false });
          await check(`paying ${amount} on ${paidOn}`);
        } else if (roll < 0.6) {
          const open = transactions.filter((t) => !t.reversed);
          const t = open.length ? rng.pick(open) : transactions.length ? rng.pick(transactions) : null;
          if (!t) continue;
          if (t.reversed) {
            await expectRefusal(reverseTransaction(scope, t.id, "Twice", null), 409);
            seen.refused++;
            continue;
          }
          await reverseTransaction(scope, t.id, "Wrong entry", null);
          t.reversed = true;
          seen.reverse++;
          for (const p of t.parts) {
            if (!p.due) advance += t.kind === "refund" ? p.amount : -p.amount;
            else if (p.fine) p.due.finePaid -= p.amount;
            else p.due.principalPaid -= p.amount;
          }
          await check(`reversing ${t.id}`);
        } else if (roll < 0.72) {
          const amount = rng.int(1, 30_000);
          const work = refund(scope, {
            studentId: student.id,
            amount,
            mode: "cash",
            reason: "Paid ahead",
            idempotencyKey: `refund-${seed}-${run}-${step}`,
            by: null,
          });
          if (amount > Math.max(0, advance)) {
            await expectRefusal(work, 409);
            seen.refused++;
            continue;
          }
          const { transaction } = await work;
          seen.refund++;
          advance -= amount;
          transactions.push({ id: transaction.id, kind: "refund", parts: [{ due: null, fine: false, amount }], reversed: false });
          await check(`refunding ${amount}`);
        } else if (roll < 0.86) {
          // A concession for the student, carried to the dues nobody has paid against.
          const bp = rng.int(1, 60) * 100;
          const priority = rng.int(0, 3);
          const c = await scope.insert(feeConcessions, {
            name: "Model",
            level: "student",
            studentId: student.id,
            kind: "percent",
            value: bp,
            priority,
            reason: "Model",
            validFrom: "2026-01-01",
            validTo: "2027-12-31",
          });
          percents.push({ bp, priority, id: c.id });
          const rules = (await concessionsFor(scope, [student.id], null)).get(student.id) ?? [];
          const sums = await dueSums(
            scope,
            dues.map((d) => d.id),
          );
          for (const d of dues) {
            const s = sums.get(d.id);
            if (!s || untouchable(s)) continue;
            expect(d.finePaid + d.principalPaid).toBe(0);
            const due = await scope.find(fees, d.id);
            await reapplyDue(scope, due, { amount: due.amount, dueDate: due.dueDate, name: due.name }, rules, null);
            d.concession = stacked(d.amount, percents);
            seen.concession++;
          }
          await check(`a concession of ${bp} bp`);
        } else {
          const d = rng.pick(dues);
          const work = waiveFine(scope, d.id, "Model waiver", null);
          if (d.waived) {
            await expectRefusal(work, 409);
            continue;
          }
          await work;
          d.fineWaived += Math.max(0, fineOwed(d));
          d.waived = true;
          seen.waive++;
          await check(`waiving the fine of ${d.id}`);
        }
      }
    }
    expect(steps).toBe(runs * 6);
    // Every kind of step happened, so the model was tried on each.
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(0);
  }, 900_000);
});
