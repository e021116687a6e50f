import { z } from "zod";
import { RowId } from "../admin/common.js";

/** A calendar date as YYYY-MM-DD, and a real one (no 2026-02-30). */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "Not a real date");

/** A time of day as HH:MM (seconds allowed and dropped). */
export const TimeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Use the time format HH:MM")
  .transform((v) => v.slice(0, 5));

/** A list of row ids, each a real row id, no repeats. */
export const IdList = (max = 1000) =>
  z
    .array(RowId)
    .min(1)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/** Body of an action on one row. */
export const IdBody = z.object({ id: RowId });

/**
 * The update body of a resource: the id, and every field optional with no defaults, so a PUT
 * changes only what it names (a default would silently reset a field the caller left out).
 */
export const updateOf = <S extends z.ZodRawShape>(shape: S) => z.object(shape).partial().extend({ id: RowId });

export const ActiveStatus = z.enum(["active", "inactive"]);
