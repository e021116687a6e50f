import {
  CHAT_EVENTS,
  type ChatIncoming,
  ChatReadEvent,
  ChatTypingEvent,
  chatAttachment,
  chatContacts,
  listChatMessages,
  listChatRooms,
  markChatRead,
  openChatRoom,
  sendChatMessage,
  UPLOAD_LIMITS,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { serveAction } from "../../platform/actions/serve-action.js";
import type { UserPrincipal } from "../../platform/auth/principal.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { sendFile } from "../../platform/files/uploads.routes.js";
import { badRequest } from "../../platform/http/errors.js";
import type { Services } from "../../platform/services.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import { chatSettings, contactsOf, markRead, memberIdsOf, messagesOf, openRoom, roomRow, roomsOf, type Sent } from "./chat.service.js";
import { attachmentUpload, postMessage, sampleRoom } from "./chat-messages.service.js";

const parse = <S extends z.ZodType>(schema: S, payload: unknown): z.output<S> => {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw badRequest("invalid", "Invalid input", { fields: parsed.error.issues.map((i) => i.path.join(".")) });
  return parsed.data;
};

/** Chat: rooms, messages, read receipts and typing, live through the realtime server. */
export function registerChat(app: FastifyInstance, services: Services) {
  const { realtime } = services;
  const store = new UploadStore(services.config.dataDir);

  const announce = (tenantId: number, sent: Sent, directTo: number | undefined) => {
    const incoming: ChatIncoming = {
      message: { ...sent.row, read: false },
      chatRoomId: sent.row.chatRoomId,
      chatRoomUserId: sent.memberId,
      receiverCRU: directTo ? { userId: directTo } : null,
    };
    realtime.toUsers(tenantId, sent.memberIds, CHAT_EVENTS.message, incoming);
  };
  const receipt = (who: UserPrincipal, memberIds: number[], chatRoomId: number, messageId: number) =>
    realtime.toUsers(who.tenantId, memberIds, CHAT_EVENTS.read, { chatRoomId, userId: who.userId, messageId });

  serveAction(app, listChatRooms, async (ctx) => {
    const rows = await roomsOf(ctx.scope, ctx.principal, await chatSettings(ctx.scope));
    return { message: "Chat rooms fetched successfully", rows, count: rows.length };
  });

  serveAction(
    app,
    openChatRoom,
    async (ctx, { body }) => {
      const s = await chatSettings(ctx.scope);
      const id = await openRoom(ctx.scope, ctx.principal, s, body);
      return { message: "Chat room ready", data: await roomRow(ctx.scope, ctx.principal, s, id) };
    },
    { sample: async (scope) => ({ body: { kind: "classroom" as const, classroomId: (await sampleClassroom(scope)).id } }) },
  );

  serveAction(
    app,
    listChatMessages,
    async (ctx, { query }) => {
      await chatSettings(ctx.scope);
      const messages = await messagesOf(ctx.scope, ctx.principal, query.chatRoomId, query.before, query.limit);
      return { message: "Messages fetched successfully", messages };
    },
    { sample: async (scope) => ({ query: { chatRoomId: (await sampleRoom(scope)).room.id, limit: 50 } }) },
  );

  serveAction(
    app,
    sendChatMessage,
    async (ctx, { body }) => {
      const who = ctx.principal;
      const { sent, other } = await postMessage(ctx.scope, who, store, body);
      if (sent.fresh) ctx.afterCommit(() => announce(who.tenantId, sent, other));
      return { message: "Message sent", data: sent.row };
    },
    {
      bodyLimit: Math.ceil(UPLOAD_LIMITS.fileBytes / 3) * 4 + 64 * 1024,
      sample: async (scope) => ({ body: { chatRoomId: (await sampleRoom(scope)).room.id, clientId: `probe-${Date.now()}`, content: "Hello" } }),
    },
  );

  serveAction(
    app,
    markChatRead,
    async (ctx, { body }) => {
      await chatSettings(ctx.scope);
      const { memberIds, unread } = await markRead(ctx.scope, ctx.principal, body.chatRoomId, body.messageId);
      ctx.afterCommit(() => receipt(ctx.principal, memberIds, body.chatRoomId, body.messageId));
      return { message: "Marked read", unread };
    },
    {
      sample: async (scope) => {
        const { room, message } = await sampleRoom(scope);
        return { body: { chatRoomId: room.id, messageId: message.id } };
      },
    },
  );

  serveAction(app, chatContacts, async (ctx, { query }) => {
    const contacts = await contactsOf(ctx.scope, ctx.principal, await chatSettings(ctx.scope), query.q);
    return { message: "Contacts fetched successfully", ...contacts };
  });

  serveAction(app, chatAttachment, async (ctx, { params }) => {
    const row = await attachmentUpload(ctx.scope, ctx.principal, params.id);
    return sendFile(ctx.reply, store, row, "private, max-age=3600");
  });

  registerChatEvents(services, receipt);
}

/** Over the socket: read receipts and typing, which need no reply body worth an HTTP call. */
function registerChatEvents(services: Services, receipt: (who: UserPrincipal, memberIds: number[], chatRoomId: number, messageId: number) => void) {
  const { realtime } = services;
  const inSchool = <R>(who: UserPrincipal, fn: (scope: TenantScope) => Promise<R>) => new TenantScope(services.db, who.tenantId).transaction(fn);

  realtime.handle(CHAT_EVENTS.typing, async (who, payload) => {
    const { chatRoomId } = parse(ChatTypingEvent, payload);
    const memberIds = await inSchool(who, async (scope) => {
      await chatSettings(scope);
      return memberIdsOf(scope, who, chatRoomId);
    });
    realtime.toUsers(
      who.tenantId,
      memberIds.filter((id) => id !== who.userId),
      CHAT_EVENTS.typing,
      { chatRoomId, userId: who.userId },
    );
    return { ok: true };
  });

  realtime.handle(CHAT_EVENTS.read, async (who, payload) => {
    const { chatRoomId, messageId } = parse(ChatReadEvent, payload);
    const { memberIds, unread } = await inSchool(who, async (scope) => {
      await chatSettings(scope);
      return markRead(scope, who, chatRoomId, messageId);
    });
    receipt(who, memberIds, chatRoomId, messageId);
    return { unread };
  });
}
