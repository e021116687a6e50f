import { defineModule } from "../../platform/modules/define-module.js";
import { registerUsersModule } from "./users.routes.js";

export const usersModule = defineModule({
  key: "users",
  register: registerUsersModule,
});
