import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { provisionTenant } from "../modules/provision.js";
import { builtinRoleId, createUser } from "../platform/auth/user-accounts.js";
import { schoolToday } from "../platform/tenancy/school-calendar.js";
import { settings } from "../platform/tenancy/settings.table.js";
import { TenantScope } from "../platform/tenancy/tenant-scope.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import type { Db } from "./db-types.js";
import { academicsDemo } from "./demo/academics.demo.js";
import { admissionsDemo } from "./demo/admissions.demo.js";
import { announcementsDemo } from "./demo/announcements.demo.js";
import { attendanceDemo } from "./demo/attendance.demo.js";
import { chatDemo } from "./demo/chat.demo.js";
import { checklistsDemo } from "./demo/checklists.demo.js";
import { classroomsDemo } from "./demo/classrooms.demo.js";
import { CallTimes, DemoIds, type DemoSchool, demoApi, demoRandom } from "./demo/demo-school.js";
import { examsDemo } from "./demo/exams.demo.js";
import { feesDemo } from "./demo/fees.demo.js";
import { hallsDemo } from "./demo/halls.demo.js";
import { hifzDemo } from "./demo/hifz.demo.js";
import { homeDemo } from "./demo/home.demo.js";
import { leaveDemo } from "./demo/leave.demo.js";
import { lessonsDemo } from "./demo/lessons.demo.js";
import { materialsDemo } from "./demo/materials.demo.js";
import { meetingsDemo } from "./demo/meetings.demo.js";
import { creditDemoWallets, messagingDemo } from "./demo/messaging.demo.js";
import { salaahDemo } from "./demo/salaah.demo.js";
import { staffDemo } from "./demo/staff.demo.js";
import { studentsDemo } from "./demo/students.demo.js";
import { tasksDemo } from "./demo/tasks.demo.js";
import { timetableDemo } from "./demo/timetable.demo.js";

/** The demo school's people; the README lists the same. */
export const DEMO = {
  code: "DEMO",
  name: "Al-Noor Demo Madrasa",
  password: "Taleem@Demo2026",
  admin: { name: "Aisha Rahman (Admin)", mobile: "+919800000001", username: "admin" },
  staff: { name: "Yusuf Ali (Teacher)", mobile: "+919800000002", username: "teacher" },
  parent: { name: "Fatima Begum (Parent)", mobile: "+919800000003", username: "parent" },
  muawin: { name: "Ibrahim K (Muawin)", mobile: "+919800000004", username: "muawin" },
} as const;

/**
 * The demo school, slice by slice, in this order; each file in src/db/demo/ builds its module's
 * part through the HTTP API as the demo admin, so it is checked like anyone's input and keeps
 * working while the modules' insides change. Later slices use the ids earlier ones made
 * (`demo.ids`). A module that adds screens adds its slice here, after the ones it needs:
 * attendance and prayer logs for a term, hifz logs with mistakes, an exam with results, fees with
 * payments and dues.
 */
const SLICES: readonly { name: string; run: (demo: DemoSchool) => Promise<void> }[] = [
  { name: "academics", run: academicsDemo },
  { name: "staff", run: staffDemo },
  { name: "classrooms", run: classroomsDemo },
  { name: "students", run: studentsDemo },
  { name: "timetable", run: timetableDemo },
  { name: "admissions", run: admissionsDemo },
  { name: "messaging", run: messagingDemo },
  { name: "chat", run: chatDemo },
  { name: "announcements", run: announcementsDemo },
  { name: "salaah", run: salaahDemo },
  { name: "leave", run: leaveDemo },
  { name: "attendance", run: attendanceDemo },
  { name: "hifz", run: hifzDemo },
  { name: "exams", run: examsDemo },
  { name: "fees", run: feesDemo },
  { name: "checklists", run: checklistsDemo },
  { name: "lessons", run: lessonsDemo },
  { name: "meetings", run: meetingsDemo },
  { name: "tasks", run: tasksDemo },
  { name: "materials", run: materialsDemo },
  { name: "halls", run: hallsDemo },
  { name: "home", run: homeDemo },
];

/** Every machine makes the same school: each slice draws from its own generator, seeded from this and its name. */
const SEED = "taleem-demo-2026";

/**
 * The public forms' calls come from a documentation address (RFC 5737), so the seed's
 * applications do not use up the per-address allowance of whoever runs the server locally.
 */
const SEED_ADDRESS = "192.0.2.10";

/** Seeds the demo school once; returns false when it exists already. */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  const { db } = app.services;
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, DEMO.code));
  if (existing) return false;
  const started = performance.now();
  const { tenant } = await provisionTenant(db, {
    code: DEMO.code,
    name: DEMO.name,
    country: "IN",
    timeZone: "Asia/Kolkata",
    currency: "INR",
    languages: ["en", "ml", "ar", "ur", "ta"],
    admin: { ...DEMO.admin, password: DEMO.password },
  });
  await db.transaction(async (tx) => {
    const scope = new TenantScope(tx as unknown as Db, tenant.id);
    for (const key of ["staff", "parent", "muawin"] as const) {
      await createUser(scope, "IN", { ...DEMO[key], password: DEMO.password, roleIds: [await builtinRoleId(scope, key)] });
    }
    await creditDemoWallets(tx as unknown as Db, tenant.id);
    // The demo's public admission form is open, so a newcomer can try the whole journey.
    await tx
      .update(settings)
      .set({ config: { admissionsOpen: true } })
      .where(scope.where(settings));
  });
  const school = performance.now();
  const { seconds, calls } = await seedSlices(app, await schoolToday(new TenantScope(db, tenant.id)));
  // What the seed and each slice cost, so a slice that makes a first start slow shows.
  const round = (ms: number) => Math.round(ms) / 1000;
  app.log.info({ total: round(performance.now() - started), school: round(school - started), seconds, ...(calls ? { calls } : {}) }, "seeded the demo school");
  return true;
}

/**
 * Signs in once as the demo admin and runs the slices; a failing slice is named in the error.
 * Returns each slice's seconds, and with DEMO_TIMING=1 the seconds per kind of call.
 */
async function seedSlices(app: FastifyInstance, today: string) {
  const times = process.env.DEMO_TIMING === "1" ? new CallTimes() : undefined;
  // Hundreds of calls would log two lines each to the terminal of whoever typed npm start; a
  // request's logger is a child of the app's, made with the level of the moment.
  const seconds: Record<string, number> = {};
  const level = app.log.level;
  if (["trace", "debug", "info"].includes(level)) app.log.level = "warn";
  try {
    const signIn = await demoApi(app, undefined, undefined, times).post<{ token: string }>("/admin/open/auth/login-mobile", {
      mobile: DEMO.admin.mobile,
      password: DEMO.password,
      code: DEMO.code,
    });
    const api = demoApi(app, signIn.token, undefined, times);
    const school = { app, api, open: demoApi(app, undefined, SEED_ADDRESS, times), today, ids: new DemoIds(), accounts: DEMO };
    try {
      for (const slice of SLICES) {
        const started = performance.now();
        try {
          await slice.run({ ...school, random: demoRandom(`${SEED}:${slice.name}`) });
        } catch (e) {
          throw new Error(`The demo school's ${slice.name} slice failed: ${(e as Error).message}`, { cause: e });
        }
        seconds[slice.name] = Math.round(performance.now() - started) / 1000;
      }
    } finally {
      await api.post("/user/api/user/logout").catch(() => undefined);
    }
  } finally {
    app.log.level = level;
  }
  return { seconds, calls: times?.summary() };
}

export function demoCredentials(): string {
  const rows = (["admin", "staff", "parent", "muawin"] as const).map(
    (k) => `  ${k.padEnd(7)} mobile ${DEMO[k].mobile}  username ${DEMO[k].username.padEnd(8)} password ${DEMO.password}`,
  );
  return [`Demo school code: ${DEMO.code}`, ...rows].join("\n");
}
