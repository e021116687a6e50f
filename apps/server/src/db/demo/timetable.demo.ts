import { CLASSROOMS, SLOTS, subjectOfSlot, subjectTeacher, WORKING_DAYS } from "./demo-plan.js";
import { createRow, type DemoSchool, inParallel } from "./demo-school.js";

const WIDTH = 4;

/** This year's week: every classroom's hours on the working days, each with its subject and teacher. */
export async function timetableDemo({ api, ids }: DemoSchool): Promise<void> {
  const rooms = CLASSROOMS.filter((r) => r.batch === "current");
  const slots = rooms.flatMap((room) => {
    const roomIndex = rooms.filter((r) => r.course === room.course).indexOf(room);
    return WORKING_DAYS.flatMap((dayOfWeek, dayIndex) =>
      SLOTS[room.course].map((slot, i) => ({ room, dayOfWeek, slot, subject: subjectOfSlot(room, dayIndex, i, roomIndex) })),
    );
  });
  await inParallel(slots, WIDTH, async ({ room, dayOfWeek, slot, subject }) => {
    const hourId = await createRow(api, "hour", {
      classroomId: ids.get("classroom", room.key),
      dayOfWeek,
      startTime: slot.startTime,
      endTime: slot.endTime,
      sessionId: ids.get("session", room.course),
      label: slot.label,
    });
    await createRow(api, "timetable", { hourId, subjectId: ids.get("subject", subject), teacherId: ids.get("staff", subjectTeacher(room, subject)) });
  });
}
