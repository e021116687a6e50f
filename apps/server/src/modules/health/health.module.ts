import { defineModule } from "../../platform/modules/define-module.js";
import { registerHealthModule } from "./health.routes.js";

export const healthModule = defineModule({
  key: "health",
  register: registerHealthModule,
});
