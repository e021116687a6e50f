export * from "./admin/roles.js";
export * from "./admin/users.js";
export * from "./auth.js";
export * from "./platform/areas.js";
export * from "./platform/permissions.js";
export * from "./resource.js";
