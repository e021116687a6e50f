export * from "./checklist.js";
export * from "./checklist-log.js";
export * from "./checklist-reports.js";
export * from "./periods.js";
