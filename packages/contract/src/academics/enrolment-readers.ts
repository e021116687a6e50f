import type { CacheArea } from "../action.js";

/**
 * The areas whose replies list a classroom's students: a change of who is enrolled where (a
 * transfer, a promotion, an import) makes them stale. The dashboard's and a parent's home read
 * everything and follow by themselves.
 */
export const ENROLMENT_READERS: readonly CacheArea[] = ["academics", "students", "attendance", "exams", "fees", "hifz", "halls", "lessons", "tasks"];
