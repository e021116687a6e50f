import { defineModule } from "../../platform/modules/define-module.js";
import { registerAttendanceModule } from "./attendance.routes.js";

export const attendanceModule = defineModule({
  key: "attendance",
  register: registerAttendanceModule,
  // A teacher takes and corrects registers; a Muawin (an assistant, often the hostel warden) takes them.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add"] },
});
