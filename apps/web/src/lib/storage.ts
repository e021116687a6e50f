/** localStorage that never throws: private modes and locked-down browsers refuse it. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // The value simply is not remembered.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
  available(): boolean {
    try {
      const k = "__taleem_probe__";
      window.localStorage.setItem(k, k);
      window.localStorage.removeItem(k);
      return true;
    } catch {
      return false;
    }
  },
};

/** Keys the app keeps in localStorage, in one place. */
export const KEYS = {
  token: "x_access_token",
  language: "taleem_language",
  schoolCode: "taleem_school_code",
  sessionKind: "taleem_session_kind",
  /** The signed-in person as the server last confirmed them: the app opens with it offline. */
  sessionUser: "taleem_session_user",
  pushSentAt: "taleem_push_sent_at",
  pushToken: "taleem_push_token",
} as const;
