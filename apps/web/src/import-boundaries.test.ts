// @vitest-environment node
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { webCrossings } from "../../../scripts/import-boundaries.mjs";

/**
 * The crossings still to untangle (the register's parts shared with hall checks and halqas, the
 * fee charts and money shared with checklists and the plan, the student profile's enrolment
 * dialogs). Remove a line when its crossing is gone; never add one: what two features share
 * moves to lib/ or ui/.
 */
const LEFT_TO_UNTANGLE = [
  "features/checklists/checklist-analytics-page.tsx imports features/fees/dashboard/fee-charts",
  "features/checklists/checklist-analytics-page.tsx imports features/fees/dashboard/fee-charts.module.css",
  "features/halls/hall-check-page.tsx imports features/attendance/register/register-line",
  "features/halls/hall-check-page.tsx imports features/attendance/register/register-marks",
  "features/halls/hall-check-page.tsx imports features/attendance/register/register-parts",
  "features/hifz/halqa/sitting-outbox.ts imports features/attendance/register/use-register-sync",
  "features/hifz/halqa/use-sitting-save.ts imports features/attendance/register/use-register-sync",
  "features/home/profile-switch.tsx imports features/account/switch-profile",
  "features/materials/public-material-page.tsx imports the area's areas/open/public-page",
  "features/settings/plan/plan-page.tsx imports features/fees/fee-bits",
  "features/settings/plan/plan-tables.tsx imports features/fees/fee-bits",
  "features/students/student-profile-page.tsx imports features/academics/enrolment-dialogs",
  "features/students/student-profile-page.tsx imports features/academics/enrolment-status",
  "features/students/student-profile-page.tsx imports features/academics/verification-link-dialog",
  "features/students/student-profile-page.tsx imports features/dashboard/student-dashboard-link",
  "features/teaching/offline-kit.ts imports features/attendance/register/register-store",
];

describe("the web app's features keep to themselves", () => {
  it("import no other feature and no area, beyond those left to untangle", () => {
    expect(webCrossings(fileURLToPath(new URL(".", import.meta.url)))).toEqual(LEFT_TO_UNTANGLE);
  });
});
