import { defineModule } from "../../platform/modules/define-module.js";
import { registerHallsModule } from "./halls.routes.js";

export const hallsModule = defineModule({
  key: "halls",
  register: registerHallsModule,
  // Teachers and Muawins take hall checks.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add", "edit"] },
});
