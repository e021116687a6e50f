import { defineModule } from "../../platform/modules/define-module.js";
import { registerStudentsModule } from "./students.routes.js";

export const studentsModule = defineModule({
  key: "students",
  register: registerStudentsModule,
  // Teachers and Muawins look students up; the office changes them.
  grants: { staff: ["view"], muawin: ["view"] },
});
