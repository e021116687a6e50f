import { addDays, type LeaveApplicationRow, type LinkedChild } from "@taleem/contract";
// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { type DemoApi, type DemoSchool, demoApi } from "./demo-school.js";

async function signedIn(demo: DemoSchool, mobile: string): Promise<DemoApi> {
  const { token } = await demo.open.post<{ token: string }>("/admin/open/auth/login-mobile", { mobile, password: DEMO.password, code: DEMO.code });
  return demoApi(demo.app, token);
}

type Made = { data: LeaveApplicationRow };

/**
 * A few leave applications: the demo parent's for each child (one approved last month, one
 * waiting, one rejected), and the demo teacher's own, waiting for the office.
 */
export async function leaveDemo(demo: DemoSchool): Promise<void> {
  const { api, today } = demo;
  const [parent, teacher] = await Promise.all([signedIn(demo, demo.accounts.parent.mobile), signedIn(demo, demo.accounts.staff.mobile)]);
  try {
    const [{ rows: children }, { types }] = await Promise.all([
      parent.get<{ rows: LinkedChild[] }>("/user/api/home/children"),
      parent.get<{ types: { id: number; name: string }[] }>("/user/api/home/leave"),
    ]);
    const type = (name: string) => types.find((t) => t.name === name)!.id;
    const [elder, younger] = children;
    if (!elder || !younger) return;
    const apply = (who: DemoApi, body: Record<string, unknown>) => who.post<Made>("/user/api/home/leave", body);
    const fever = await apply(parent, {
      studentId: elder.id,
      leaveTypeId: type("Sick leave"),
      fromDate: addDays(today, -30),
      toDate: addDays(today, -28),
      reason: "Fever and cough; the doctor advised three days of rest.",
    });
    await api.put(`/admin/api/leaveapplications/process/${fever.data.id}`, { comment: "Get well soon." });
    await apply(parent, {
      studentId: younger.id,
      leaveTypeId: type("Family"),
      fromDate: addDays(today, 5),
      toDate: addDays(today, 6),
      reason: "Cousin's wedding in Kozhikode.",
    });
    const trip = await apply(parent, {
      studentId: elder.id,
      leaveTypeId: type("Travel"),
      fromDate: addDays(today, 12),
      toDate: addDays(today, 18),
      reason: "Family visit to Dubai.",
    });
    await api.put(`/admin/api/leaveapplications/${trip.data.id}/reject`, { reason: "The half-yearly examinations fall in that week." });
    await apply(teacher, { leaveTypeId: type("Sick leave"), fromDate: addDays(today, 2), toDate: addDays(today, 2), reason: "Dental appointment." });
  } finally {
    await Promise.all([parent.post("/user/api/user/logout"), teacher.post("/user/api/user/logout")]).catch(() => undefined);
  }
}
