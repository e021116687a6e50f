import type { MarkConflict, MarkInput, RegisterReply } from "@taleem/contract";
import type { PendingSave } from "../../../lib/register-store";
import { startingMarks } from "../../../ui/register/register-marks";

/** Which mark the teacher keeps of a child someone else marked meanwhile. */
export type Choice = "theirs" | "mine";

type Seen = Pick<MarkInput, "seen" | "seenCodeId">;

/** The marks of a save the teacher changed from what their screen showed (all of a save from an app that did not say). */
const changedIn = (save: PendingSave) => save.body.marks.filter((m) => m.seenCodeId === undefined || m.codeId !== m.seenCodeId);

/**
 * Where each child starts on a register whose save still waits on this phone (to be sent, or for
 * the teacher's choice): the register as the server (or the kept copy) has it, with the
 * teacher's own changes over it, so a reload with no signal shows and counts the marks that wait.
 */
export function resumedMarks(reply: RegisterReply, save: PendingSave | undefined): Record<number, number> {
  const marks = startingMarks(reply);
  for (const m of save ? changedIn(save) : []) if (m.studentId in marks) marks[m.studentId] = m.codeId;
  return marks;
}

/**
 * What a save says the screen showed of each child's mark: the register as loaded; for the
 * teacher's own changes still waiting, what their screen showed when they made them (someone may
 * have changed those since, which the server must still catch); for a conflict, the other
 * person's mark, which the teacher has now seen and chosen against or kept.
 */
export function seenMarks(reply: RegisterReply, save: PendingSave | undefined): Map<number, Seen> {
  const seen = new Map<number, Seen>(reply.lines.map((l) => [l.studentId, { seen: l.mark?.updatedAt ?? null, seenCodeId: l.mark?.codeId ?? null }]));
  for (const m of save ? changedIn(save) : []) seen.set(m.studentId, { seen: m.seen, seenCodeId: m.seenCodeId });
  for (const c of save?.conflicts ?? []) seen.set(c.studentId, { seen: c.theirs.at, seenCodeId: c.theirs.codeId });
  return seen;
}

/** The code a choice keeps. */
export const chosenCode = (c: MarkConflict, choice: Choice) => (choice === "theirs" ? c.theirs.codeId : c.mine.codeId);

/**
 * The children "All present" marks: those with no mark yet, neither saved on the register nor
 * waiting on the phone. A mark that waits to be sent, or one already saved, is the teacher's
 * answer for that child and stays until she taps it.
 */
export function unmarkedChildren(reply: RegisterReply, save: PendingSave | undefined): number[] {
  const waiting = new Set(save ? changedIn(save).map((m) => m.studentId) : []);
  return reply.lines.filter((l) => !l.mark && !waiting.has(l.studentId)).map((l) => l.studentId);
}
