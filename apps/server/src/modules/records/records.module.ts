import { defineModule } from "../../platform/modules/define-module.js";
import { registerCustomRecordsModule } from "./custom-records.routes.js";

export const recordsModule = defineModule({
  key: "records",
  register: registerCustomRecordsModule,
});
