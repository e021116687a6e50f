import {
  enrolmentResource,
  feeDefaulters,
  getRegister,
  listChatRooms,
  myClasses,
  saveRegister,
  saveSitting,
  schoolDashboard,
  studentFeeCard,
  updateSettings,
} from "@taleem/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resourceKeys } from "../ui/resource/resource-keys";
import { callAction } from "./call-action";
import { actionKey, changeOf, refreshAfter, useAction } from "./use-action";

vi.mock("./call-action", () => ({ callAction: vi.fn() }));
const call = vi.mocked(callAction);

afterEach(() => call.mockReset());

const registerKey = actionKey(getRegister, { query: { classroomId: 1, date: "2026-12-07" } });
const dashboardKey = actionKey(schoolDashboard, {});
const feeCardKey = actionKey(studentFeeCard, { params: { id: 7 } });
const defaultersKey = actionKey(feeDefaulters, { query: {} });

/** A cache holding an attendance register, the dashboard, two fee replies and the attendance and fee lists. */
function cached() {
  const client = new QueryClient();
  for (const key of [registerKey, dashboardKey, feeCardKey, defaultersKey, resourceKeys("attendance").list({}), resourceKeys("fees").list({})])
    client.setQueryData(key, { message: "cached" });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, stale };
}

async function succeed(client: QueryClient, action: Parameters<typeof useAction>[0]) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const { result } = renderHook(() => useAction(action), { wrapper });
  await act(() => result.current.mutateAsync({} as never));
}

describe("useAction's refresh after a change", () => {
  it("refreshes the replies of the areas the action declares and the lists it names, and leaves another module's alone", async () => {
    call.mockResolvedValue({ message: "saved" });
    const { client, stale } = cached();
    await succeed(client, saveRegister);
    // Attendance's own register and the dashboard, which reads every module, are read again ...
    expect(stale(registerKey)).toBe(true);
    expect(stale(dashboardKey)).toBe(true);
    expect(stale(resourceKeys("attendance").list({}))).toBe(true);
    // ... while the fees module's cached replies and lists are kept.
    expect(stale(feeCardKey)).toBe(false);
    expect(stale(defaultersKey)).toBe(false);
    expect(stale(resourceKeys("fees").list({}))).toBe(false);
  });

  it("refreshes everything after a change the declaration says is under every screen", async () => {
    call.mockResolvedValue({ message: "saved" });
    const { client, stale } = cached();
    await succeed(client, updateSettings);
    for (const key of [registerKey, dashboardKey, feeCardKey, defaultersKey, resourceKeys("fees").list({})]) expect(stale(key)).toBe(true);
  });

  it("refreshes nothing when the call fails", async () => {
    call.mockRejectedValue(new Error("offline"));
    const { client, stale } = cached();
    await expect(succeed(client, saveRegister)).rejects.toThrow("offline");
    expect(stale(registerKey)).toBe(false);
  });
});

describe("refreshAfter", () => {
  it("refreshes a reply that declares it reads the changed area, though it lives in another", async () => {
    const client = new QueryClient();
    const teaching = actionKey(myClasses, { query: {} });
    const rooms = actionKey(listChatRooms, {});
    for (const key of [teaching, rooms]) client.setQueryData(key, { message: "cached" });
    await refreshAfter(client, saveSitting);
    expect(client.getQueryState(teaching)?.isInvalidated).toBe(true);
    expect(client.getQueryState(rooms)?.isInvalidated).toBe(false);
  });

  it("refreshes, after a resource's rows change, its lists, the lists it names and the replies of its areas", async () => {
    const client = new QueryClient();
    const keys = {
      enrolments: resourceKeys("enrollment").list({}),
      classrooms: resourceKeys("classRoom").list({}),
      register: registerKey,
      feeCard: feeCardKey,
      users: resourceKeys("user").list({}),
      rooms: actionKey(listChatRooms, {}),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { message: "cached" });
    await refreshAfter(client, changeOf(enrolmentResource));
    const stale = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]));
    expect(stale).toEqual({ enrolments: true, classrooms: true, register: true, feeCard: true, users: false, rooms: false });
  });
});
