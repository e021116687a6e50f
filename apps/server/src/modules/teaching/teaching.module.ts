import { defineModule } from "../../platform/modules/define-module.js";
import { registerTeachingModule } from "./teaching.routes.js";

export const teachingModule = defineModule({
  key: "teaching",
  register: registerTeachingModule,
});
