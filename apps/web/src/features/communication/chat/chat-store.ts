import type { ChatMessageRow } from "@taleem/contract";
import { create } from "zustand";
import { useAuth } from "../../../lib/auth-store";

/** Where a message of one's own stands: kept while offline, refused by the server, or stored. */
export type DeliveryState = "waiting" | "failed" | "sent";

/**
 * A chat message as the client holds it (spec 000 §3): id, content, from (the sender), to (the
 * room), time, read, chatRoomId; plus the client id that makes a resend safe, and its delivery.
 */
export interface ChatMessage {
  /** The server's id; 0 while the message waits to be sent. */
  id: number;
  clientId: string;
  content: string;
  from: number;
  to: number;
  time: string;
  read: boolean;
  chatRoomId: number;
  senderName: string;
  attachment: ChatMessageRow["attachment"];
  delivery: DeliveryState;
}

/** The realtime message: nested under `message` as the server sends it, or flat. */
export type IncomingMessage = { message: ChatMessageRow; chatRoomId?: number; chatRoomUserId?: number } | ChatMessageRow;

export function fromServer(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    content: row.content,
    from: row.sender.userId,
    to: row.chatRoomId,
    // The spec's client takes the current time when a message has none.
    time: row.timestamp ?? new Date().toISOString(),
    read: row.read ?? false,
    chatRoomId: row.chatRoomId,
    senderName: row.sender.name ?? "",
    attachment: row.attachment ?? null,
    delivery: "sent",
  };
}

export function fromIncoming(payload: IncomingMessage): ChatMessage {
  const row = "message" in payload && typeof payload.message === "object" ? payload.message : (payload as ChatMessageRow);
  return fromServer(row);
}

interface ChatState {
  messages: ChatMessage[];
  /** Unread messages per room id. */
  unread: Record<number, number>;
  connected: boolean;
  error: string | null;
  activeRoom: number | null;
  /** Replaces the whole list (a room opened or fetched again). */
  loadMessages(messages: ChatMessage[]): void;
  /**
   * Appends a message. One that is here already (the same server id or client id: a resend, the
   * socket and the reply both bringing it) replaces its earlier copy instead: never doubled.
   */
  addMessage(message: ChatMessage): void;
  /** Sets the read flag of the message with this id. */
  markRead(id: number): void;
  setUnread(unread: Record<number, number>): void;
  setConnected(connected: boolean): void;
  setError(error: string | null): void;
  setActiveRoom(room: number | null): void;
  /** Clears messages, unread, connected and the active room (sign-out). */
  reset(): void;
}

const same = (a: ChatMessage, b: ChatMessage) => (a.id !== 0 && a.id === b.id) || (a.clientId === b.clientId && a.from === b.from);

export const useChat = create<ChatState>()((set) => ({
  messages: [],
  unread: {},
  connected: false,
  error: null,
  activeRoom: null,
  loadMessages: (messages) => set({ messages }),
  addMessage: (message) =>
    set((s) => {
      const at = s.messages.findIndex((m) => same(m, message));
      if (at < 0) return { messages: [...s.messages, message] };
      const messages = [...s.messages];
      // A stored copy wins over a waiting one; a read flag once set stays.
      const earlier = messages[at]!;
      messages[at] = earlier.delivery === "sent" && message.delivery !== "sent" ? earlier : { ...message, read: message.read || earlier.read };
      return { messages };
    }),
  markRead: (id) => set((s) => ({ messages: s.messages.map((m) => (m.id === id ? { ...m, read: true } : m)) })),
  setUnread: (unread) => set({ unread }),
  setConnected: (connected) => set({ connected }),
  setError: (error) => set({ error }),
  setActiveRoom: (activeRoom) => set({ activeRoom }),
  reset: () => set({ messages: [], unread: {}, connected: false, activeRoom: null }),
}));

// Another person signing in on this device starts with an empty chat.
useAuth.subscribe((state, before) => {
  if (before.user && state.user?.id !== before.user.id) useChat.getState().reset();
});
