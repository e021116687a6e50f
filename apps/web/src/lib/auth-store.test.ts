import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "./auth-store";

const teacher = { id: 2, name: "Yusuf Ali", role: { name: "Staff", area: "parent" } };

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("opening the app", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    useAuth.setState({ user: null, platformAdmin: null, token: null, status: "unknown" });
  });
  afterEach(() => {
    fetchMock.mockReset();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("keeps a teacher signed in with no signal, as the server last confirmed them", async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { auth: true, user: teacher }));
    localStorage.setItem("x_access_token", "tok-1");
    await useAuth.getState().refresh();
    expect(useAuth.getState().status).toBe("signed-in");

    // The next opening, in a classroom with no signal.
    useAuth.setState({ user: null, status: "unknown" });
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await useAuth.getState().refresh();
    expect(useAuth.getState()).toMatchObject({ status: "signed-in", token: "tok-1", user: { name: "Yusuf Ali" } });
  });

  it("signs out when the server says the session is gone, and forgets the person", async () => {
    localStorage.setItem("x_access_token", "tok-1");
    localStorage.setItem("taleem_session_user", JSON.stringify(teacher));
    fetchMock.mockResolvedValueOnce(reply(200, { auth: false, message: "Session expired" }));
    await useAuth.getState().refresh();
    expect(useAuth.getState().status).toBe("signed-out");
    expect(localStorage.getItem("taleem_session_user")).toBeNull();
    expect(localStorage.getItem("x_access_token")).toBeNull();
  });

  it("with no signal and nobody confirmed on this device, shows the sign-in", async () => {
    localStorage.setItem("x_access_token", "tok-1");
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await useAuth.getState().refresh();
    expect(useAuth.getState().status).toBe("signed-out");
  });
});
