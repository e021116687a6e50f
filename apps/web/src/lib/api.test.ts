import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, buildUrl, setUnauthorizedHandler } from "./api";
import { setNavigator } from "./navigation";

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("api", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  const unauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    setNavigator(navigate);
    setUnauthorizedHandler(unauthorized);
    localStorage.setItem("x_access_token", "tok-1");
  });
  afterEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    unauthorized.mockReset();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("drops empty, null and undefined filters", () => {
    expect(buildUrl("/admin/api/user", { q: "", status: null, roleId: undefined, page: 2, tag: ["a", "b"], name: "  " })).toBe(
      "/admin/api/user?page=2&tag=a&tag=b",
    );
  });

  it("sends credentials, JSON and the token and marks every call as the app's", async () => {
    fetchMock.mockResolvedValue(reply(200, { ok: true }));
    await api.post("/x", { a: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ "Content-Type": "application/json", "x-requested-with": "XMLHttpRequest", "x-access-token": "tok-1" });
  });

  it("shares identical GETs in flight, and only while in flight", async () => {
    let resolve: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    const a = api.get("/admin/api/user", { page: 1 });
    const b = api.get("/admin/api/user", { page: 1 });
    resolve(reply(200, { rows: [] }));
    expect(await a).toEqual({ rows: [] });
    expect(await b).toEqual({ rows: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(reply(200, { rows: [1] }));
    expect(await api.get("/admin/api/user", { page: 1 })).toEqual({ rows: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("rejects a non-OK reply with its status, message, code, params and redirect", async () => {
    fetchMock.mockResolvedValue(reply(409, { message: "Taken", code: "user.mobile_taken", params: { field: "mobile" } }));
    const err = (await api.post("/admin/api/user", {}).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.message, err.code, err.params]).toEqual([409, "Taken", "user.mobile_taken", { field: "mobile" }]);
  });

  it("signs out on 401 from any call", async () => {
    fetchMock.mockResolvedValue(reply(401, { message: "Expired", code: "session_expired", redirect: "/auth/sign-in" }));
    await expect(api.get("/admin/api/user")).rejects.toMatchObject({ status: 401, redirect: "/auth/sign-in", handled: true });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("follows a page's 403 to its redirect, and leaves a part's 403 to the caller", async () => {
    fetchMock.mockResolvedValue(reply(403, { message: "No", code: "forbidden", redirect: "/parent/home" }));
    await expect(api.get("/admin/api/user", undefined, { page: true })).rejects.toMatchObject({ status: 403, handled: true });
    expect(navigate).toHaveBeenCalledWith("/parent/home", { replace: true });
    navigate.mockReset();
    await expect(api.get("/admin/api/role")).rejects.toMatchObject({ status: 403, handled: false });
    expect(navigate).not.toHaveBeenCalled();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("turns an unreachable server into a status-0 error", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api.get("/health")).rejects.toMatchObject({ status: 0, code: "network" });
  });
});
