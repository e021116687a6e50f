import { courseImportProgress } from "@taleem/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resourceKeys } from "../ui/resource/resource-keys";
import { ApiError } from "./api";
import { callAction } from "./call-action";
import { useJobProgress } from "./use-job-progress";

vi.mock("./call-action", () => ({ callAction: vi.fn() }));
const call = vi.mocked(callAction);

const answer = (state: "running" | "done" | "failed", done: number) => ({
  job: "j1",
  state,
  done,
  total: 10_000,
  result: state === "done" ? { message: "ok", created: 10_000, updated: 0, enrolled: 10_000 } : null,
  error: null,
});

function setup(job: string | null) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { invalidate, ...renderHook(() => useJobProgress(courseImportProgress, job), { wrapper }) };
}

afterEach(() => call.mockReset());

describe("useJobProgress", () => {
  it("asks while the job runs, stops when it is done, and then refreshes the lists it changed", async () => {
    call.mockResolvedValueOnce(answer("running", 0)).mockResolvedValueOnce(answer("running", 4000)).mockResolvedValue(answer("done", 10_000));
    const { result, invalidate } = setup("j1");
    expect(result.current.running).toBe(true);
    await waitFor(() => expect(result.current.progress?.done).toBe(4000), { timeout: 3000 });
    await waitFor(() => expect(result.current.progress?.state).toBe("done"), { timeout: 3000 });
    expect(result.current.running).toBe(false);
    expect(call).toHaveBeenCalledWith(courseImportProgress, { params: { job: "j1" } });
    const asked = call.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(call.mock.calls.length).toBe(asked);
    for (const path of courseImportProgress.refreshes) expect(invalidate).toHaveBeenCalledWith({ queryKey: resourceKeys(path).all });
  });

  it("follows nothing without a job, and stops on a lost job", async () => {
    expect(setup(null).result.current).toMatchObject({ running: false, progress: null, lost: null });
    expect(call).not.toHaveBeenCalled();
    call.mockRejectedValue(new ApiError(404, "Job not found", "not_found"));
    const { result } = setup("gone");
    await waitFor(() => expect(result.current.lost).toBeInstanceOf(ApiError));
    expect(result.current.running).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
