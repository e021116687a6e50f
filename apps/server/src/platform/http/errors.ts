/** An error meant for the client: its status, the spec's English text, and a code and params to translate it. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: Record<string, unknown>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, params?: Record<string, unknown>) => new AppError(400, code, message, params);
export const notFound = (what = "Record") => new AppError(404, "not_found", `${what} not found`, { what });
export const conflict = (code: string, message: string, params?: Record<string, unknown>) => new AppError(409, code, message, params);
export const unauthorized = (message = "Your session has expired. Please sign in again.") =>
  new AppError(401, "session_expired", message, undefined, { redirect: "/auth/sign-in" });
export const forbidden = (redirect: string, message = "You do not have permission to do this.") =>
  new AppError(403, "forbidden", message, undefined, { redirect });
