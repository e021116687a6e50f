import { markNotificationsRead, myNotifications } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { registerAnnouncements } from "./announcements.routes.js";
import { registerChat } from "./chat.routes.js";
import { registerNotificationPreferences } from "./notification-preferences.routes.js";
import { markRead, notificationsOf, unreadCount } from "./notifications.service.js";
import { registerMessaging } from "./template-sends.routes.js";

/**
 * Communication: how the school tells people things. Each person reads and clears only their own
 * notifications, so these calls need no permission; the school's other sends (announcements,
 * messages) need `communication` permissions.
 */
export function registerCommunicationModule(app: FastifyInstance) {
  registerChat(app, app.services);
  registerAnnouncements(app, app.services);
  registerNotificationPreferences(app);
  registerMessaging(app, app.services);
  serveAction(app, myNotifications, async (ctx, { query }) => {
    const { rows, count, unread } = await notificationsOf(
      ctx.scope,
      ctx.principal.userId,
      { unread: query.unread === "true", kind: query.kind, studentId: query.student },
      query.page,
      query.limit,
    );
    return { message: "Notifications fetched successfully", rows, count, unread };
  });

  serveAction(app, markNotificationsRead, async (ctx, { body }) => {
    const updated = await markRead(ctx.scope, ctx.principal.userId, body.all ? "all" : (body.ids ?? []));
    return { message: "Notifications marked read", updated, unread: await unreadCount(ctx.scope, ctx.principal.userId) };
  });
}
