import type { ChatMessageRow } from "@taleem/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { ChatOutbox } from "./chat-outbox";
import { type ChatMessage, fromIncoming, fromServer, useChat } from "./chat-store";

const row = (id: number, over: Partial<ChatMessageRow> = {}): ChatMessageRow => ({
  id,
  clientId: `client-${id}`,
  content: `message ${id}`,
  chatRoomId: 7,
  sender: { userId: 3, name: "Teacher" },
  timestamp: "2026-11-23T10:00:00.000Z",
  read: false,
  attachment: null,
  ...over,
});
const waiting = (clientId: string): ChatMessage => ({ ...fromServer(row(0, { clientId })), id: 0, delivery: "waiting" });

describe("the chat state (spec 000 §3, §4)", () => {
  beforeEach(() => {
    useChat.getState().reset();
    useChat.getState().setError(null);
  });

  it("replaces the list on load, appends on add, marks read by id and resets", () => {
    const s = useChat.getState;
    s().loadMessages([fromServer(row(1)), fromServer(row(2))]);
    s().loadMessages([fromServer(row(3))]);
    expect(s().messages.map((m) => m.id)).toEqual([3]);
    s().addMessage(fromServer(row(4)));
    expect(s().messages.map((m) => m.id)).toEqual([3, 4]);
    s().markRead(4);
    expect(s().messages.find((m) => m.id === 4)?.read).toBe(true);
    s().setActiveRoom(7);
    s().setConnected(true);
    s().setUnread({ 7: 2 });
    s().reset();
    expect(s()).toMatchObject({ messages: [], unread: {}, connected: false, activeRoom: null });
  });

  it("reads the incoming message nested under `message`, and a flat one, with from and to", () => {
    const nested = fromIncoming({ message: row(5), chatRoomId: 7, chatRoomUserId: 11 });
    expect(nested).toMatchObject({ id: 5, content: "message 5", from: 3, to: 7, chatRoomId: 7, read: false, delivery: "sent" });
    expect(fromIncoming(row(6)).id).toBe(6);
  });

  it("never doubles a message that comes back from the server or the socket under its client id", () => {
    const s = useChat.getState;
    s().addMessage(waiting("abc"));
    s().addMessage({ ...fromServer(row(9, { clientId: "abc" })) });
    s().addMessage({ ...fromServer(row(9, { clientId: "abc" })) });
    expect(s().messages).toHaveLength(1);
    expect(s().messages[0]).toMatchObject({ id: 9, delivery: "sent" });
    // A late "waiting" copy never takes the stored one's place.
    s().addMessage(waiting("abc"));
    expect(s().messages[0]?.delivery).toBe("sent");
  });
});

describe("the outbox", () => {
  it("keeps what waits across page loads, per person, and forgets what was sent", () => {
    const box = ChatOutbox.of(1, 2);
    box.put({ clientId: "a1b2c3d4", chatRoomId: 7, content: "hello", time: "2026-11-23T10:00:00.000Z", state: "waiting" });
    box.put({ clientId: "e5f6a7b8", chatRoomId: 7, content: "again", time: "2026-11-23T10:00:01.000Z", state: "waiting" });
    expect(
      ChatOutbox.of(1, 2)
        .all()
        .map((p) => p.content),
    ).toEqual(["hello", "again"]);
    expect(ChatOutbox.of(1, 3).all()).toEqual([]);
    box.remove("a1b2c3d4");
    expect(
      ChatOutbox.of(1, 2)
        .all()
        .map((p) => p.clientId),
    ).toEqual(["e5f6a7b8"]);
  });
});
