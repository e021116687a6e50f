export * from "./admission.js";
export * from "./admission-calls.js";
export * from "./common.js";
export * from "./custom-field.js";
export * from "./custom-record.js";
export * from "./form-customisation.js";
export * from "./public-calls.js";
