import { defineModule } from "../../platform/modules/define-module.js";
import { registerCustomFieldsModule } from "./custom-fields.routes.js";
import { registerFormCustomisationModule } from "./form-customisation.routes.js";
import { registerSettingsModule } from "./settings.routes.js";

export const settingsModule = defineModule({
  key: "settings",
  register(app, services) {
    registerSettingsModule(app, services);
    registerCustomFieldsModule(app);
    registerFormCustomisationModule(app, services);
  },
});
