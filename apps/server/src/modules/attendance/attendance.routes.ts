import type { FastifyInstance } from "fastify";
import type { Services } from "../../platform/services.js";
import { registerAttendanceReports } from "./attendance-reports.routes.js";
import { registerGeneralAttendance } from "./general-attendance.routes.js";
import { registerLeave } from "./leave.routes.js";
import { registerRegisters } from "./registers.routes.js";
import { registerSalaah } from "./salaah.routes.js";
import { registerStaffAttendance } from "./staff-attendance.routes.js";

/** Attendance: registers (codes, rules, marks, staff, reports), the school's own registers, salaah and leave. */
export function registerAttendanceModule(app: FastifyInstance, services: Services) {
  registerRegisters(app, services);
  registerAttendanceReports(app);
  registerStaffAttendance(app);
  registerGeneralAttendance(app);
  registerLeave(app, services);
  registerSalaah(app, services);
}
