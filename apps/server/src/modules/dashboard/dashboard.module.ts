import { defineModule } from "../../platform/modules/define-module.js";
import { registerDashboardModule } from "./dashboard.routes.js";

export const dashboardModule = defineModule({
  key: "dashboard",
  register: registerDashboardModule,
});
