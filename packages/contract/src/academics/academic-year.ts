import { z } from "zod";
import { defineAction } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { RowId, Status } from "../values.js";

/** The academic year. Exactly one batch of a school is active. */
export const batchResource = defineResource({
  path: "batch",
  module: "academics",
  i18n: "academics:batches",
  fields: {
    name: field.text(60).required().search().sort().column(),
    startDate: field.date().required().sort().column("date"),
    endDate: field.date().required().column("date"),
    /** Set by make-active-batch (and on the school's first batch), never by the form. */
    active: field.readOnly(z.boolean()).filter("boolean").column("boolean"),
  },
  defaultSort: "-startDate",
});
export type BatchRow = z.infer<typeof batchResource.row>;

/** PUT batch/make-active-batch: the school's active batch (the previous one stops being active). */
export const makeActiveBatch = defineAction({
  method: "PUT",
  path: "/admin/api/batch/make-active-batch",
  module: "academics",
  permission: ["academics", "edit"],
  summary: "Make a batch the school's active one (the previous one stops being active)",
  body: z.object({ id: RowId }),
  reply: z.object({ message: z.string(), data: batchResource.row }),
  errors: [404],
  refreshes: ["batch"],
  // Every screen's lists start from the active batch.
  invalidates: "everything",
});

/** A subject; of one course, or (course null) one any course may teach. */
export const subjectResource = defineResource({
  path: "subject",
  module: "academics",
  i18n: "academics:subjects",
  fields: {
    name: field.text(120).required().search().sort().column(),
    code: field.text(20).search().sort().column(),
    courseId: field.ref("course").filter().column(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "name",
});
export type SubjectRow = z.infer<typeof subjectResource.row>;

/** A sitting of the school day (morning, evening), used by the timetable's hours. */
export const sessionResource = defineResource({
  path: "session",
  module: "academics",
  i18n: "academics:sessions",
  fields: {
    name: field.text(60).required().search().sort().column(),
    startTime: field.time().required().sort().column(),
    endTime: field.time().required().column(),
    status: field.choice(Status).default("active").filter().column("status"),
  },
  defaultSort: "startTime",
});
export type SessionRow = z.infer<typeof sessionResource.row>;
