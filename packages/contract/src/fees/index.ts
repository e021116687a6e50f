export * from "./collection-limits.js";
export * from "./concessions.js";
export * from "./fee-masters.js";
export * from "./fee-payments.js";
export * from "./fee-terms.js";
export * from "./fees.js";
export * from "./online-payments.js";
export * from "./receipts.js";
