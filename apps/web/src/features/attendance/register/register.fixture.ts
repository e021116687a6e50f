import type { RegisterReply } from "@taleem/contract";

/** A child's line on a register, as the server sends it: Child <id>, roll number <id>, unmarked unless `extra` says. */
export const registerLine = (studentId: number, extra: Partial<RegisterReply["lines"][number]> = {}): RegisterReply["lines"][number] => ({
  studentId,
  name: `Child ${studentId}`,
  nameNative: null,
  admissionNo: `A${studentId}`,
  rollNo: studentId,
  mark: null,
  onLeave: false,
  ...extra,
});
