import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type PersonChannelRow,
  type SchoolChannelSetting,
} from "@taleem/contract";
import { and, eq, inArray } from "drizzle-orm";
import { badRequest } from "../../platform/http/errors.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { personNotificationChannels, schoolNotificationChannels } from "./notification-preferences.table.js";

/** Until the school decides, every kind reaches a person's devices by push and nothing costs money. */
const STARTING_CHANNELS: NotificationChannel[] = ["push"];

type SchoolChoice = { channels: NotificationChannel[]; compulsory: NotificationChannel[] };

/** Every kind's default and compulsory channels: the school's rows, else the starting choice. */
export async function schoolChannelSettings(scope: TenantScope): Promise<(SchoolChoice & { kind: NotificationKind })[]> {
  const rows = await scope.db.select().from(schoolNotificationChannels).where(scope.where(schoolNotificationChannels));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = byKind.get(kind);
    return { kind, channels: row?.channels ?? STARTING_CHANNELS, compulsory: row?.compulsory ?? [] };
  });
}

/** Sets some kinds' defaults; a compulsory channel must be a default one (the contract refuses otherwise). */
export async function setSchoolChannelSettings(scope: TenantScope, settings: SchoolChannelSetting[]) {
  for (const s of settings) {
    await scope.db
      .insert(schoolNotificationChannels)
      .values({ tenantId: scope.tenantId, kind: s.kind, channels: s.channels, compulsory: s.compulsory })
      .onConflictDoUpdate({
        target: [schoolNotificationChannels.tenantId, schoolNotificationChannels.kind],
        set: { channels: s.channels, compulsory: s.compulsory },
      });
  }
  return schoolChannelSettings(scope);
}

const ordered = (channels: Iterable<NotificationChannel>) => {
  const set = new Set(channels);
  return NOTIFICATION_CHANNELS.filter((c) => set.has(c));
};

/** A person's channels per kind: their own choice, else the school's default, always with the compulsory ones. */
export async function personChannelRows(scope: TenantScope, userId: number): Promise<PersonChannelRow[]> {
  const [school, own] = await Promise.all([
    schoolChannelSettings(scope),
    scope.db
      .select()
      .from(personNotificationChannels)
      .where(scope.where(personNotificationChannels, eq(personNotificationChannels.userId, userId))),
  ]);
  const chosen = new Map(own.map((r) => [r.kind, r.channels]));
  return school.map((s) => ({
    kind: s.kind,
    channels: ordered([...(chosen.get(s.kind) ?? s.channels), ...s.compulsory]),
    schoolDefault: s.channels,
    compulsory: s.compulsory,
    chosen: chosen.has(s.kind),
  }));
}

/**
 * The person's own channels for some kinds (`null`: back to the school's default). Leaving out a
 * channel the school made compulsory is refused, naming it, rather than silently kept.
 */
export async function setPersonChannels(scope: TenantScope, userId: number, choices: { kind: NotificationKind; channels: NotificationChannel[] | null }[]) {
  const school = new Map((await schoolChannelSettings(scope)).map((s) => [s.kind, s]));
  choices.forEach((c, i) => {
    const missing = c.channels ? (school.get(c.kind)?.compulsory ?? []).filter((m) => !c.channels?.includes(m)) : [];
    if (missing.length) {
      throw badRequest("notification.channel_compulsory", `The school requires ${missing.join(", ")} for ${c.kind} notifications.`, {
        field: `choices.${i}.channels`,
        kind: c.kind,
        channels: missing.join(", "),
      });
    }
  });
  for (const c of choices) {
    if (!c.channels) {
      await scope.db
        .delete(personNotificationChannels)
        .where(scope.where(personNotificationChannels, eq(personNotificationChannels.userId, userId), eq(personNotificationChannels.kind, c.kind)));
      continue;
    }
    await scope.db
      .insert(personNotificationChannels)
      .values({ tenantId: scope.tenantId, userId, kind: c.kind, channels: c.channels })
      .onConflictDoUpdate({
        target: [personNotificationChannels.tenantId, personNotificationChannels.userId, personNotificationChannels.kind],
        set: { channels: c.channels },
      });
  }
  return personChannelRows(scope, userId);
}

/** The channels beyond the in-app list that one kind reaches each of these people on. */
export async function channelsOf(scope: TenantScope, userIds: number[], kind: NotificationKind): Promise<Map<number, NotificationChannel[]>> {
  if (!userIds.length) return new Map();
  const [[school], own] = await Promise.all([
    scope.db
      .select()
      .from(schoolNotificationChannels)
      .where(scope.where(schoolNotificationChannels, eq(schoolNotificationChannels.kind, kind))),
    scope.db
      .select({ userId: personNotificationChannels.userId, channels: personNotificationChannels.channels })
      .from(personNotificationChannels)
      .where(scope.where(personNotificationChannels, and(eq(personNotificationChannels.kind, kind), inArray(personNotificationChannels.userId, userIds)))),
  ]);
  const defaults = school?.channels ?? STARTING_CHANNELS;
  const compulsory = school?.compulsory ?? [];
  const chosen = new Map(own.map((r) => [r.userId, r.channels]));
  return new Map(userIds.map((id) => [id, ordered([...(chosen.get(id) ?? defaults), ...compulsory])]));
}
