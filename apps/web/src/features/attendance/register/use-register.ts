import { type AttendanceRules, getRegister, type RegisterReply } from "@taleem/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useAuth } from "../../../lib/auth-store";
import { schoolDay } from "../../../lib/format";
import { keeperOf, keptReply } from "../../../lib/offline-copies";
import { keepRegister, keptRegister, keptRegisters, registerKey, registerOnDay, rulesKey } from "../../../lib/register-store";
import { actionKey, callAction } from "../../../lib/use-action";

export interface LoadedRegister {
  reply: RegisterReply;
  /** Read from the phone: the connection failed. */
  kept: boolean;
}

/**
 * A register of a day (or of one timetable hour), from the server when it answers (and then kept
 * on the phone), else the copy kept the last time it was opened online. A refusal by the server
 * is an answer, not a reason to show an older copy. `ready` false waits (the hour not yet known
 * to be the classroom's).
 */
export function useRegister(classroomId: number | null, date: string, hourId: number | null = null, ready = true) {
  const who = useAuth(keeperOf);
  const query = { classroomId: classroomId ?? 0, date, ...(hourId ? { hourId } : {}) };
  return useQuery({
    queryKey: actionKey(getRegister, { query }),
    enabled: !!classroomId && ready,
    // Offline is when this matters: never paused waiting for a connection.
    networkMode: "always",
    retry: false,
    queryFn: async (): Promise<LoadedRegister> => {
      const key = registerKey(who, query.classroomId, date, hourId);
      try {
        const reply = await callAction(getRegister, { query });
        await keepRegister(key, reply);
        return { reply, kept: false };
      } catch (e) {
        // The server's refusal is an answer; no connection (status 0) is not.
        if (e instanceof ApiError && e.status !== 0) throw e;
        const kept = (await keptRegister(key)) ?? (await registerOnDayKept(who, { classroomId: query.classroomId, date, hourId }));
        if (!kept) throw e;
        return { reply: kept, kept: true };
      }
    },
  });
}

/** A day's register never opened on this phone, from the classroom's newest kept one (the teaching kit's). */
async function registerOnDayKept(who: string, q: { classroomId: number; date: string; hourId: number | null }) {
  const rules = await keptReply<{ data: AttendanceRules }>(rulesKey(who)).catch(() => undefined);
  return registerOnDay(await keptRegisters(who), q, schoolDay(), rules?.data.editDays);
}

/** The classrooms of registers kept on this phone: the choices while offline. */
export function useKeptClassrooms() {
  const who = useAuth(keeperOf);
  const [rooms, setRooms] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    void keptRegisters(who).then((all) => {
      const seen = new Map(all.map((r) => [String(r.classroom.id), r.classroom.label]));
      setRooms([...seen].map(([value, label]) => ({ value, label })));
    });
  }, [who]);
  return rooms;
}
