import { defineModule } from "../../platform/modules/define-module.js";
import { registerHomeModule } from "./home.routes.js";

export const homeModule = defineModule({
  key: "home",
  register: registerHomeModule,
});
