// Without zod on purpose (action.ts re-exports it): the pages that only call actions, the sign-in
// pages and the app shell, import it without loading the schemas.

/** The URL of a call with its path parameters filled in. */
export function actionUrl(action: { path: string }, params?: Record<string, unknown>): string {
  return action.path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === "") throw new Error(`${action.path}: missing ${key}`);
    return encodeURIComponent(String(value));
  });
}
