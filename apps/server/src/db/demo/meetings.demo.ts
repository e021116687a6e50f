import type { MeetingInvitee } from "@taleem/contract";
import { addDays } from "@taleem/contract";
// Read only when the slice runs, after seed-demo.ts (which imports this file) has loaded.
import { DEMO } from "../seed-demo.js";
import { createRow, type DemoSchool } from "./demo-school.js";
import { demoParentClassroom, signedInAs } from "./lessons.demo.js";

/**
 * A parent-teacher meeting next week for the demo parent's child's class, every family of it
 * invited: the demo parent is coming, and another family of the class asks for another time.
 */
export async function meetingsDemo(demo: DemoSchool): Promise<void> {
  const { api, today } = demo;
  const room = await demoParentClassroom(demo);
  if (!room) return;
  const id = await createRow(api, "meeting", {
    title: `${room.label}: half-yearly review`,
    date: addDays(today, 6),
    startTime: "10:00",
    endTime: "12:00",
    place: room.room ?? "Main hall",
    agenda: "How the class is doing in each subject, attendance, and your questions. Each family has ten minutes with the class teacher.",
    classroomIds: [room.id],
  });
  const { rows } = await api.get<{ rows: MeetingInvitee[] }>(`/admin/api/meeting/replies/${id}`);
  const parent = await signedInAs(demo, demo.accounts.parent.mobile);
  await parent.post("/admin/api/meeting/reply", { meetingId: id, answer: "coming" });
  await parent.post("/user/api/user/logout").catch(() => undefined);
  // Another family of the class answers too; families sign in by code, so the seed gives this one the demo password.
  const other = rows.find((r) => r.mobile && r.mobile !== demo.accounts.parent.mobile);
  if (!other?.mobile) return;
  await api.post("/admin/api/user/resetpassword", { userId: other.userId, password: DEMO.password });
  const family = await signedInAs(demo, other.mobile);
  await family.post("/admin/api/meeting/reply", {
    meetingId: id,
    answer: "another_time",
    suggestedTime: "Saturday after Asr",
    note: "I work until one on weekdays.",
  });
  await family.post("/user/api/user/logout").catch(() => undefined);
}
