import { defineModule } from "../../platform/modules/define-module.js";
import { registerLessonsModule } from "./lessons.routes.js";

export const lessonsModule = defineModule({
  key: "lessons",
  register: registerLessonsModule,
  // Teachers and Muawins log the lessons they teach.
  grants: { staff: ["view", "add"], muawin: ["view", "add"] },
});
