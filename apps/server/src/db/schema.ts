// Every table, for drizzle-kit and the typed client. Platform tables first, then modules.

export * from "../platform/audit/audit.tables.js";
export * from "../platform/auth/codes.table.js";
export * from "../platform/auth/roles.table.js";
export * from "../platform/auth/sessions.table.js";
export * from "../platform/auth/users.table.js";
export * from "../platform/messaging/outbox.table.js";
export * from "../platform/tenancy/settings.table.js";
export * from "../platform/tenancy/tenants.table.js";
