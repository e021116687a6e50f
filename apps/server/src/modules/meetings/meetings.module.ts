import { defineModule } from "../../platform/modules/define-module.js";
import { registerMeetingsModule } from "./meetings.routes.js";

export const meetingsModule = defineModule({
  key: "meetings",
  register: registerMeetingsModule,
  // A teacher sees the meetings; a Muawin does not.
  grants: { staff: ["view"] },
});
