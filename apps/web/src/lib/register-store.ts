import type { MarkConflict, RegisterReply, SaveRegister } from "@taleem/contract";

/**
 * What the register keeps on the phone, in IndexedDB (it outlives a closed tab and a restart):
 * the registers last opened online, to mark without a signal, and the saves not yet sent, each
 * under the batch id the server uses to answer a second send without saving twice. A save the
 * server refused because someone else changed its marks stays, with those marks, until the
 * teacher chooses between theirs and their own.
 */

const DB_NAME = "taleem-attendance";
const REGISTERS = "registers";
const OUTBOX = "outbox";

export interface PendingSave {
  batchId: string;
  body: SaveRegister & { clientBatchId: string };
  /** The classroom's label, to say what is waiting. */
  label: string;
  queuedAt: number;
  /** Marks someone else changed meanwhile (409 attendance.register_changed): not sent again until the teacher chooses. */
  conflicts?: MarkConflict[];
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(REGISTERS);
      req.result.createObjectStore(OUTBOX, { keyPath: "batchId" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error);
    };
  });
  return opened;
}

async function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const req = work(tx.objectStore(store));
    // Resolved when the transaction commits: a queued save is on disk before the screen says so.
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The key of a register: the school's user (a shared phone), classroom, date and hour. */
export const registerKey = (who: string, classroomId: number, date: string, hourId?: number | null) => `${who}:${classroomId}:${date}:${hourId ?? 0}`;

/** Where the school's attendance rules are kept for a person (lib/offline-copies): how far back a teacher may mark. */
export const rulesKey = (who: string) => `${who}:attendance-rules`;

export const keepRegister = (key: string, reply: RegisterReply) => run(REGISTERS, "readwrite", (s) => s.put(reply, key));

export const keptRegister = (key: string) => run<RegisterReply | undefined>(REGISTERS, "readonly", (s) => s.get(key));

/** The registers kept for one person: offline, the classroom choices come from them. */
export async function keptRegisters(who: string): Promise<RegisterReply[]> {
  const range = IDBKeyRange.bound(`${who}:`, `${who}:\uffff`);
  return run<RegisterReply[]>(REGISTERS, "readonly", (s) => s.getAll(range));
}

/**
 * A classroom's register of a day this phone never had, made from the newest register of that
 * classroom it keeps (the teaching kit keeps one of each of the teacher's classes): the same class
 * and codes, no mark yet. It is hers to mark when that one was (another's register stays locked),
 * unless the day is still to come or older than the school lets a teacher change (`editDays`); the
 * server judges the save again when it is sent.
 */
export function registerOnDay(
  kept: RegisterReply[],
  q: { classroomId: number; date: string; hourId: number | null },
  today: string,
  editDays: number | undefined,
): RegisterReply | undefined {
  const newest = kept.filter((r) => r.classroom.id === q.classroomId).sort((a, b) => b.date.localeCompare(a.date))[0];
  if (!newest) return undefined;
  const daysBack = (Date.parse(today) - Date.parse(q.date)) / 86_400_000;
  let lockedReason: string | null = null;
  if (newest.lockedReason === "attendance.not_your_register") lockedReason = newest.lockedReason;
  else if (q.date > today) lockedReason = "attendance.future_date";
  else if (editDays !== undefined && daysBack > editDays) lockedReason = "attendance.too_old";
  return {
    ...newest,
    date: q.date,
    hourId: q.hourId,
    editable: lockedReason === null,
    lockedReason,
    taken: null,
    lines: newest.lines.map((l) => ({ ...l, mark: null, onLeave: false })),
  };
}

export const queueSave = (save: PendingSave) => run(OUTBOX, "readwrite", (s) => s.put(save));

export const pendingSaves = () => run<PendingSave[]>(OUTBOX, "readonly", (s) => s.getAll());

export const dropSave = (batchId: string) => run(OUTBOX, "readwrite", (s) => s.delete(batchId));

/** The save in place of a conflicted one, in one transaction: the phone never holds both, nor neither. */
export const replaceSave = (batchId: string, save: PendingSave) =>
  run(OUTBOX, "readwrite", (s) => {
    s.delete(batchId);
    return s.put(save);
  });

/** Whether a waiting save is of this register (classroom, date, hour). */
export const saveIsOf = (save: PendingSave, classroomId: number, date: string, hourId: number | null) =>
  save.body.classroomId === classroomId && save.body.date === date && (save.body.hourId ?? null) === hourId;

/** A batch id: random, so two phones never share one; the server keeps it to answer a resend. */
export function newBatchId(): string {
  // getRandomValues, not randomUUID: a school's server on a plain-http address is not a secure context.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `reg-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
