export * from "./exam-masters.js";
export * from "./exam-sets.js";
export * from "./exams.js";
export * from "./grades.js";
export * from "./remark-bank.js";
export * from "./report-card.js";
export * from "./report-card-rules.js";
export * from "./results.js";
