import { z } from "zod";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { FeeHead } from "./fee-terms.js";

export const CONCESSION_LEVELS = ["batch", "group", "student"] as const;
export const ConcessionLevel = z.enum(CONCESSION_LEVELS);
export const CONCESSION_KINDS = ["percent", "fixed", "waiver"] as const;
export const ConcessionKind = z.enum(CONCESSION_KINDS);
export const FUND_SOURCES = ["school", "zakat", "sponsor", "sibling", "staffChild", "scholarship"] as const;
export const FundSource = z.enum(FUND_SOURCES);

/**
 * A concession: for a batch, a category of students (a group) or one student; a percent (basis
 * points), a fixed amount per due, or a full waiver; for some heads or all; with a reason, a
 * validity and who funds it. Several stack in a stated order: by `priority`, then batch, group,
 * student; each percent is taken from what the ones before left, and a waiver leaves nothing.
 */
export const concessionResource = defineResource({
  path: "feeconcession",
  module: "fees",
  i18n: "fees:concessions",
  fields: {
    name: field.text(120).required().search().column().summary(),
    level: field.choice(ConcessionLevel).required().filter().column("status"),
    batchId: field.ref("batch").filter(),
    groupId: field.ref("student-group").filter(),
    studentId: field.ref("student").filter(),
    targetName: field.readOnly(z.string()).column(),
    kind: field.choice(ConcessionKind).required().filter().column(),
    /** Basis points for a percent, minor units for a fixed amount, nothing for a waiver. */
    value: field.int(0, 100_000_000_000).default(0).column("number"),
    heads: field.shaped(z.array(FeeHead).max(11).nullable(), z.array(FeeHead).nullable()).form({ kind: "multiselect", options: [] }),
    priority: field.int(0, 100).default(0),
    reason: field.text(300).required(),
    fundSource: field.choice(FundSource).default("school").filter().column(),
    validFrom: field.date().required(),
    validTo: field.date().required(),
    status: field
      .choice(z.enum(["active", "inactive"]))
      .default("active")
      .filter()
      .column("status"),
  },
  refine: (create) =>
    create.superRefine((b, ctx) => {
      const target = { batch: b.batchId, group: b.groupId, student: b.studentId }[b.level];
      if (!target) ctx.addIssue({ code: "custom", path: [`${b.level}Id`], message: `A ${b.level} concession needs its ${b.level}` });
      if (b.kind === "percent" && (b.value ?? 0) > 10_000) ctx.addIssue({ code: "custom", path: ["value"], message: "A percent is at most 100" });
      if (b.kind !== "waiver" && !(b.value ?? 0)) ctx.addIssue({ code: "custom", path: ["value"], message: "Give the concession's amount or percent" });
      if (b.validTo < b.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: "The concession ends before it starts" });
    }),
});
export type ConcessionRow = z.infer<typeof concessionResource.row>;
