import { getAttendanceRules, getRegister } from "@taleem/contract";
import { AREA_TEXTS } from "../../app/area-texts";
import { schoolDay } from "../../lib/format";
import { replyOrKept } from "../../lib/offline-copies";
import { keepTextsOfEveryLanguage } from "../../lib/offline-texts";
import { queryClient } from "../../lib/query-client";
import { keepRegister, registerKey, rulesKey } from "../../lib/register-store";
import { callAction } from "../../lib/use-action";
import { myDayQuery } from "./use-my-classes";

/** The days back a kit keeps each class's register of (a school may allow far more; older days open with no marks). */
const KIT_DAYS_BACK = 7;
/** The texts of the teaching screens: the area's frame and home, My classes, the register. */
const TEACHING_TEXTS = ["common", "errors", ...AREA_TEXTS.parent, "attendance"] as const;

const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/**
 * What a teacher's phone keeps to take any of her registers in a room with no signal, refreshed
 * on each visit to the teaching area with a connection: her classes (My classes), the school's
 * attendance rules, each class's register of today and of the days back she may still change
 * (class, codes, marks: a later day opens from the newest, register-store's `registerOnDay`), and
 * the teaching screens' texts in every language. Existing calls only: what one of them refuses
 * (a role without the register) is simply not kept. Never throws; answers whether her classes,
 * the rules and the texts came (false: a call failed, try again later).
 */
export async function refreshTeachingKit(who: string): Promise<boolean> {
  if (!navigator.onLine) return false;
  const today = schoolDay();
  let complete = true;
  const day = await queryClient.fetchQuery(myDayQuery(who)).catch(() => null);
  if (day && !day.keptOn) {
    const rules = await replyOrKept(rulesKey(who), () => callAction(getAttendanceRules, {})).catch(() => null);
    if (rules && !rules.kept) {
      const days = Array.from({ length: Math.min(rules.reply.data.editDays, KIT_DAYS_BACK) + 1 }, (_, i) => dayBefore(today, i));
      for (const room of day.reply.classrooms) {
        for (const date of days) {
          const query = { classroomId: room.classroomId, date };
          const reply = await callAction(getRegister, { query }).catch(() => null);
          if (reply) await keepRegister(registerKey(who, room.classroomId, date), reply).catch(() => undefined);
        }
      }
    } else complete = false;
  } else complete = false;
  return (
    (await keepTextsOfEveryLanguage(TEACHING_TEXTS).then(
      () => true,
      () => false,
    )) && complete
  );
}
