import { CHAT_SETTINGS, type ChatMessageRow, type ChatRoomRow } from "@taleem/contract";
import { and, desc, eq, gt, ilike, inArray, lt, ne, sql } from "drizzle-orm";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { roles } from "../../platform/auth/roles.table.js";
import { guardians, profiles, users } from "../../platform/auth/users.table.js";
import { AppError, badRequest, notFound } from "../../platform/http/errors.js";
import { settings } from "../../platform/tenancy/settings.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { requireClassroom } from "../academics/classrooms.service.js";
import { activeStudentIds } from "../academics/enrolments.service.js";
import { chatMembers, chatMessages, chatRooms } from "./chat.table.js";

type RoomRecord = typeof chatRooms.$inferSelect;
type MessageRecord = typeof chatMessages.$inferSelect;

const refused = (code: string, message: string) => new AppError(403, code, message);

/** Parents are the holders of a role that reaches only linked students; everyone else is staff. */
export const isParent = (who: UserPrincipal) => who.linkedStudentsOnly;

export interface ChatSettings {
  enabled: boolean;
  parentsReplyOnly: boolean;
  parentToParent: boolean;
}

/** The school's chat switches, from its settings config; refuses everything when chat is off. */
export async function chatSettings(scope: TenantScope): Promise<ChatSettings> {
  const [row] = await scope.db.select({ config: settings.config }).from(settings).where(scope.where(settings));
  const config = row?.config ?? {};
  const s = {
    enabled: config[CHAT_SETTINGS.enabled] !== false,
    parentsReplyOnly: config[CHAT_SETTINGS.parentsReplyOnly] === true,
    parentToParent: config[CHAT_SETTINGS.parentToParent] === true,
  };
  if (!s.enabled) throw refused("chat.off", "Chat is switched off in this school.");
  return s;
}

/** Of these people, the active ones holding an active staff role (any role not limited to linked students). */
async function staffAmong(scope: TenantScope, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await scope.db
    .selectDistinct({ id: profiles.userId })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .innerJoin(users, and(eq(users.tenantId, profiles.tenantId), eq(users.id, profiles.userId)))
    .where(
      scope.where(profiles, inArray(profiles.userId, userIds), eq(roles.linkedStudentsOnly, false), eq(roles.status, "active"), eq(users.status, "active")),
    );
  return new Set(rows.map((r) => r.id));
}

/** A room the caller is a member of, or 404: another school's room and someone else's look the same. */
export async function requireMembership(scope: TenantScope, roomId: number, userId: number) {
  const [row] = await scope.db
    .select({ room: chatRooms, lastRead: chatMembers.lastReadMessageId, memberId: chatMembers.id })
    .from(chatMembers)
    .innerJoin(chatRooms, and(eq(chatRooms.tenantId, chatMembers.tenantId), eq(chatRooms.id, chatMembers.roomId)))
    .where(scope.where(chatMembers, eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound("Chat room");
  return row;
}

async function membersOf(scope: TenantScope, roomIds: number[]) {
  if (!roomIds.length) return [];
  return scope.db
    .select({ roomId: chatMembers.roomId, userId: chatMembers.userId, name: users.name, lastReadMessageId: chatMembers.lastReadMessageId })
    .from(chatMembers)
    .innerJoin(users, and(eq(users.tenantId, chatMembers.tenantId), eq(users.id, chatMembers.userId)))
    .where(scope.where(chatMembers, inArray(chatMembers.roomId, roomIds)))
    .orderBy(users.name);
}
type Member = Awaited<ReturnType<typeof membersOf>>[number];

/** Whether a message counts as read for `me`: mine once another member read it, theirs once I did. */
function presentMessage(m: MessageRecord, senderName: string, me: number, members: Member[]): ChatMessageRow {
  const read =
    m.senderId === me
      ? members.some((x) => x.userId !== me && x.lastReadMessageId >= m.id)
      : (members.find((x) => x.userId === me)?.lastReadMessageId ?? 0) >= m.id;
  return {
    id: m.id,
    clientId: m.clientId,
    content: m.content,
    chatRoomId: m.roomId,
    sender: { userId: m.senderId, name: senderName },
    timestamp: m.createdAt.toISOString(),
    read,
    attachment: m.attachment ?? null,
  };
}

/** May this person write in this room now? A reply-only parent waits for staff to write first. */
async function canWrite(scope: TenantScope, who: UserPrincipal, s: ChatSettings, room: RoomRecord): Promise<boolean> {
  if (!isParent(who) || !s.parentsReplyOnly) return true;
  const staff = await staffAmong(
    scope,
    (await membersOf(scope, [room.id])).map((m) => m.userId),
  );
  if (!staff.size) return false;
  const [written] = await scope.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(scope.where(chatMessages, eq(chatMessages.roomId, room.id), inArray(chatMessages.senderId, [...staff])))
    .limit(1);
  return !!written;
}

/** The caller's rooms, most recent activity first, each with members, unread count and last message. */
export async function roomsOf(scope: TenantScope, who: UserPrincipal, s: ChatSettings): Promise<ChatRoomRow[]> {
  const me = who.userId;
  const unread = sql<number>`(select count(*)::int from ${chatMessages} x where x.tenant_id = ${chatRooms.tenantId} and x.room_id = ${chatRooms.id} and x.id > ${chatMembers.lastReadMessageId} and x.sender_id <> ${me})`;
  const rooms = await scope.db
    .select({ room: chatRooms, unread })
    .from(chatMembers)
    .innerJoin(chatRooms, and(eq(chatRooms.tenantId, chatMembers.tenantId), eq(chatRooms.id, chatMembers.roomId)))
    .where(scope.where(chatMembers, eq(chatMembers.userId, me)))
    .orderBy(desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`), desc(chatRooms.id))
    .limit(500);
  return presentRooms(
    scope,
    who,
    s,
    rooms.map((r) => r.room),
    new Map(rooms.map((r) => [r.room.id, r.unread])),
  );
}

async function presentRooms(scope: TenantScope, who: UserPrincipal, s: ChatSettings, rooms: RoomRecord[], unread: Map<number, number>): Promise<ChatRoomRow[]> {
  const ids = rooms.map((r) => r.id);
  const members = await membersOf(scope, ids);
  const last = ids.length
    ? await scope.db
        .selectDistinctOn([chatMessages.roomId], { message: chatMessages, senderName: users.name })
        .from(chatMessages)
        .innerJoin(users, and(eq(users.tenantId, chatMessages.tenantId), eq(users.id, chatMessages.senderId)))
        .where(scope.where(chatMessages, inArray(chatMessages.roomId, ids)))
        .orderBy(chatMessages.roomId, desc(chatMessages.id))
    : [];
  const replyOnly = isParent(who) && s.parentsReplyOnly;
  const staff = replyOnly ? await staffAmong(scope, [...new Set(members.map((m) => m.userId))]) : new Set<number>();
  const staffWrote = replyOnly && ids.length ? await roomsWithMessagesFrom(scope, ids, [...staff]) : new Set<number>();
  return rooms.map((room) => {
    const own = members.filter((m) => m.roomId === room.id);
    const lm = last.find((l) => l.message.roomId === room.id);
    const other = own.find((m) => m.userId !== who.userId);
    return {
      id: room.id,
      kind: room.kind,
      name: room.name ?? other?.name ?? "",
      classroomId: room.classroomId,
      members: own.map(({ userId, name, lastReadMessageId }) => ({ userId, name, lastReadMessageId })),
      unread: unread.get(room.id) ?? 0,
      lastMessage: lm ? presentMessage(lm.message, lm.senderName, who.userId, own) : null,
      canWrite: !replyOnly || staffWrote.has(room.id),
    };
  });
}

async function roomsWithMessagesFrom(scope: TenantScope, roomIds: number[], senders: number[]): Promise<Set<number>> {
  if (!senders.length) return new Set();
  const rows = await scope.db
    .selectDistinct({ roomId: chatMessages.roomId })
    .from(chatMessages)
    .where(scope.where(chatMessages, inArray(chatMessages.roomId, roomIds), inArray(chatMessages.senderId, senders)));
  return new Set(rows.map((r) => r.roomId));
}

export async function roomRow(scope: TenantScope, who: UserPrincipal, s: ChatSettings, roomId: number): Promise<ChatRoomRow> {
  const { room } = await requireMembership(scope, roomId, who.userId);
  const [row] = await presentRooms(scope, who, s, [room], new Map([[room.id, await unreadIn(scope, room.id, who.userId)]]));
  return row!;
}

async function unreadIn(scope: TenantScope, roomId: number, userId: number): Promise<number> {
  const { lastRead } = await requireMembership(scope, roomId, userId);
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(scope.where(chatMessages, eq(chatMessages.roomId, roomId), gt(chatMessages.id, lastRead), ne(chatMessages.senderId, userId)));
  return row?.n ?? 0;
}

async function addMembers(scope: TenantScope, roomId: number, userIds: number[]) {
  const unique = [...new Set(userIds)];
  if (unique.length)
    await scope.db
      .insert(chatMembers)
      .values(unique.map((userId) => ({ tenantId: scope.tenantId, roomId, userId })))
      .onConflictDoNothing();
}

/** The active people of the school among these ids, or 404 naming what was missing. */
async function requireActiveUsers(scope: TenantScope, ids: number[], field: string) {
  const rows = await scope.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(scope.where(users, inArray(users.id, ids), eq(users.status, "active")));
  if (rows.length !== new Set(ids).size) throw new AppError(404, "not_found", "Person not found", { what: "Person", field });
  return rows;
}

/** Finds the room a unique key names, making it first when there is none (a race makes it once). */
async function findOrMake(scope: TenantScope, where: ReturnType<TenantScope["where"]>, values: Omit<typeof chatRooms.$inferInsert, "tenantId">) {
  await scope.db
    .insert(chatRooms)
    .values({ ...values, tenantId: scope.tenantId })
    .onConflictDoNothing();
  const [room] = await scope.db.select().from(chatRooms).where(where).limit(1);
  return room!;
}

export type OpenRoom = { kind: "direct"; userId: number } | { kind: "classroom"; classroomId: number } | { kind: "staff"; name: string; userIds: number[] };

/**
 * Opens (or finds) a room as the roles allow, and returns its id. The school's chat rules decide
 * whom a parent may write to, so the room is found and made beyond the family's scope (a parent
 * is not yet a member of the room it opens); the caller then reads it as a member.
 */
export async function openRoom(familyScope: TenantScope, who: UserPrincipal, s: ChatSettings, body: OpenRoom): Promise<number> {
  const scope = familyScope.school();
  const parent = isParent(who);
  if (parent && s.parentsReplyOnly) throw refused("chat.reply_only", "In this school parents can reply to messages but not start a conversation.");
  if (body.kind === "direct") {
    if (body.userId === who.userId) throw badRequest("chat.self", "Choose someone other than yourself.", { field: "userId" });
    await requireActiveUsers(scope, [body.userId], "userId");
    if (parent && !s.parentToParent && !(await staffAmong(scope, [body.userId])).has(body.userId)) {
      throw refused("chat.parent_to_parent", "Parents can message the school's staff, not other parents.");
    }
    const key = [who.userId, body.userId].sort((a, b) => a - b).join(":");
    const room = await findOrMake(scope, scope.where(chatRooms, eq(chatRooms.directKey, key)), { kind: "direct", directKey: key, createdBy: who.userId });
    await addMembers(scope, room.id, [who.userId, body.userId]);
    return room.id;
  }
  if (parent) throw refused("chat.staff_only", "Only staff can open group rooms.");
  if (body.kind === "classroom") {
    const classroom = await requireClassroom(scope, body.classroomId);
    const room = await findOrMake(scope, scope.where(chatRooms, eq(chatRooms.kind, "classroom"), eq(chatRooms.classroomId, classroom.id)), {
      kind: "classroom",
      classroomId: classroom.id,
      name: `${classroom.label} ${classroom.batchName}`.trim(),
      createdBy: who.userId,
    });
    await syncClassroomMembers(scope, room.id, classroom.id, [who.userId, ...(classroom.classTeacherId ? [classroom.classTeacherId] : [])]);
    return room.id;
  }
  const wanted = [...new Set(body.userIds.filter((id) => id !== who.userId))];
  await requireActiveUsers(scope, wanted, "userIds");
  const staff = await staffAmong(scope, wanted);
  if (staff.size !== wanted.length) throw badRequest("chat.not_staff", "A staff group can hold staff only.", { field: "userIds" });
  const room = await scope.insert(chatRooms, { kind: "staff", name: body.name, createdBy: who.userId });
  await addMembers(scope, room.id, [who.userId, ...wanted]);
  return room.id;
}

/**
 * A classroom room holds its teachers and the guardians of the students enrolled now: opening it
 * again adds new families and takes out the parents whose children left; staff stay.
 */
async function syncClassroomMembers(scope: TenantScope, roomId: number, classroomId: number, staffIds: number[]) {
  const parents = await scope.db
    .selectDistinct({ id: guardians.userId })
    .from(guardians)
    .innerJoin(users, and(eq(users.tenantId, guardians.tenantId), eq(users.id, guardians.userId)))
    .where(scope.where(guardians, inArray(guardians.studentId, activeStudentIds(scope, { classroomId })), eq(users.status, "active")));
  const wanted = new Set([...staffIds, ...parents.map((p) => p.id)]);
  await addMembers(scope, roomId, [...wanted]);
  const current = (await membersOf(scope, [roomId])).map((m) => m.userId).filter((id) => !wanted.has(id));
  const staff = await staffAmong(scope, current);
  const gone = current.filter((id) => !staff.has(id));
  if (gone.length) await scope.db.delete(chatMembers).where(scope.where(chatMembers, eq(chatMembers.roomId, roomId), inArray(chatMembers.userId, gone)));
}

/** A page of a room's messages, oldest first, and how many the room holds. */
export async function messagesOf(scope: TenantScope, who: UserPrincipal, roomId: number, before: number | undefined, limit: number) {
  await requireMembership(scope, roomId, who.userId);
  const rows = await scope.db
    .select({ message: chatMessages, senderName: users.name })
    .from(chatMessages)
    .innerJoin(users, and(eq(users.tenantId, chatMessages.tenantId), eq(users.id, chatMessages.senderId)))
    .where(scope.where(chatMessages, eq(chatMessages.roomId, roomId), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  const [total] = await scope.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(scope.where(chatMessages, eq(chatMessages.roomId, roomId)));
  const members = await membersOf(scope, [roomId]);
  return { rows: rows.reverse().map((r) => presentMessage(r.message, r.senderName, who.userId, members)), count: total?.n ?? 0 };
}

/** The message this sender already stored under this client id, if any. */
export async function sentBefore(scope: TenantScope, who: UserPrincipal, clientId: string) {
  const [row] = await scope.db
    .select()
    .from(chatMessages)
    .where(scope.where(chatMessages, eq(chatMessages.senderId, who.userId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

export interface Sent {
  row: ChatMessageRow;
  memberIds: number[];
  memberId: number;
  /** False when this client id was stored before: nothing new to tell the room. */
  fresh: boolean;
}

/** Stores a message once per client id; the caller has checked the attachment. */
export async function storeMessage(
  scope: TenantScope,
  who: UserPrincipal,
  s: ChatSettings,
  input: { chatRoomId: number; clientId: string; content: string; attachment: MessageRecord["attachment"] },
): Promise<Sent> {
  const { room, memberId } = await requireMembership(scope, input.chatRoomId, who.userId);
  const earlier = await sentBefore(scope, who, input.clientId);
  if (!earlier && !(await canWrite(scope, who, s, room)))
    throw refused("chat.reply_only", "In this school parents can reply to messages but not start a conversation.");
  const [inserted] = earlier
    ? []
    : await scope.db
        .insert(chatMessages)
        .values({
          tenantId: scope.tenantId,
          roomId: room.id,
          senderId: who.userId,
          clientId: input.clientId,
          content: input.content,
          attachment: input.attachment,
        })
        .onConflictDoNothing()
        .returning();
  const message = inserted ?? earlier ?? (await sentBefore(scope, who, input.clientId))!;
  if (inserted) {
    await scope.db
      .update(chatRooms)
      .set({ lastMessageAt: inserted.createdAt })
      .where(scope.where(chatRooms, eq(chatRooms.id, room.id)));
    await scope.db
      .update(chatMembers)
      .set({ lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${inserted.id})` })
      .where(scope.where(chatMembers, eq(chatMembers.id, memberId)));
  }
  const [sender] = await scope.db
    .select({ name: users.name })
    .from(users)
    .where(scope.where(users, eq(users.id, who.userId)));
  // A new message is read by nobody else yet: only the earlier copy of a resend needs the read marks.
  const memberIds = await roomUserIds(scope, message.roomId);
  const members = inserted ? [] : await membersOf(scope, [message.roomId]);
  return { row: presentMessage(message, sender?.name ?? "", who.userId, members), memberIds, memberId, fresh: !!inserted };
}

/** Moves the caller's read mark forward (never back) to a message of the room; returns the room's members and unread count. */
export async function markRead(scope: TenantScope, who: UserPrincipal, roomId: number, messageId: number) {
  const { memberId } = await requireMembership(scope, roomId, who.userId);
  const [message] = await scope.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(scope.where(chatMessages, eq(chatMessages.id, messageId), eq(chatMessages.roomId, roomId)))
    .limit(1);
  if (!message) throw notFound("Message");
  await scope.db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${message.id})` })
    .where(scope.where(chatMembers, eq(chatMembers.id, memberId)));
  return { memberIds: await roomUserIds(scope, roomId), unread: await unreadIn(scope, roomId, who.userId) };
}

async function roomUserIds(scope: TenantScope, roomId: number): Promise<number[]> {
  const rows = await scope.db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(scope.where(chatMembers, eq(chatMembers.roomId, roomId)));
  return rows.map((r) => r.userId);
}

/** The members of a room the caller is in, for typing and receipts. */
export async function memberIdsOf(scope: TenantScope, who: UserPrincipal, roomId: number) {
  await requireMembership(scope, roomId, who.userId);
  return roomUserIds(scope, roomId);
}

/** Whom the caller may open a direct room with: staff see everyone; parents see staff (and parents, when allowed). */
export async function contactsOf(familyScope: TenantScope, who: UserPrincipal, s: ChatSettings, q: string | undefined) {
  const parent = isParent(who);
  if (parent && s.parentsReplyOnly) return { people: [], canOpen: false, staff: false };
  // A school that lets parents write to each other shows them the other parents too.
  const scope = parent && s.parentToParent ? familyScope.school() : familyScope;
  const rows = await scope.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(scope.where(users, eq(users.status, "active"), ne(users.id, who.userId), q ? ilike(users.name, `%${q.replace(/[\\%_]/g, "\\$&")}%`) : undefined))
    .orderBy(users.name)
    .limit(parent ? 500 : 100);
  const staff = await staffAmong(
    scope,
    rows.map((r) => r.id),
  );
  const people = rows.map((r) => ({ userId: r.id, name: r.name, staff: staff.has(r.id) })).filter((p) => !parent || s.parentToParent || p.staff);
  return { people: people.slice(0, 100), canOpen: true, staff: !parent };
}

/** A message's attachment, for a member of its room; 404 otherwise. */
export async function attachmentOf(scope: TenantScope, who: UserPrincipal, messageId: number) {
  const message = await scope.find(chatMessages, messageId, "Message");
  await requireMembership(scope, message.roomId, who.userId);
  if (!message.attachment) throw notFound("File");
  return message.attachment;
}
