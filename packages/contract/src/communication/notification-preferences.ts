import { z } from "zod";
import { defineAction } from "../action.js";
import { NOTIFICATION_KINDS, NotificationKind } from "./notifications.js";

/**
 * The ways a notification can reach a person besides the in-app list, which is always on: Web
 * Push (and a native wrapper's token), SMS, WhatsApp and e-mail.
 */
export const NOTIFICATION_CHANNELS = ["push", "sms", "whatsapp", "email"] as const;
export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

const Channels = z
  .array(NotificationChannel)
  .max(NOTIFICATION_CHANNELS.length)
  .transform((c) => [...new Set(c)]);

/** What the school decided for one kind: the channels a person starts with, and those nobody may turn off. */
export const SchoolChannelSetting = z
  .object({ kind: NotificationKind, channels: Channels, compulsory: Channels })
  .refine((s) => s.compulsory.every((c) => s.channels.includes(c)), { message: "A compulsory channel must also be a default one", path: ["compulsory"] });
export type SchoolChannelSetting = z.infer<typeof SchoolChannelSetting>;

/** One kind as the person sees it: what reaches them now, what the school chose, what they cannot turn off. */
export const PersonChannelRow = z.object({
  kind: NotificationKind,
  /** The channels this kind reaches the person on (their choice, else the school's default, plus the compulsory ones). */
  channels: z.array(NotificationChannel),
  schoolDefault: z.array(NotificationChannel),
  compulsory: z.array(NotificationChannel),
  /** Whether the person chose for this kind (false: the school's default applies and follows its changes). */
  chosen: z.boolean(),
});
export type PersonChannelRow = z.infer<typeof PersonChannelRow>;

const kindsOnce = <T extends { kind: string }>(rows: T[]) => new Set(rows.map((r) => r.kind)).size === rows.length;

/** GET user/api/home/notification-preferences: every kind with the channels that reach the signed-in person. */
export const myNotificationChannels = defineAction({
  method: "GET",
  path: "/user/api/home/notification-preferences",
  module: "account",
  family: "scoped",
  summary: "The signed-in person's channels per notification kind, with the school's defaults and compulsory channels",
  reply: z.object({ message: z.string(), rows: z.array(PersonChannelRow), available: z.array(NotificationChannel) }),
});

/** PUT user/api/home/notification-preferences: the person's own channels for some kinds; `channels: null` goes back to the school's default. */
export const setMyNotificationChannels = defineAction({
  method: "PUT",
  path: "/user/api/home/notification-preferences",
  module: "account",
  summary: "Choose the channels for some notification kinds (null: back to the school's default). A compulsory channel cannot be left out.",
  body: z.object({
    choices: z
      .array(z.object({ kind: NotificationKind, channels: Channels.nullable() }))
      .min(1)
      .max(NOTIFICATION_KINDS.length)
      .refine(kindsOnce, { message: "Each kind once" }),
  }),
  reply: z.object({ message: z.string(), rows: z.array(PersonChannelRow), available: z.array(NotificationChannel) }),
  refreshes: ["notification-preferences"],
});

const SchoolChannelsReply = z.object({
  message: z.string(),
  rows: z.array(z.object({ kind: NotificationKind, channels: z.array(NotificationChannel), compulsory: z.array(NotificationChannel) })),
});

/** GET admin/api/notification-settings: the school's default and compulsory channels per kind. */
export const schoolNotificationChannels = defineAction({
  method: "GET",
  path: "/admin/api/notification-settings",
  module: "communication",
  permission: ["communication", "view"],
  family: "scoped",
  summary: "The school's default and compulsory channels for every notification kind",
  reply: SchoolChannelsReply,
});

/** PUT admin/api/notification-settings: sets some kinds' defaults and compulsory channels. */
export const setSchoolNotificationChannels = defineAction({
  method: "PUT",
  path: "/admin/api/notification-settings",
  module: "communication",
  permission: ["communication", "edit"],
  summary: "Set the default and compulsory channels of some notification kinds",
  body: z.object({ settings: z.array(SchoolChannelSetting).min(1).max(NOTIFICATION_KINDS.length).refine(kindsOnce, { message: "Each kind once" }) }),
  reply: SchoolChannelsReply,
  refreshes: ["notification-settings", "notification-preferences"],
  // It limits the channels a person may choose.
  invalidates: ["communication", "account"],
});
