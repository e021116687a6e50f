import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Status } from "../values.js";

/**
 * What a hifz class recites and what its teacher listens for, kept as the school's data: the
 * recitation types (sabaq, sabqi, manzil and the school's own), the metrics (lahn jali, lahn
 * khafi, prompted, ...) and the recitation groups (halqa) with their teacher.
 */

/** The recitation types every school starts with (kept as `builtinKey`). */
export const RECITATION_TYPE_KEYS = ["sabaq", "sabqi", "manzil"] as const;
export type RecitationTypeKey = (typeof RECITATION_TYPE_KEYS)[number];

export const recitationTypeResource = defineResource({
  path: "recitationtype",
  module: "hifz",
  i18n: "hifz:types",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    /** The order a sitting goes through them (sabaq first). */
    position: field.int(0, 99).default(10).sort().column("number"),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "position",
});
export type RecitationTypeRow = z.infer<typeof recitationTypeResource.row>;

/** How a metric is counted: mistakes counted, a score out of 10, or yes/no. */
export const METRIC_KINDS = ["count", "score", "yesno"] as const;
export const MetricKind = z.enum(METRIC_KINDS);
export type MetricKind = z.infer<typeof MetricKind>;

/** The metrics every school starts with. */
export const RECITATION_METRIC_KEYS = ["lahn_jali", "lahn_khafi", "tajweed", "fluency", "prompted", "forgotten", "mutashabihat"] as const;

export const recitationMetricResource = defineResource({
  path: "recitationmetric",
  module: "hifz",
  i18n: "hifz:metrics",
  fields: {
    name: field.text(60).required().search().sort().column().summary(),
    nameNative: field.nativeText(60).column(),
    kind: field.choice(MetricKind).default("count").filter().column(),
    /** How much a mistake of this kind weighs on the heat map (a clear error more than a subtle one). */
    weight: field.int(0, 10).default(1).column("number"),
    builtinKey: field.readOnly(z.string().nullable()),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type RecitationMetricRow = z.infer<typeof recitationMetricResource.row>;

export const recitationGroupResource = defineResource({
  path: "recitation-group",
  module: "hifz",
  i18n: "hifz:groups",
  fields: {
    name: field.text(80).required().search().sort().column().summary(),
    teacherId: field.ref("user").filter(),
    teacherName: field.readOnly(z.string().nullable()).column("name"),
    memberCount: field.readOnly(z.number().int()).column("number"),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type RecitationGroupRow = z.infer<typeof recitationGroupResource.row>;

export const activeRecitationTypes = defineAction({
  method: "GET",
  path: "/admin/api/recitationtype/active",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "The school's active recitation types, in a sitting's order",
  reply: z.object({ message: z.string(), rows: z.array(recitationTypeResource.row) }),
});

export const activeRecitationMetrics = defineAction({
  method: "GET",
  path: "/admin/api/recitationmetric/active",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "The school's active recitation metrics",
  reply: z.object({ message: z.string(), rows: z.array(recitationMetricResource.row) }),
});

export const getRecitationGroup = defineAction({
  method: "GET",
  path: "/admin/api/recitation-group/:id",
  module: "hifz",
  permission: ["hifz", "view"],
  family: "scoped",
  summary: "One recitation group with its members",
  params: IdParams,
  reply: z.object({
    message: z.string(),
    data: recitationGroupResource.row.extend({
      members: z.array(z.object({ hafizId: z.number(), studentId: z.number(), name: z.string() })),
    }),
  }),
  errors: [404],
});
