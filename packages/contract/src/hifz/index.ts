export * from "./feedback.js";
export * from "./hafiz.js";
export * from "./logs.js";
export * from "./progress.js";
export * from "./recitation.js";
export * from "./sessions.js";
