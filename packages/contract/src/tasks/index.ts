export * from "./task-calls.js";
export * from "./tasks.js";
