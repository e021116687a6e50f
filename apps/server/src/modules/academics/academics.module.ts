import { defineModule } from "../../platform/modules/define-module.js";
import { registerAcademicsModule } from "./academics.routes.js";
import { registerClassroomsModule } from "./classrooms.routes.js";
import { registerEnrolmentsModule } from "./enrolments.routes.js";
import { registerTimetableModule } from "./timetable.routes.js";

export const academicsModule = defineModule({
  key: "academics",
  register(app, services) {
    registerAcademicsModule(app, services);
    registerClassroomsModule(app, services);
    registerEnrolmentsModule(app, services);
    registerTimetableModule(app, services);
  },
  // A teacher sees the school's classes, subjects and timetable; the office changes them.
  grants: { staff: ["view"] },
});
