/** Where a sitting saved with no connection waits on the phone: one localStorage key per sitting. */
export const WAITING_SITTING_PREFIX = "taleem_hifz_sitting:";

/** Whether any sitting waits, read without loading the sender (the app's start looks first). */
export function anyWaitingSitting(): boolean {
  for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(WAITING_SITTING_PREFIX)) return true;
  return false;
}
