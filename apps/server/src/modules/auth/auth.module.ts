import { defineModule } from "../../platform/modules/define-module.js";
import { registerAuthModule } from "./auth.routes.js";

export const authModule = defineModule({
  key: "auth",
  register: registerAuthModule,
});
