export * from "./lessons.js";
