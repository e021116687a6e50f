import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { conflictsOf, retryable } from "./use-register-sync";

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

  it("keeps a save that crossed someone else's marks, with their marks, for the teacher to choose", () => {
    const conflict = {
      studentId: 10,
      name: "Child 10",
      date: "2026-11-23",
      theirs: { codeId: 2, code: "A", meaning: "absent", byName: "Office", at: "2026-11-23T08:05:00.000Z" },
      mine: { codeId: 4, code: "E", meaning: "excused" },
    };
    const changed = new ApiError(409, "Someone else changed marks", "attendance.register_changed", { field: "marks", count: 1, conflicts: [conflict] });
    expect(retryable(changed)).toBe(false);
    expect(conflictsOf(changed)).toEqual([conflict]);
    expect(conflictsOf(new ApiError(409, "This record already exists.", "duplicate"))).toBeNull();
    expect(conflictsOf(new ApiError(403, "Not yours", "attendance.not_your_register", { field: "classroomId" }))).toBeNull();
  });
});
