import { defineModule } from "../../platform/modules/define-module.js";
import { registerMaterialsModule } from "./materials.routes.js";

export const materialsModule = defineModule({
  key: "materials",
  register: registerMaterialsModule,
  // A teacher shares materials (the office approves them); a Muawin shares none.
  grants: { staff: ["view", "add", "edit"] },
});
