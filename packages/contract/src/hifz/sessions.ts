import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId } from "../values.js";

/**
 * A sitting (hifz session): a day's time with a halqa and its teacher, the hafiz students who sit
 * it and whether each came. A week of sittings is made or moved at once.
 */

export const SITTING_ATTENDANCE = ["present", "late", "absent", "excused"] as const;
export const SittingAttendance = z.enum(SITTING_ATTENDANCE);
export type SittingAttendance = z.infer<typeof SittingAttendance>;

export const hifzSessionResource = defineResource({
  path: "hifzsession",
  module: "hifz",
  i18n: "hifz:sessions",
  fields: {
    date: field.date().required().filter("range").sort().column("date").summary(),
    startTime: field.time().column(),
    endTime: field.time(),
    recitationGroupId: field.ref("recitation-group").filter(),
    recitationGroupName: field.readOnly(z.string().nullable()).column(),
    teacherId: field.ref("user").filter(),
    teacherName: field.readOnly(z.string().nullable()).column("name"),
    notes: field.longText(500),
    hafizIds: field.readOnly(z.array(z.number().int())),
    logCount: field.readOnly(z.number().int()).column("number"),
  },
  defaultSort: "-date",
});
export type HifzSessionRow = z.infer<typeof hifzSessionResource.row>;

const SessionsReply = z.object({ message: z.string(), rows: z.array(hifzSessionResource.row) });

/** A week of sittings at once; a group's members are seated in each. */
export const createSessions = defineAction({
  method: "POST",
  path: "/admin/api/hifzsession/bulk",
  module: "hifz",
  permission: ["hifz", "add"],
  summary: "Make several sittings at once (a week of a halqa's); each group's active members are seated",
  body: z.object({ sessions: z.array(hifzSessionResource.create).min(1).max(100) }),
  reply: SessionsReply,
  errors: [404],
  refreshes: ["hifzsession"],
});

export const updateSessions = defineAction({
  method: "PUT",
  path: "/admin/api/hifzsession/bulk",
  module: "hifz",
  permission: ["hifz", "edit"],
  summary: "Change several sittings at once (all of them, or none when one is wrong)",
  body: z.object({ sessions: z.array(hifzSessionResource.update).min(1).max(100) }),
  reply: SessionsReply,
  errors: [404],
  refreshes: ["hifzsession"],
});

/** Seats these hafiz in the sitting (those already seated stay; `attendance` marks them all). */
export const assignSessionStudents = defineAction({
  method: "POST",
  path: "/admin/api/hifzsession/:id/assign-students",
  module: "hifz",
  permission: ["hifz", "edit"],
  summary: "Seat hafiz students in a sitting",
  params: IdParams,
  body: z.object({ hafizIds: z.array(RowId).min(1).max(500), attendance: SittingAttendance.optional() }),
  reply: z.object({ message: z.string(), data: hifzSessionResource.row }),
  errors: [404],
  refreshes: ["hifzsession"],
});
