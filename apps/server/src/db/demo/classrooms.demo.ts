import { CLASSROOMS, SUBJECTS, subjectTeacher } from "./demo-plan.js";
import { createRow, type DemoSchool } from "./demo-school.js";

/** Eight classrooms this year and three last year, each with its class teacher and its course's subjects and their teachers. */
export async function classroomsDemo({ api, ids }: DemoSchool): Promise<void> {
  for (const room of CLASSROOMS) {
    const subjects = SUBJECTS.filter((s) => s.course === room.course).map((s) => ({
      subjectId: ids.get("subject", s.code),
      teacherId: ids.get("staff", subjectTeacher(room, s.code)),
    }));
    const id = await createRow(api, "classRoom", {
      batchId: ids.get("batch", room.batch),
      courseClassId: ids.get("courseClass", room.class),
      name: room.name,
      room: room.room,
      capacity: 25,
      classTeacherId: ids.get("staff", room.classTeacher),
      subjects,
    });
    ids.set("classroom", room.key, id);
  }
}
