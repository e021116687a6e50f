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

export const keepRegister = (key: string, reply: RegisterReply) => run(REGISTERS, "readwrite", (s) => s.put(reply, key));

export const keptRegister = (key: string) => run<RegisterReply | undefined>(REGISTERS, "readonly", (s) => s.get(key));

/** The registers kept for one person: offline, the classroom choices come from them. */
export async function keptRegisters(who: string): Promise<RegisterReply[]> {
  const range = IDBKeyRange.bound(`${who}:`, `${who}:\uffff`);
  return run<RegisterReply[]>(REGISTERS, "readonly", (s) => s.getAll(range));
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
