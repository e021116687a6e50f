import { type sendChatMessage, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { roles } from "../../platform/auth/roles.table.js";
import { profiles } from "../../platform/auth/users.table.js";
import { decodeUpload, nameOfPath, type UploadStore, withUploads } from "../../platform/files/uploads.js";
import { uploads } from "../../platform/files/uploads.table.js";
import { notFound } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { attachmentOf, chatSettings, requireMembership, sentBefore, storeMessage } from "./chat.service.js";
import { chatMembers, chatMessages, chatRooms } from "./chat.table.js";

/** A room in `scope`'s school with its admin in it, for the isolation suite's samples. */
export async function sampleRoom(scope: TenantScope) {
  const [admin] = await scope.db
    .select({ id: profiles.userId })
    .from(profiles)
    .innerJoin(roles, and(eq(roles.tenantId, profiles.tenantId), eq(roles.id, profiles.roleId)))
    .where(scope.where(profiles, eq(roles.builtin, "admin")))
    .orderBy(asc(profiles.userId))
    .limit(1);
  const room = await scope.insert(chatRooms, { kind: "staff", name: "Sample room" });
  await scope.insert(chatMembers, { roomId: room.id, userId: admin!.id });
  const message = await scope.insert(chatMessages, { roomId: room.id, senderId: admin!.id, clientId: `sample-${room.id}`, content: "Hello" });
  return { room, message };
}

/**
 * Stores the caller's message in a room they belong to, with its file kept in `store`; a resend
 * of a stored message stores nothing again. Answers the message and, in a direct room, the other
 * person.
 */
export async function postMessage(scope: TenantScope, who: UserPrincipal, store: UploadStore, body: z.infer<typeof sendChatMessage.body>) {
  const s = await chatSettings(scope);
  const { room } = await requireMembership(scope, body.chatRoomId, who.userId);
  const store$ = (attachment: Parameters<typeof storeMessage>[3]["attachment"]) =>
    storeMessage(scope, who, s, { chatRoomId: room.id, clientId: body.clientId, content: body.content, attachment });
  // A resend of a stored message does not store its file again.
  const sent =
    body.attachment && !(await sentBefore(scope, who, body.clientId))
      ? await withUploads(store, who.tenantId, who.userId, async (batch) => {
          const file = decodeUpload(body.attachment!, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "attachment" });
          const stored = batch.add(file, "communication");
          await batch.save(scope);
          return store$(stored);
        })
      : await store$(null);
  const other = room.kind === "direct" ? sent.memberIds.find((id) => id !== who.userId) : undefined;
  return { sent, other };
}

/** The upload row of a message's attachment the caller may see (404 for a file not kept). */
export async function attachmentUpload(scope: TenantScope, who: UserPrincipal, messageId: number) {
  await chatSettings(scope);
  const file = await attachmentOf(scope, who, messageId);
  const [row] = await scope.db
    .select()
    .from(uploads)
    .where(scope.where(uploads, eq(uploads.name, nameOfPath(file.path) ?? "")))
    .limit(1);
  if (!row) throw notFound("File");
  return row;
}
