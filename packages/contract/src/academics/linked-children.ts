import { z } from "zod";
import { defineAction } from "../action.js";
import { StudentStatus } from "./student.js";

/** A child as the parent area lists it: who, and the class they are in now (if any). */
export const LinkedChild = z.object({
  id: z.number(),
  name: z.string(),
  nameNative: z.string().nullable(),
  admissionNo: z.string(),
  status: StudentStatus,
  /** How the signed-in person is related (mother, father, guardian). */
  relation: z.string(),
  classroomId: z.number().nullable(),
  /** "Class 5-A", from the current (latest active) enrolment. */
  className: z.string().nullable(),
  batchName: z.string().nullable(),
});
export type LinkedChild = z.infer<typeof LinkedChild>;

/**
 * GET /user/api/home/children: the signed-in person's own children, through the guardians table.
 * Needs no permission: it only ever answers the caller's own links, which the school made.
 */
export const linkedChildren = defineAction({
  method: "GET",
  path: "/user/api/home/children",
  module: "account",
  family: "scoped",
  summary: "The signed-in person's linked children (guardians), each with the class they are in now",
  reply: z.object({ message: z.string(), rows: z.array(LinkedChild), count: z.number() }),
  // The family's children with their classrooms.
  reads: ["account", "students", "academics", "users"],
});
