import { z } from "zod";
import { defineAction } from "../action.js";
import { FileUpload, STORED_FILE_REPLY, StoredFile } from "../admissions/common.js";
import { Instant, RowId } from "../values.js";

/**
 * Chat: direct rooms (a parent and a teacher), a classroom's parents with its teachers, staff
 * groups. Every signed-in person of a school may chat (no permission): who may open a room with
 * whom follows roles and the school's chat settings, checked by the server.
 */
export const CHAT_ROOM_KINDS = ["direct", "classroom", "staff"] as const;
export const ChatRoomKind = z.enum(CHAT_ROOM_KINDS);
export type ChatRoomKind = z.infer<typeof ChatRoomKind>;

/** The school's chat settings, keys of its settings config (PUT /admin/api/setting {config}). */
export const CHAT_SETTINGS = {
  /** false switches chat off for everyone (default on). */
  enabled: "chatEnabled",
  /** true: parents may only answer in rooms a staff member has written in (default false). */
  parentsReplyOnly: "chatParentsReplyOnly",
  /** true: a parent may open a direct room with another parent (default false). */
  parentToParent: "chatParentToParent",
} as const;

/** How the client tells its own messages apart and makes a resend safe: the same id is stored once. */
export const ChatClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _");

/** A photo or a PDF a message carries, read back through `chatAttachment`. */
export const ChatAttachment = StoredFile;

/** One message as the spec's client reads it: `sender.userId`, `chatRoomId`, `timestamp`, `read`. */
export const ChatMessageRow = z.object({
  id: RowId,
  clientId: z.string(),
  content: z.string(),
  chatRoomId: RowId,
  sender: z.object({ userId: RowId, name: z.string() }),
  timestamp: Instant,
  /** Someone else's message: the caller has read it. The caller's own: another member has. */
  read: z.boolean(),
  attachment: ChatAttachment.nullable(),
});
export type ChatMessageRow = z.infer<typeof ChatMessageRow>;

export const ChatMember = z.object({
  userId: RowId,
  name: z.string(),
  /** The newest message this member has read (0: none): the read ticks. */
  lastReadMessageId: z.number().int(),
});

export const ChatRoomRow = z.object({
  id: RowId,
  kind: ChatRoomKind,
  /** A group's name, or the other person's name in a direct room. */
  name: z.string(),
  classroomId: RowId.nullable(),
  members: z.array(ChatMember),
  unread: z.number().int(),
  lastMessage: ChatMessageRow.nullable(),
  /** False for a parent limited to replying in a room no staff member has written in yet. */
  canWrite: z.boolean(),
});
export type ChatRoomRow = z.infer<typeof ChatRoomRow>;

/** The incoming realtime message: the message nested under `message`, as spec 000 §3 describes. */
export const ChatIncoming = z.object({
  message: ChatMessageRow,
  chatRoomId: RowId,
  /** The sender's membership. */
  chatRoomUserId: RowId,
  /** The receiver in a direct room; null in a group. */
  receiverCRU: z.object({ userId: RowId }).nullable(),
});
export type ChatIncoming = z.infer<typeof ChatIncoming>;

/** Socket events: what the server emits, and what a client sends (with an acknowledgement). */
export const CHAT_EVENTS = {
  /** server -> client: ChatIncoming. */
  message: "chat:message",
  /** server -> client: {chatRoomId, userId, messageId}; client -> server: {chatRoomId, messageId}. */
  read: "chat:read",
  /** server -> client: {chatRoomId, userId, name}; client -> server: {chatRoomId}. */
  typing: "chat:typing",
} as const;

export const ChatReadEvent = z.object({ chatRoomId: RowId, messageId: RowId });
export const ChatTypingEvent = z.object({ chatRoomId: RowId });

export const listChatRooms = defineAction({
  method: "GET",
  path: "/admin/api/chatMessage/rooms",
  module: "communication",
  family: "scoped",
  summary: "The caller's chat rooms, newest activity first, with unread counts and the last message",
  reply: z.object({ message: z.string(), rows: z.array(ChatRoomRow), count: z.number().int() }),
  errors: [403],
});

export const OpenChatRoom = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("direct"), userId: RowId }),
  z.object({ kind: z.literal("classroom"), classroomId: RowId }),
  z.object({ kind: z.literal("staff"), name: z.string().trim().min(1).max(100), userIds: z.array(RowId).min(1).max(200) }),
]);

export const openChatRoom = defineAction({
  method: "POST",
  path: "/admin/api/chatMessage/rooms",
  module: "communication",
  summary: "Open a chat room: direct (reused when the two already have one), a classroom's parents with its teachers, or a staff group",
  description:
    "A parent may open a direct room with staff only (with another parent when the school allows it) and no group; a classroom room is " +
    "one per classroom and opening it again brings its members up to date.",
  body: OpenChatRoom,
  reply: z.object({ message: z.string(), data: ChatRoomRow }),
  errors: [403, 404],
  refreshes: ["chatMessage"],
});

export const ChatMessagesQuery = z.object({
  chatRoomId: RowId,
  /** Older than this message id: the page before the ones shown. */
  before: RowId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const listChatMessages = defineAction({
  method: "GET",
  path: "/admin/api/chatMessage",
  module: "communication",
  family: "scoped",
  summary: "A room's messages, oldest first (the newest `limit`, or those before `before`)",
  query: ChatMessagesQuery,
  reply: z.object({ message: z.string(), messages: z.object({ rows: z.array(ChatMessageRow), count: z.number().int() }) }),
  errors: [403, 404],
});

export const SendChatMessage = z
  .object({
    chatRoomId: RowId,
    clientId: ChatClientId,
    content: z.string().trim().max(4000).default(""),
    /** A photo (JPEG, PNG, WebP) or a PDF, at most 5 MB, as a data URL. */
    attachment: FileUpload.optional(),
  })
  .refine((b) => b.content.length > 0 || b.attachment, { message: "Write a message or attach a file", path: ["content"] });

export const sendChatMessage = defineAction({
  method: "POST",
  path: "/admin/api/chatMessage",
  module: "communication",
  summary: "Send a message to a room; sending the same clientId again returns the message stored the first time",
  body: SendChatMessage,
  reply: z.object({ message: z.string(), data: ChatMessageRow }),
  errors: [403, 404],
});

export const markChatRead = defineAction({
  method: "PUT",
  path: "/admin/api/chatMessage/read",
  module: "communication",
  summary: "Mark a room read up to a message; the other members see the read ticks",
  body: ChatReadEvent,
  reply: z.object({ message: z.string(), unread: z.number().int() }),
  errors: [404],
});

export const ChatContact = z.object({ userId: RowId, name: z.string(), staff: z.boolean() });

export const chatContacts = defineAction({
  method: "GET",
  path: "/admin/api/chatMessage/contacts",
  module: "communication",
  family: "scoped",
  summary: "Whom the caller may open a direct room with (search q); canOpen is false when the caller may not open rooms",
  query: z.object({ q: z.string().trim().max(100).optional() }),
  reply: z.object({
    message: z.string(),
    people: z.array(ChatContact),
    canOpen: z.boolean(),
    /** The caller is staff: may open a classroom's room and staff groups. */
    staff: z.boolean(),
  }),
  errors: [403],
});

export const chatAttachment = defineAction({
  method: "GET",
  path: "/admin/api/chatMessage/:id/attachment",
  module: "communication",
  family: "scoped",
  summary: "The file a message carries, for the members of its room",
  params: z.object({ id: RowId }),
  reply: STORED_FILE_REPLY,
  errors: [404],
});
