import { defineModule } from "../../platform/modules/define-module.js";
import { registerChecklistsModule } from "./checklists.routes.js";

export const checklistsModule = defineModule({
  key: "checklists",
  register: registerChecklistsModule,
  // Teachers and Muawins submit their checklists; the office reviews them.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add", "edit"] },
});
