export * from "./meetings.js";
