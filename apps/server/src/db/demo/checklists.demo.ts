import { addDays } from "@taleem/contract";
import { eq } from "drizzle-orm";
import { remindMissedInSchool } from "../../modules/checklists/checklist-reminders.service.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { createRow, type DemoSchool, demoApi } from "./demo-school.js";

const NIGHT_ROUND = [
  { question: "All dormitory doors locked?", kind: "yesno" },
  { question: "Boys present at the night roll call", kind: "number" },
  { question: "Lights out by 10 pm?", kind: "yesno" },
  { question: "Anything to report", kind: "text" },
] as const;

const WEEKLY_PLAN = [
  { question: "Lessons planned for every class?", kind: "yesno" },
  { question: "Surahs to be revised this week", kind: "text" },
  { question: "Homework tasks set", kind: "number" },
] as const;

const NOTES = ["Quiet night", "All well", "One boy unwell, given medicine", "Water leak in room 4 reported", "Visitor left before Isha"];
const SURAHS = ["Al-Mulk and Al-Qalam", "Yasin", "Ar-Rahman", "Al-Waqi'ah", "Al-Kahf, first ten ayat"];

/** The Monday of a date's week. */
const monday = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * Checklists: the muawin's nightly hostel round (four weeks of it) and the teacher's weekly plan,
 * submitted from their own accounts (Staff and Muawin submit checklists), mostly approved by
 * the admin, one round sent back; some nights and a week were not submitted, and the last missed
 * night is marked and reminded as the sweep does.
 */
export async function checklistsDemo({ app, api, open, random, today, ids }: DemoSchool): Promise<void> {
  const users = await api.get<{ rows: { id: number; mobile: string | null }[] }>("/admin/api/user", { limit: 500 });
  const idOf = (mobile: string) => users.rows.find((u) => u.mobile === mobile)!.id;
  const start = addDays(today, -27);
  const round = await createRow(api, "checklists", {
    name: "Hostel night round",
    category: "Hostel",
    frequency: "daily",
    startsOn: start,
    items: NIGHT_ROUND,
    assigneeIds: [idOf(DEMO.muawin.mobile)],
  });
  const plan = await createRow(api, "checklists", {
    name: "Teacher's weekly plan",
    category: "Teaching",
    frequency: "weekly",
    startsOn: monday(start),
    items: WEEKLY_PLAN,
    assigneeIds: [idOf(DEMO.staff.mobile)],
  });
  ids.set("checklist", "nightRound", round);
  ids.set("checklist", "weeklyPlan", plan);

  const as = async (mobile: string) =>
    demoApi(app, (await open.post<{ token: string }>("/admin/open/auth/login-mobile", { mobile, password: DEMO.password, code: DEMO.code })).token);
  const submit = (who: Awaited<ReturnType<typeof as>>, checklistId: number, startDate: string, answers: unknown[], comments?: string) =>
    who
      .post<{ data: { id: number } }>("/admin/api/checklists/checklist-logs", { checklistId, startDate, answers, comments: comments ?? null })
      .then((r) => r.data.id);

  const warden = await as(DEMO.muawin.mobile);
  const rounds: number[] = [];
  // Nights up to the day before yesterday: about one in six missed; yesterday's is missed too.
  for (let d = start; d < addDays(today, -1); d = addDays(d, 1)) {
    if (random.chance(0.17)) continue;
    const answers = [
      { itemId: 1, value: random.chance(0.95) },
      { itemId: 2, value: random.int(38, 42) },
      { itemId: 3, value: random.chance(0.9) },
      { itemId: 4, value: random.pick(NOTES) },
    ];
    rounds.push(await submit(warden, round, d, answers));
  }
  const teacher = await as(DEMO.staff.mobile);
  const weeks: number[] = [];
  for (const [n, week] of [addDays(monday(today), -28), addDays(monday(today), -21), addDays(monday(today), -7)].entries()) {
    weeks.push(
      await submit(
        teacher,
        plan,
        week,
        [
          { itemId: 1, value: true },
          { itemId: 2, value: SURAHS[n]! },
          { itemId: 3, value: random.int(3, 6) },
        ],
        n === 2 ? "Exams next week" : undefined,
      ),
    );
  }
  for (const who of [warden, teacher]) await who.post("/user/api/user/logout");

  // The office reviews all but the last few days; one round goes back for a missing note.
  const review = (id: number, status: "approved" | "rejected", comments?: string) =>
    api.put(`/admin/api/checklists/checklist-logs/${id}/review`, { status, comments: comments ?? null });
  for (const [n, id] of rounds.slice(0, -3).entries())
    await review(id, n === 4 ? "rejected" : "approved", n === 4 ? "Write who was absent at the roll call." : undefined);
  for (const id of weeks.slice(0, 2)) await review(id, "approved");

  const [tenant] = await app.services.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, DEMO.code));
  const later: (() => unknown)[] = [];
  await new TenantScope(app.services.db, tenant!.id).transaction((scope) => remindMissedInSchool(app.services, { scope, afterCommit: (fn) => later.push(fn) }));
  for (const fn of later) await fn();
}
