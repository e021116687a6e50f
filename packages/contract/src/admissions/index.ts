export * from "./admission.js";
export * from "./common.js";
export * from "./custom-field.js";
export * from "./custom-record.js";
export * from "./document-template.js";
export * from "./form-customisation.js";
