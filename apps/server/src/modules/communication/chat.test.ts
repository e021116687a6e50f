import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOfNewTenant, type TestApp, type TestTenant, testApp } from "../../../test/harness.js";
import { rolesOf, signedInUser } from "../../../test/people.js";
import { dataUrl, pngBytes, tempDataDir } from "../admissions/admission.fixture.js";

type Api = Awaited<ReturnType<typeof adminOfNewTenant>>["api"];
type Person = { user: { id: number }; token: string; api: Api };

let app: TestApp;
let url: string;
const sockets: Socket[] = [];

/** A socket of this token (none: no token at all), connected or refused. */
function socketOf(token?: string): Promise<Socket> {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, ...(token ? { auth: { token } } : {}) });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** The next event of this name on a socket. */
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

let a: { tenant: TestTenant; admin: Api; adminId: number; teacher: Person; parent: Person; otherParent: Person };
let b: { tenant: TestTenant; admin: Api; token: string };

beforeAll(async () => {
  app = await testApp({ DATA_DIR: tempDataDir() });
  await app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sa = await adminOfNewTenant(app);
  const roles = await rolesOf(sa.api);
  a = {
    tenant: sa.tenant,
    admin: sa.api,
    adminId: sa.user.id,
    teacher: await signedInUser(app, sa.tenant, sa.api, [roles.staff!], { name: "Teacher Tahira" }),
    parent: await signedInUser(app, sa.tenant, sa.api, [roles.parent!], { name: "Parent Parveen" }),
    otherParent: await signedInUser(app, sa.tenant, sa.api, [roles.parent!], { name: "Parent Omar" }),
  };
  const sb = await adminOfNewTenant(app);
  b = { tenant: sb.tenant, admin: sb.api, token: sb.token };
});

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

const openDirect = (api: Api, userId: number) => api.post("/admin/api/chatMessage/rooms", { kind: "direct", userId });
const send = (api: Api, chatRoomId: number, content: string, clientId = `c${Math.random().toString(36).slice(2, 12)}`, extra = {}) =>
  api.post("/admin/api/chatMessage", { chatRoomId, clientId, content, ...extra });
const setChat = (config: Record<string, unknown>) => a.admin.put("/admin/api/setting", { config });

describe("chat rooms", () => {
  it("reuses the direct room of the same two people, whoever opens it", async () => {
    const first = await openDirect(a.teacher.api, a.parent.user.id);
    expect(first.statusCode, first.body).toBe(200);
    const room = first.json().data;
    expect(room.kind).toBe("direct");
    expect(room.name).toBe("Parent Parveen");
    expect(room.members.map((m: { userId: number }) => m.userId).sort()).toEqual([a.teacher.user.id, a.parent.user.id].sort());
    const again = await openDirect(a.parent.api, a.teacher.user.id);
    expect(again.json().data.id).toBe(room.id);
    expect(again.json().data.name).toBe("Teacher Tahira");
    const list = await a.parent.api.get("/admin/api/chatMessage/rooms");
    expect(list.json().rows.filter((r: { id: number }) => r.id === room.id)).toHaveLength(1);
  });

  it("lets a parent message staff but not another parent, unless the school allows it", async () => {
    const refused = await openDirect(a.parent.api, a.otherParent.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("chat.parent_to_parent");
    const contacts = await a.parent.api.get("/admin/api/chatMessage/contacts");
    const names = contacts.json().people.map((p: { name: string }) => p.name);
    expect(names).toContain("Teacher Tahira");
    expect(names).not.toContain("Parent Omar");
    await setChat({ chatParentToParent: true });
    expect((await openDirect(a.parent.api, a.otherParent.user.id)).statusCode).toBe(200);
    await setChat({ chatParentToParent: null });
  });

  it("keeps group rooms to staff", async () => {
    const group = await a.parent.api.post("/admin/api/chatMessage/rooms", { kind: "staff", name: "Parents", userIds: [a.otherParent.user.id] });
    expect(group.statusCode).toBe(403);
    const notStaff = await a.teacher.api.post("/admin/api/chatMessage/rooms", { kind: "staff", name: "Mixed", userIds: [a.parent.user.id] });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().params.field).toBe("userIds");
    const staff = await a.teacher.api.post("/admin/api/chatMessage/rooms", { kind: "staff", name: "Staff room", userIds: [a.adminId] });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data.name).toBe("Staff room");
  });

  it("stores a message sent twice with the same client id once", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    const one = await send(a.parent.api, room.id, "Is school open tomorrow?", "same-client-id-1");
    const two = await send(a.parent.api, room.id, "Is school open tomorrow?", "same-client-id-1");
    expect(one.statusCode, one.body).toBe(200);
    expect(two.json().data.id).toBe(one.json().data.id);
    const messages = await a.teacher.api.get(`/admin/api/chatMessage?chatRoomId=${room.id}&limit=200`);
    const rows = messages.json().messages.rows.filter((m: { clientId: string }) => m.clientId === "same-client-id-1");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: "Is school open tomorrow?", chatRoomId: room.id, sender: { userId: a.parent.user.id }, read: false });
  });

  it("counts unread per room and shows read receipts", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    const sent = (await send(a.teacher.api, room.id, "Yes, from 8 o'clock.")).json().data;
    const before = (await a.parent.api.get("/admin/api/chatMessage/rooms")).json().rows.find((r: { id: number }) => r.id === room.id);
    expect(before.unread).toBeGreaterThan(0);
    expect(before.lastMessage.content).toBe("Yes, from 8 o'clock.");
    const read = await a.parent.api.put("/admin/api/chatMessage/read", { chatRoomId: room.id, messageId: sent.id });
    expect(read.json().unread).toBe(0);
    const mine = (await a.teacher.api.get(`/admin/api/chatMessage?chatRoomId=${room.id}`)).json().messages.rows.find((m: { id: number }) => m.id === sent.id);
    expect(mine.read).toBe(true);
  });

  it("answers 404 for another school's room and a room the caller is not in", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    expect((await b.admin.get(`/admin/api/chatMessage?chatRoomId=${room.id}`)).statusCode).toBe(404);
    expect((await send(b.admin, room.id, "hello")).statusCode).toBe(404);
    expect((await a.otherParent.api.get(`/admin/api/chatMessage?chatRoomId=${room.id}`)).statusCode).toBe(404);
  });

  it("limits parents to replying when the school says so", async () => {
    const room = (await openDirect(a.otherParent.api, a.teacher.user.id)).json().data;
    await setChat({ chatParentsReplyOnly: true });
    try {
      expect((await openDirect(a.parent.api, a.adminId)).json().code).toBe("chat.reply_only");
      const first = await send(a.otherParent.api, room.id, "Hello?");
      expect(first.statusCode).toBe(403);
      expect((await send(a.teacher.api, room.id, "Dear parent, the trip is on Friday.")).statusCode).toBe(200);
      expect((await send(a.otherParent.api, room.id, "Thank you")).statusCode).toBe(200);
    } finally {
      await setChat({ chatParentsReplyOnly: null });
    }
  });

  it("refuses every chat call when the school switched chat off", async () => {
    await setChat({ chatEnabled: false });
    try {
      const res = await a.parent.api.get("/admin/api/chatMessage/rooms");
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("chat.off");
    } finally {
      await setChat({ chatEnabled: null });
    }
  });

  it("carries a photo to the room's members only, checked like any upload", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    const sent = await send(a.parent.api, room.id, "", undefined, { attachment: { name: "homework.png", data: dataUrl("image/png", pngBytes()) } });
    expect(sent.statusCode, sent.body).toBe(200);
    const msg = sent.json().data;
    expect(msg.attachment).toMatchObject({ name: "homework.png", type: "image/png" });
    const file = await a.teacher.api.get(`/admin/api/chatMessage/${msg.id}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect((await a.otherParent.api.get(`/admin/api/chatMessage/${msg.id}/attachment`)).statusCode).toBe(404);
    expect((await b.admin.get(`/admin/api/chatMessage/${msg.id}/attachment`)).statusCode).toBe(404);
    const disguised = await send(a.parent.api, room.id, "", undefined, {
      attachment: { name: "x.png", data: dataUrl("image/png", Buffer.from("MZ not a picture")) },
    });
    expect(disguised.statusCode).toBe(400);
  });
});

describe("chat over the socket", () => {
  it("refuses a handshake without a session or with a wrong one", async () => {
    await expect(socketOf()).rejects.toThrow(/unauthorized/);
    await expect(socketOf("not-a-session-token")).rejects.toThrow(/unauthorized/);
  });

  it("delivers a message live with the message nested, typing and read receipts", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    const parent = await socketOf(a.parent.token);
    const teacher = await socketOf(a.teacher.token);
    const incoming = next<{ message: { id: number; content: string; sender: { userId: number } }; chatRoomId: number; receiverCRU: { userId: number } }>(
      parent,
      "chat:message",
    );
    const sent = (await send(a.teacher.api, room.id, "Your child did well today.")).json().data;
    const got = await incoming;
    expect(got.chatRoomId).toBe(room.id);
    expect(got.message).toMatchObject({ id: sent.id, content: "Your child did well today.", sender: { userId: a.teacher.user.id } });
    expect(got.receiverCRU).toEqual({ userId: a.parent.user.id });

    const typing = next<{ chatRoomId: number; userId: number }>(teacher, "chat:typing");
    await parent.emitWithAck("chat:typing", { chatRoomId: room.id });
    expect(await typing).toEqual({ chatRoomId: room.id, userId: a.parent.user.id });

    const receipt = next<{ chatRoomId: number; userId: number; messageId: number }>(teacher, "chat:read");
    expect(await parent.emitWithAck("chat:read", { chatRoomId: room.id, messageId: sent.id })).toEqual({ unread: 0 });
    expect(await receipt).toEqual({ chatRoomId: room.id, userId: a.parent.user.id, messageId: sent.id });

    const refused = await parent.emitWithAck("chat:typing", { chatRoomId: 2_000_000_000 });
    expect(refused.error.status).toBe(404);
  });

  it("refuses a socket that floods events", async () => {
    const room = (await openDirect(a.teacher.api, a.parent.user.id)).json().data;
    const socket = await socketOf(a.teacher.token);
    const replies = [];
    for (let i = 0; i < 31; i++) replies.push(await socket.emitWithAck("chat:typing", { chatRoomId: room.id }));
    expect(replies[29]).toEqual({ ok: true });
    expect(replies[30].error.status).toBe(429);
  });

  it("never gives a school's socket another school's events", async () => {
    const ours = await socketOf(a.parent.token);
    const theirs = await socketOf(b.token);
    const seen: unknown[] = [];
    ours.onAny((event, payload) => seen.push([event, payload]));
    const theirsGot = next(theirs, "school:news");
    app.services.realtime.toSchool(b.tenant.id, "school:news", { from: "B" });
    expect(await theirsGot).toEqual({ from: "B" });
    // Then something for school A: once it arrives, B's emit (sent first) would have come before it.
    const oursGot = next(ours, "school:news");
    app.services.realtime.toSchool(a.tenant.id, "school:news", { from: "A" });
    expect(await oursGot).toEqual({ from: "A" });
    expect(seen).toEqual([["school:news", { from: "A" }]]);
  });

  it("disconnects the sockets of a session that signs out", async () => {
    const parent = await signedInUser(app, a.tenant, a.admin, [(await rolesOf(a.admin)).parent!]);
    const socket = await socketOf(parent.token);
    const gone = next<string>(socket, "disconnect");
    expect((await parent.api.post("/user/api/user/logout")).statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
  });

  it("disconnects a person the school deactivates, whose sessions end elsewhere", async () => {
    const parent = await signedInUser(app, a.tenant, a.admin, [(await rolesOf(a.admin)).parent!]);
    const socket = await socketOf(parent.token);
    const gone = next<string>(socket, "disconnect");
    expect((await a.admin.put("/admin/api/user", { id: parent.user.id, status: "inactive" })).statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
  }, 20_000);

  it("recovers what was sent while a socket's connection dropped for a moment", async () => {
    const socket = connect(url, { path: "/socket.io", transports: ["websocket"], auth: { token: a.parent.token } });
    sockets.push(socket);
    await next(socket, "connect");
    // Something reaches the socket first, so it holds an offset to recover from.
    const first = next(socket, "school:news");
    app.services.realtime.toUsers(a.tenant.id, [a.parent.user.id], "school:news", { n: 1 });
    await first;
    const back = next(socket, "connect");
    socket.io.engine.close();
    app.services.realtime.toUsers(a.tenant.id, [a.parent.user.id], "school:news", { n: 2 });
    const missed = next(socket, "school:news");
    await back;
    expect(socket.recovered).toBe(true);
    expect(await missed).toEqual({ n: 2 });
  });
});
