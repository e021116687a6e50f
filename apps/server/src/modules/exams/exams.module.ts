import { defineModule } from "../../platform/modules/define-module.js";
import { registerExamsModule } from "./exams.routes.js";

export const examsModule = defineModule({
  key: "exams",
  register: registerExamsModule,
});
