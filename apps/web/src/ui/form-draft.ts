/**
 * Unfinished forms kept for the browser tab (sessionStorage): a dialog closed by mistake, a
 * reload or a lost connection does not lose what was typed. A draft ends when the form is saved
 * or its changes are discarded.
 */
const PREFIX = "taleem_draft:";

export function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, values: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // A full or disabled storage only costs the draft.
  }
}

export function dropDraft(key: string | undefined): void {
  if (!key) return;
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // As above: nothing to lose.
  }
}
