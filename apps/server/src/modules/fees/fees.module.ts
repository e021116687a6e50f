import { defineModule } from "../../platform/modules/define-module.js";
import { registerFeesModule } from "./fees.routes.js";

export const feesModule = defineModule({
  key: "fees",
  register: registerFeesModule,
});
