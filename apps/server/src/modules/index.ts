import type { ModuleManifest } from "../platform/modules/define-module.js";
import { academicsModule } from "./academics/academics.module.js";
import { accountModule } from "./account/account.module.js";
import { admissionsModule } from "./admissions/admissions.module.js";
import { attendanceModule } from "./attendance/attendance.module.js";
import { authModule } from "./auth/auth.module.js";
import { checklistsModule } from "./checklists/checklists.module.js";
import { communicationModule } from "./communication/communication.module.js";
import { dashboardModule } from "./dashboard/dashboard.module.js";
import { examsModule } from "./exams/exams.module.js";
import { feesModule } from "./fees/fees.module.js";
import { hallsModule } from "./halls/halls.module.js";
import { healthModule } from "./health/health.module.js";
import { hifzModule } from "./hifz/hifz.module.js";
import { homeModule } from "./home/home.module.js";
import { lessonsModule } from "./lessons/lessons.module.js";
import { materialsModule } from "./materials/materials.module.js";
import { meetingsModule } from "./meetings/meetings.module.js";
import { recordsModule } from "./records/records.module.js";
import { rolesModule } from "./roles/roles.module.js";
import { settingsModule } from "./settings/settings.module.js";
import { studentsModule } from "./students/students.module.js";
import { tasksModule } from "./tasks/tasks.module.js";
import { teachingModule } from "./teaching/teaching.module.js";
import { usersModule } from "./users/users.module.js";

/**
 * Every module, in the order the app registers them (app.ts), which is the order they were
 * added in: a new module goes at the end. Its default rights reach the built-in roles of new
 * schools and, at the next start, of existing ones (platform/modules/give-grants.ts).
 */
export const MODULE_MANIFESTS: readonly ModuleManifest[] = [
  healthModule,
  authModule,
  accountModule,
  rolesModule,
  usersModule,
  settingsModule,
  studentsModule,
  academicsModule,
  attendanceModule,
  recordsModule,
  communicationModule,
  admissionsModule,
  dashboardModule,
  hifzModule,
  examsModule,
  feesModule,
  lessonsModule,
  meetingsModule,
  checklistsModule,
  tasksModule,
  materialsModule,
  hallsModule,
  homeModule,
  teachingModule,
];
