import { CLASSROOMS, SLOTS, subjectOfSlot, subjectTeacher, WORKING_DAYS } from "./demo-plan.js";
import type { DemoSchool } from "./demo-school.js";

/** This year's week: every classroom's hours on the working days, each with its subject and teacher, one call a classroom. */
export async function timetableDemo({ api, ids }: DemoSchool): Promise<void> {
  const rooms = CLASSROOMS.filter((r) => r.batch === "current");
  for (const room of rooms) {
    const roomIndex = rooms.filter((r) => r.course === room.course).indexOf(room);
    const hours = WORKING_DAYS.flatMap((dayOfWeek, dayIndex) =>
      SLOTS[room.course].map((slot, i) => {
        const subject = subjectOfSlot(room, dayIndex, i, roomIndex);
        return {
          dayOfWeek,
          startTime: slot.startTime,
          endTime: slot.endTime,
          sessionId: ids.get("session", room.course),
          label: slot.label,
          subjectId: ids.get("subject", subject),
          teacherId: ids.get("staff", subjectTeacher(room, subject)),
        };
      }),
    );
    await api.post("/admin/api/hour/bulk", { classroomId: ids.get("classroom", room.key), hours });
  }
}
