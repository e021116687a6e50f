import { z } from "zod";
import { defineAction } from "../action.js";
import { ListQuery, listReply } from "../resource.js";
import { IdList, Instant, RowId } from "../values.js";

/**
 * What a notification is about: the one way the product tells a person something. Each later
 * module adds its kind here (attendance adds `absence`, exams `result`, fees `fee_due`, ...), so a
 * person's channel choices and the school's defaults can name every kind there is.
 */
export const NOTIFICATION_KINDS = [
  "announcement",
  "chat",
  "absence",
  "result",
  "fee_due",
  "hifz_feedback",
  "task",
  "checklist",
  "hall_check",
  "material",
  "meeting",
  "system",
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** One notification as its person sees it, already in their language. */
export const NotificationRow = z.object({
  id: RowId,
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** The child it is about: a parent with three children must see which one. */
  studentId: RowId.nullable(),
  studentName: z.string().nullable(),
  /** Where in the app it leads, a path of the person's own area ("/parent/..."), or null. */
  link: z.string().nullable(),
  readAt: Instant.nullable(),
  createdAt: Instant,
});
export type NotificationRow = z.infer<typeof NotificationRow>;

export const NotificationsQuery = ListQuery.pick({ page: true, limit: true }).extend({
  /** Only the ones not read yet. */
  unread: z.enum(["true", "false"]).optional(),
  kind: NotificationKind.optional(),
  /** Only those about one of the person's children. */
  student: RowId.optional(),
});

/** GET user/api/home/notifications: the signed-in person's own, newest first, with how many are unread. */
export const myNotifications = defineAction({
  method: "GET",
  path: "/user/api/home/notifications",
  module: "account",
  family: "scoped",
  summary: "The signed-in person's notifications, newest first (filters: unread, kind, student), and the unread count",
  query: NotificationsQuery,
  reply: listReply(NotificationRow).extend({ unread: z.number().int() }),
  // An announcement is a notification too.
  reads: ["account", "communication"],
});

/** PUT user/api/home/notifications/read: marks some (ids) or all of the person's notifications read. */
export const markNotificationsRead = defineAction({
  method: "PUT",
  path: "/user/api/home/notifications/read",
  module: "account",
  summary: "Mark the person's notifications read: the ones named by ids, or all of them",
  description: "Ids that are not the caller's own are ignored, never an error that would tell they exist. Marking twice changes nothing.",
  body: z
    .object({ ids: IdList(500).optional(), all: z.literal(true).optional() })
    .refine((b) => (b.ids?.length ?? 0) > 0 !== (b.all === true), { message: "Give ids, or all: true", path: ["ids"] }),
  reply: z.object({ message: z.string(), updated: z.number().int(), unread: z.number().int() }),
  refreshes: ["notification"],
});

/** PUT user/api/home/push/unsubscribe: this device no longer receives the person's push messages. */
export const unregisterPush = defineAction({
  method: "PUT",
  path: "/user/api/home/push/unsubscribe",
  module: "account",
  summary: "Stop push to one of the person's devices: a browser's subscription endpoint or a native wrapper's fcmToken",
  body: z
    .object({ endpoint: z.string().trim().max(1000).optional(), fcmToken: z.string().trim().max(4096).optional() })
    .refine((b) => !!b.endpoint !== !!b.fcmToken, { message: "Give endpoint, or fcmToken", path: ["endpoint"] }),
  reply: z.object({ message: z.string(), removed: z.boolean() }),
});
