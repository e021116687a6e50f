export * from "./hall-checks.js";
export * from "./halls.js";
