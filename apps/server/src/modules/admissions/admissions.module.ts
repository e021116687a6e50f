import { defineModule } from "../../platform/modules/define-module.js";
import { registerAdmissionsModule } from "./admissions.routes.js";

export const admissionsModule = defineModule({
  key: "admissions",
  register: registerAdmissionsModule,
});
