import { defineModule } from "../../platform/modules/define-module.js";
import { registerAccountModule } from "./account.routes.js";

export const accountModule = defineModule({
  key: "account",
  register: registerAccountModule,
});
