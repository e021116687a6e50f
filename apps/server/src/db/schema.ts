// Every table, for drizzle-kit and the typed client. Order does not matter: a table file imports
// the tables it references, so parents always register (and wipe) in the right order.

export * from "../modules/academics/academics.table.js";
export * from "../modules/academics/hafiz.table.js";
export * from "../modules/admissions/admissions.table.js";
export * from "../modules/alumni/alumni.table.js";
export * from "../modules/attendance/attendance-codes.table.js";
export * from "../modules/attendance/general-attendance.table.js";
export * from "../modules/attendance/leave.table.js";
export * from "../modules/attendance/registers.table.js";
export * from "../modules/attendance/salaah.table.js";
export * from "../modules/attendance/staff-attendance.table.js";
export * from "../modules/classrooms/classrooms.table.js";
export * from "../modules/communication/announcements.table.js";
export * from "../modules/communication/chat.table.js";
export * from "../modules/communication/message-logs.table.js";
export * from "../modules/communication/notification-preferences.table.js";
export * from "../modules/communication/notifications.table.js";
export * from "../modules/communication/template-sends.table.js";
export * from "../modules/communication/wallet.table.js";
export * from "../modules/custom-fields/custom-fields.table.js";
export * from "../modules/custom-records/custom-records.table.js";
export * from "../modules/document-templates/document-templates.table.js";
export * from "../modules/enrolments/enrolments.table.js";
export * from "../modules/form-customisation/form-customisation.table.js";
export * from "../modules/students/students.table.js";
export * from "../modules/timetable/timetable.table.js";
export * from "../platform/audit/audit.tables.js";
export * from "../platform/auth/codes.table.js";
export * from "../platform/auth/roles.table.js";
export * from "../platform/auth/sessions.table.js";
export * from "../platform/auth/users.table.js";
export * from "../platform/files/uploads.table.js";
export * from "../platform/messaging/outbox.table.js";
export * from "../platform/messaging/provider-events.table.js";
export * from "../platform/tenancy/settings.table.js";
export * from "../platform/tenancy/tenants.table.js";
