import { defineModule } from "../../platform/modules/define-module.js";
import { registerHifzModule } from "./hifz.routes.js";
import { registerQuranModule } from "./quran.routes.js";

export const hifzModule = defineModule({
  key: "hifz",
  register(app) {
    registerQuranModule(app);
    registerHifzModule(app);
  },
  // A teacher records and edits memorisation; a Muawin records it.
  grants: { staff: ["view", "add", "edit"], muawin: ["view", "add"] },
});
