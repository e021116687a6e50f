import { z } from "zod";
import { RowId } from "../values.js";

/** Body of an action on one row. */
export const IdBody = z.object({ id: RowId });

/**
 * The update body of a resource: the id, and every field optional with no defaults, so a PUT
 * changes only what it names (a default would silently reset a field the caller left out).
 */
export const updateOf = <S extends z.ZodRawShape>(shape: S) => z.object(shape).partial().extend({ id: RowId });
