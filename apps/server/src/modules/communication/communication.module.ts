import { defineModule } from "../../platform/modules/define-module.js";
import { registerCommunicationModule } from "./communication.routes.js";
import { registerDocumentTemplatesModule } from "./document-templates.routes.js";

export const communicationModule = defineModule({
  key: "communication",
  register(app) {
    registerDocumentTemplatesModule(app);
    registerCommunicationModule(app);
  },
});
