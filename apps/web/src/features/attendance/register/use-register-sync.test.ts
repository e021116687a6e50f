import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api";
import { retryable } from "./use-register-sync";

describe("a waiting register that fails to send", () => {
  it("stays on the phone when the server could not be reached or could not take it yet", () => {
    // What api.ts throws when the phone says it is online but nothing reaches the server.
    expect(retryable(new ApiError(0, "The server could not be reached.", "network"))).toBe(true);
    expect(retryable(new ApiError(503, "Restarting", "unavailable"))).toBe(true);
    expect(retryable(new ApiError(401, "Signed out", "unauthorized"))).toBe(true);
    expect(retryable(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("is given up only on the server's own refusal", () => {
    expect(retryable(new ApiError(400, "The date cannot be in the future.", "attendance.future_date"))).toBe(false);
    expect(retryable(new ApiError(404, "Classroom not found", "not_found"))).toBe(false);
  });
});
