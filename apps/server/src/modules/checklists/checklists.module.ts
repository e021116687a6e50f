import { defineModule } from "../../platform/modules/define-module.js";
import { registerChecklistsModule } from "./checklists.routes.js";

export const checklistsModule = defineModule({
  key: "checklists",
  register: registerChecklistsModule,
  // Teachers and Muawins submit their checklists; the office reviews them. A parent submits the
  // checklists the school assigns to them (or to the Parent role), seeing only those and their own
  // submissions (the tables' family links); a family never makes or copies a checklist.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add", "edit"], parent: ["view", "add"] },
});
