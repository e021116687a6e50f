export * from "./home.js";
export * from "./teaching.js";
