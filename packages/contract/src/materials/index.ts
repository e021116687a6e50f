export * from "./materials.js";
