import { Id } from "../resource.js";

/** The largest id a row can have (ids are PostgreSQL integers); a larger one can only name no row. */
export const MAX_ID = 2_147_483_647;

/** A row id in a body or path; the same rule as `Id`, under the name the modules use. */
export const RowId = Id;
