import { type MyClassesReply, myClasses } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth-store";
import { schoolDay } from "../../lib/format";
import { keeperOf, replyOrKept } from "../../lib/offline-copies";
import { actionKey, callAction } from "../../lib/use-action";

export type { MyClassesReply };

/** The teacher's day: the server's reply, or with no connection the copy this phone kept. */
export interface MyDay {
  reply: MyClassesReply;
  /** The day the kept copy was true, when it stands in for the server (null: the server answered). */
  keptOn: string | null;
}

/**
 * A kept reply of an earlier day, read on `today`: the same classes, halqas, papers and checklists,
 * today's hours and sittings from the kept week, and nothing said of today's registers and
 * sittings (taken or waiting), which only the server knows.
 */
export function keptForToday(reply: MyClassesReply, today: string): MyClassesReply {
  if (reply.date === today) return reply;
  return {
    ...reply,
    date: today,
    workingDay: true,
    classrooms: reply.classrooms.map((c) => ({ ...c, register: { expected: false, taken: false, byName: null, at: null, waiting: false } })),
    sittings: reply.sittings.map((s) => ({ ...s, waiting: false })),
    waiting: { ...reply.waiting, registers: 0, sittings: 0, total: reply.waiting.marks + reply.waiting.checklists },
  };
}

/** The query of the teacher's day, shared by the screens and the teaching kit (offline-kit.ts). */
export function myDayQuery(who: string) {
  return {
    queryKey: actionKey(myClasses, { query: {} }),
    queryFn: async (): Promise<MyDay> => {
      const { reply, kept } = await replyOrKept(`${who}:my-classes`, () => callAction(myClasses, { query: {} }, { page: true }));
      return kept ? { reply: keptForToday(reply, schoolDay()), keptOn: reply.date } : { reply, keptOn: null };
    },
    // A kept copy is asked for again at the next chance; the server's reply holds a minute.
    staleTime: (q: { state: { data?: MyDay } }) => (q.state.data?.keptOn ? 0 : 60_000),
    // Offline is when the kept copy matters: never paused waiting for a connection.
    networkMode: "always" as const,
    retry: false,
  };
}

/** The signed-in teacher's classes of today and the coming week (GET /user/api/home/my-classes), kept for a day with no signal. */
export function useMyClasses() {
  const who = useAuth(keeperOf);
  return useQuery(myDayQuery(who));
}
