import { defineModule } from "../../platform/modules/define-module.js";
import { registerRolesModule } from "./roles.routes.js";

export const rolesModule = defineModule({
  key: "roles",
  register: registerRolesModule,
});
