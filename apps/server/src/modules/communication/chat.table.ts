import type { ChatRoomKind } from "@taleem/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { family } from "../../platform/auth/family-links.js";
import { users } from "../../platform/auth/users.table.js";
import { declareFamilyLink, type FamilyCaller } from "../../platform/tenancy/family-scope.js";
import { tenantTable } from "../../platform/tenancy/tenant-table.js";
import { classrooms } from "../academics/classrooms.table.js";

/** A chat room: two people, a classroom's parents with its teachers, or a staff group. */
export const chatRooms = tenantTable(
  "chat_rooms",
  {
    kind: text().$type<ChatRoomKind>().notNull(),
    /** A group's name; a direct room is named after the other person when shown. */
    name: text(),
    classroomId: integer(),
    /** "<lower user id>:<higher user id>" for a direct room, so the same two people get one room. */
    directKey: text(),
    createdBy: integer(),
    /** When the last message came: the rooms list's order. */
    lastMessageAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_rooms_direct_key").on(t.tenantId, t.directKey).where(sql`${t.directKey} is not null`),
    uniqueIndex("chat_rooms_classroom_key").on(t.tenantId, t.classroomId).where(sql`${t.kind} = 'classroom'`),
    foreignKey({ name: "chat_rooms_classroom_fk", columns: [t.tenantId, t.classroomId], foreignColumns: [classrooms.tenantId, classrooms.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Who is in a room, and how far each has read (the read ticks and the unread count). */
export const chatMembers = tenantTable(
  "chat_members",
  {
    roomId: integer().notNull(),
    userId: integer().notNull(),
    lastReadMessageId: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("chat_members_room_user_key").on(t.tenantId, t.roomId, t.userId),
    index("chat_members_user_idx").on(t.tenantId, t.userId),
    foreignKey({ name: "chat_members_room_fk", columns: [t.tenantId, t.roomId], foreignColumns: [chatRooms.tenantId, chatRooms.id] }).onDelete("cascade"),
    foreignKey({ name: "chat_members_user_fk", columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
  ],
);

/**
 * A message. `clientId` is the sender's own id for it: a resend after a lost reply (or a message
 * kept while offline) hits the unique index and is stored once.
 */
export const chatMessages = tenantTable(
  "chat_messages",
  {
    roomId: integer().notNull(),
    senderId: integer().notNull(),
    clientId: text().notNull(),
    content: text().notNull(),
    /** {path, name, type, size} of a checked upload. */
    attachment: jsonb().$type<{ path: string; name: string; type: string; size: number }>(),
  },
  (t) => [
    uniqueIndex("chat_messages_client_key").on(t.tenantId, t.senderId, t.clientId),
    index("chat_messages_room_idx").on(t.tenantId, t.roomId, t.id),
    foreignKey({ name: "chat_messages_room_fk", columns: [t.tenantId, t.roomId], foreignColumns: [chatRooms.tenantId, chatRooms.id] }).onDelete("cascade"),
    foreignKey({ name: "chat_messages_sender_fk", columns: [t.tenantId, t.senderId], foreignColumns: [users.tenantId, users.id] }).onDelete("cascade"),
  ],
);

/** The rooms the family's user is a member of. */
const roomsOf = (c: FamilyCaller) =>
  sql`(select ${chatMembers.roomId} from ${chatMembers} where ${and(eq(chatMembers.tenantId, c.tenantId), eq(chatMembers.userId, c.userId))})`;

// A family reads the rooms it is a member of, with their members and messages.
declareFamilyLink(
  chatRooms,
  family.rows("a room the family is a member of", (c) => inArray(chatRooms.id, roomsOf(c))),
);
declareFamilyLink(
  chatMembers,
  family.rows("a member of a room the family is in", (c) => inArray(chatMembers.roomId, roomsOf(c))),
);
declareFamilyLink(
  chatMessages,
  family.rows("a message of a room the family is in", (c) => inArray(chatMessages.roomId, roomsOf(c))),
);
