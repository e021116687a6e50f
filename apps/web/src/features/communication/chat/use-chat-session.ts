import { CHAT_EVENTS, type ChatRoomRow, type FileUpload, listChatMessages, listChatRooms, markChatRead, sendChatMessage } from "@taleem/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isApiError } from "../../../lib/api";
import { useAuth } from "../../../lib/auth-store";
import { keeperOf, keepReply, keptReply, noConnection, replyOrKept } from "../../../lib/offline-copies";
import { actionKey, callAction, refreshAfter } from "../../../lib/use-action";
import { useErrorText } from "../../../ui/api-error";
import { ChatOutbox, newClientId, type Pending } from "./chat-outbox";
import { type ChatMessage, fromIncoming, fromServer, type IncomingMessage, useChat } from "./chat-store";
import { realtimeSocket } from "./realtime-socket";

/** How long a "typing" lasts without a new one, and how often one's own typing is told. */
const TYPING_SHOWN_MS = 4_000;
const TYPING_SENT_EVERY_MS = 2_500;
const PAGE = 100;

/** A reply that says "try later" keeps the message waiting; anything else is a refusal. */
const retriable = (e: unknown) => isApiError(e) && (e.status === 0 || e.status === 401 || e.status === 429 || e.status >= 500);

export type Typing = Record<number, { userId: number; until: number }>;

/**
 * The chat as one person sees it: the rooms, the live socket, the open room's messages, and the
 * outbox that sends what was written offline once, in order, when the connection comes back.
 */
export function useChatSession() {
  const user = useAuth((s) => s.user)!;
  const me = user.id;
  const text = useErrorText();
  const qc = useQueryClient();
  const outbox = useMemo(() => ChatOutbox.of(user.tenant.id, me), [user.tenant.id, me]);
  const who = useAuth(keeperOf);
  // The rooms and each room's messages last fetched are kept on the phone (lib/offline-copies): a
  // reload with no signal still shows the conversations, and the messages waiting to be sent in them.
  const rooms = useQuery({
    queryKey: actionKey(listChatRooms, {}),
    queryFn: async () => (await replyOrKept(`${who}:chat-rooms`, () => callAction(listChatRooms, {}, { page: true }))).reply,
    refetchOnWindowFocus: true,
    networkMode: "always",
  });
  const [typing, setTyping] = useState<Typing>({});
  const [hasOlder, setHasOlder] = useState(false);
  const inFlight = useRef(new Set<string>());
  const lastTyped = useRef(0);

  const pendingMessage = useCallback(
    (p: Pending): ChatMessage => ({
      id: 0,
      clientId: p.clientId,
      content: p.content,
      from: me,
      to: p.chatRoomId,
      time: p.time,
      read: false,
      chatRoomId: p.chatRoomId,
      senderName: user.name,
      attachment: null,
      delivery: p.state,
    }),
    [me, user.name],
  );

  const messagesKey = useCallback((roomId: number) => `${who}:chat-messages:${roomId}`, [who]);
  // The open room's stored messages are kept as they change (loaded, sent, arrived, read).
  useEffect(
    () =>
      useChat.subscribe((s, before) => {
        if (!s.activeRoom || s.messages === before.messages) return;
        const stored = s.messages.filter((m) => m.id > 0 && m.chatRoomId === s.activeRoom);
        if (stored.length) void keepReply(messagesKey(s.activeRoom), stored).catch(() => undefined);
      }),
    [messagesKey],
  );

  const refreshRooms = useCallback(() => qc.invalidateQueries({ queryKey: actionKey(listChatRooms, {}) }), [qc]);

  /** Loads a room's messages (replacing the list), with what still waits in the outbox after them. */
  const load = useCallback(
    async (roomId: number) => {
      const waiting = () => outbox.all().filter((p) => p.chatRoomId === roomId);
      try {
        const reply = await callAction(listChatMessages, { query: { chatRoomId: roomId, limit: PAGE } });
        if (useChat.getState().activeRoom !== roomId) return;
        const stored = new Set(reply.messages.rows.map((r) => r.clientId));
        const unsent = waiting();
        useChat.getState().loadMessages([...reply.messages.rows.map(fromServer), ...unsent.filter((p) => !stored.has(p.clientId)).map(pendingMessage)]);
        for (const p of unsent) if (stored.has(p.clientId)) outbox.remove(p.clientId);
        setHasOlder(reply.messages.count > reply.messages.rows.length);
        useChat.getState().setError(null);
      } catch (e) {
        // No connection: the room as this phone last showed it, with what waits to be sent after it.
        const kept = noConnection(e) ? await keptReply<ChatMessage[]>(messagesKey(roomId)).catch(() => undefined) : undefined;
        const s = useChat.getState();
        if (s.activeRoom !== roomId) return;
        const shown = new Set((kept ?? []).map((m) => m.clientId));
        if (!s.messages.length)
          s.loadMessages([
            ...(kept ?? []),
            ...waiting()
              .filter((p) => !shown.has(p.clientId))
              .map(pendingMessage),
          ]);
        s.setError(kept ? null : text(e));
      }
    },
    [messagesKey, outbox, pendingMessage, text],
  );

  /** Sends one outbox entry (and a file, which is never kept offline); the server stores a client id once. */
  const deliver = useCallback(
    async (p: Pending, attachment?: FileUpload) => {
      if (inFlight.current.has(p.clientId)) return;
      inFlight.current.add(p.clientId);
      try {
        const reply = await callAction(sendChatMessage, {
          body: { chatRoomId: p.chatRoomId, clientId: p.clientId, content: p.content, ...(attachment ? { attachment } : {}) },
        });
        outbox.remove(p.clientId);
        if (reply.data.chatRoomId === useChat.getState().activeRoom) useChat.getState().addMessage(fromServer(reply.data));
        void refreshAfter(qc, sendChatMessage);
      } catch (e) {
        if (retriable(e) && !attachment) return;
        const failed: Pending = { ...p, state: "failed", error: text(e) };
        if (!attachment) outbox.put(failed);
        useChat.getState().addMessage(pendingMessage(failed));
      } finally {
        inFlight.current.delete(p.clientId);
      }
    },
    [outbox, pendingMessage, qc, text],
  );

  /** Everything still waiting, oldest first, one at a time so the room reads in the order written. */
  const flush = useCallback(async () => {
    for (const p of outbox.all()) if (p.state === "waiting") await deliver(p);
  }, [outbox, deliver]);

  const send = useCallback(
    async (chatRoomId: number, content: string, attachment?: FileUpload) => {
      const p: Pending = { clientId: newClientId(), chatRoomId, content, time: new Date().toISOString(), state: "waiting" };
      // Kept before it is tried: a closed tab or a lost connection cannot lose it.
      if (!attachment) outbox.put(p);
      useChat.getState().addMessage(pendingMessage(p));
      await deliver(p, attachment);
    },
    [outbox, pendingMessage, deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const p = outbox.all().find((x) => x.clientId === clientId);
      if (!p) return;
      const again: Pending = { ...p, state: "waiting" };
      outbox.put(again);
      useChat.getState().addMessage(pendingMessage(again));
      void deliver(again);
    },
    [outbox, pendingMessage, deliver],
  );

  const discard = useCallback(
    (clientId: string) => {
      outbox.remove(clientId);
      const s = useChat.getState();
      s.loadMessages(s.messages.filter((m) => !(m.clientId === clientId && m.delivery !== "sent")));
    },
    [outbox],
  );

  /** Marks the open room read up to its newest message from someone else. */
  const markSeen = useCallback(async () => {
    const s = useChat.getState();
    const room = s.activeRoom;
    const theirs = s.messages.filter((m) => m.chatRoomId === room && m.from !== me && m.id > 0 && !m.read);
    const newest = theirs.at(-1);
    if (!room || !newest) return;
    for (const m of theirs) s.markRead(m.id);
    s.setUnread({ ...s.unread, [room]: 0 });
    const socket = realtimeSocket();
    try {
      if (socket.connected) await socket.timeout(10_000).emitWithAck(CHAT_EVENTS.read, { chatRoomId: room, messageId: newest.id });
      else await callAction(markChatRead, { body: { chatRoomId: room, messageId: newest.id } });
    } catch {
      // Read marks are best effort: the next visit marks them again.
    }
  }, [me]);

  const typed = useCallback((chatRoomId: number) => {
    const socket = realtimeSocket();
    if (!socket.connected || Date.now() - lastTyped.current < TYPING_SENT_EVERY_MS) return;
    lastTyped.current = Date.now();
    socket.emit(CHAT_EVENTS.typing, { chatRoomId });
  }, []);

  // The unread map follows the rooms list; the open room counts none.
  useEffect(() => {
    if (!rooms.data) return;
    const active = useChat.getState().activeRoom;
    useChat.getState().setUnread(Object.fromEntries(rooms.data.rows.map((r) => [r.id, r.id === active ? 0 : r.unread])));
  }, [rooms.data]);

  useEffect(() => {
    if (rooms.error) useChat.getState().setError(text(rooms.error));
  }, [rooms.error, text]);

  // The live socket: messages, receipts, typing; on every (re)connection the outbox goes out and
  // the open room is loaded again, so a message missed while away shows without doubling.
  useEffect(() => {
    const socket = realtimeSocket();
    const onConnect = () => {
      useChat.getState().setConnected(true);
      void flush().then(() => {
        const room = useChat.getState().activeRoom;
        if (room) void load(room);
        void refreshRooms();
      });
    };
    const onDisconnect = () => useChat.getState().setConnected(false);
    const onMessage = (payload: IncomingMessage) => {
      const m = fromIncoming(payload);
      const s = useChat.getState();
      if (m.chatRoomId === s.activeRoom) s.addMessage(m);
      else if (m.from !== me) s.setUnread({ ...s.unread, [m.chatRoomId]: (s.unread[m.chatRoomId] ?? 0) + 1 });
      if (m.from !== me) setTyping((t) => ({ ...t, [m.chatRoomId]: { userId: 0, until: 0 } }));
      void refreshRooms();
    };
    const onRead = (r: { chatRoomId: number; userId: number; messageId: number }) => {
      const s = useChat.getState();
      if (r.userId === me || r.chatRoomId !== s.activeRoom) return;
      for (const m of s.messages) if (m.from === me && m.id > 0 && m.id <= r.messageId && !m.read) s.markRead(m.id);
    };
    const onTyping = (t: { chatRoomId: number; userId: number }) =>
      setTyping((all) => ({ ...all, [t.chatRoomId]: { userId: t.userId, until: Date.now() + TYPING_SHOWN_MS } }));
    const onOnline = () => void flush();
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on(CHAT_EVENTS.message, onMessage);
    socket.on(CHAT_EVENTS.read, onRead);
    socket.on(CHAT_EVENTS.typing, onTyping);
    window.addEventListener("online", onOnline);
    if (socket.connected) onConnect();
    else void flush();
    return () => {
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off(CHAT_EVENTS.message, onMessage);
      socket.off(CHAT_EVENTS.read, onRead);
      socket.off(CHAT_EVENTS.typing, onTyping);
      window.removeEventListener("online", onOnline);
    };
  }, [me, flush, load, refreshRooms]);

  // Stable, so a screen may close the room when it unmounts without closing it on every render.
  const loadRef = useRef(load);
  loadRef.current = load;
  const open = useCallback((room: number | null) => {
    const s = useChat.getState();
    s.setActiveRoom(room);
    s.loadMessages([]);
    setHasOlder(false);
    if (room) {
      s.setUnread({ ...s.unread, [room]: 0 });
      void loadRef.current(room);
    }
  }, []);

  /** The page of messages before the oldest one shown. */
  const loadOlder = useCallback(async () => {
    const s = useChat.getState();
    const room = s.activeRoom;
    const oldest = s.messages.find((m) => m.id > 0);
    if (!room || !oldest) return;
    try {
      const reply = await callAction(listChatMessages, { query: { chatRoomId: room, before: oldest.id, limit: PAGE } });
      const now = useChat.getState();
      if (now.activeRoom !== room) return;
      now.loadMessages([...reply.messages.rows.map(fromServer), ...now.messages]);
      setHasOlder(reply.messages.rows.length === PAGE);
    } catch (e) {
      useChat.getState().setError(text(e));
    }
  }, [text]);

  return {
    me,
    hasOlder,
    loadOlder,
    rooms: (rooms.data?.rows ?? []) as ChatRoomRow[],
    roomsLoading: rooms.isLoading,
    typing,
    open,
    send,
    retry,
    discard,
    markSeen,
    typed,
    refreshRooms,
  };
}

export type ChatSession = ReturnType<typeof useChatSession>;
