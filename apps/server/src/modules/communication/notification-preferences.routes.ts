import {
  myNotificationChannels,
  NOTIFICATION_CHANNELS,
  schoolNotificationChannels,
  setMyNotificationChannels,
  setSchoolNotificationChannels,
  unregisterPush,
} from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { personChannelRows, schoolChannelSettings, setPersonChannels, setSchoolChannelSettings } from "./notification-preferences.service.js";
import { dropPushTarget } from "./push-subscriptions.service.js";

/**
 * How notifications reach people: each person's channels per kind, the school's defaults and
 * compulsory channels, and turning push off on one device.
 */
export function registerNotificationPreferences(app: FastifyInstance) {
  const available = [...NOTIFICATION_CHANNELS];

  serveAction(app, myNotificationChannels, async (ctx) => ({
    message: "Notification preferences fetched successfully",
    rows: await personChannelRows(ctx.scope, ctx.principal.userId),
    available,
  }));

  serveAction(app, setMyNotificationChannels, async (ctx, { body }) => {
    const rows = await setPersonChannels(ctx.scope, ctx.principal.userId, body.choices);
    await ctx.audit({ action: "update", entity: "person_notification_channels", entityId: ctx.principal.userId, after: { choices: body.choices } });
    return { message: "Notification preferences saved", rows, available };
  });

  serveAction(app, schoolNotificationChannels, async (ctx) => ({
    message: "Notification settings fetched successfully",
    rows: await schoolChannelSettings(ctx.scope),
  }));

  // The school's own settings: there is no other school's row to name, so no isolation sample.
  serveAction(app, setSchoolNotificationChannels, async (ctx, { body }) => {
    const rows = await setSchoolChannelSettings(ctx.scope, body.settings);
    await ctx.audit({ action: "update", entity: "school_notification_channels", after: { settings: body.settings } });
    return { message: "Notification settings saved", rows };
  });

  serveAction(app, unregisterPush, async (ctx, { body }) => {
    const address = body.endpoint ? { endpoint: body.endpoint } : { token: body.fcmToken as string };
    const removed = (await dropPushTarget(ctx.scope, address, ctx.principal.userId)) > 0;
    return { message: removed ? "Push turned off on this device" : "This device was not registered for push", removed };
  });
}
