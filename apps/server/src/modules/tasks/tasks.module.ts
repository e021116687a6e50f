import { defineModule } from "../../platform/modules/define-module.js";
import { registerTasksModule } from "./tasks.routes.js";

export const tasksModule = defineModule({
  key: "tasks",
  register: registerTasksModule,
  // Teachers and Muawins set tasks and homework.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add", "edit"] },
});
