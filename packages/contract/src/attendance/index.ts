export * from "./attendance-codes.js";
export * from "./general-attendance.js";
export * from "./leave.js";
export * from "./registers.js";
export * from "./salaah.js";
export * from "./staff-attendance.js";
