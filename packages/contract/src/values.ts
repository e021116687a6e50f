import { z } from "zod";
import { LANGUAGES } from "./platform/area-constants.js";

// The value types every module shares, each defined once: a module imports them, never restates
// an enumeration or a format.

/** The largest id a row can have (ids are PostgreSQL integers); a larger one can only name no row. */
export const MAX_ID = 2_147_483_647;

/** A row id: a positive integer the database can hold. */
export const Id = z.coerce.number().int().positive().max(MAX_ID);
/** A row id in a body or path; the same rule as `Id`, under the name the modules use. */
export const RowId = Id;

/** The status of most of a school's own lists (courses, groups, roles, users). */
export const Status = z.enum(["active", "inactive"]);
export type Status = z.infer<typeof Status>;
/** The same enumeration under the name the academic modules used. */
export const ActiveStatus = Status;

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const Gender = z.enum(["male", "female"]);
export type Gender = z.infer<typeof Gender>;

/** A calendar date as YYYY-MM-DD, and a real one (no 2026-02-30). */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "Not a real date");

/** A YYYY-MM-DD date moved by whole days (UTC arithmetic: no time zone shifts a day). */
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A time of day as HH:MM (seconds allowed and dropped). */
export const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Use the time format HH:MM")
  .transform((v) => v.slice(0, 5));

/**
 * An instant in a reply: the database's Date as an ISO string. Rows pass through their schema
 * on the way out, so no presenter exists only to turn dates into strings.
 */
export const Instant = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string());

/** A list of row ids, each a real row id, no repeats. */
export const IdList = (max = 1000) =>
  z
    .array(RowId)
    .min(1)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/** A mobile number as typed; the server reads it with the school's country and stores E.164. */
export const Mobile = z
  .string()
  .trim()
  .min(6)
  .max(20)
  .regex(/^\+?[0-9 ()-]+$/, "Not a phone number");
export const Email = z.email().max(254);

/** Money in integer minor units (paise, fils, cents) of the school's currency; never a fraction. */
export const Money = z.number().int().min(0).max(100_000_000_000);
