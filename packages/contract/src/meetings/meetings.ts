import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Instant, RowId } from "../values.js";

/** An online meeting's address: https only, so a parent never follows a plain or script link. */
const MeetingLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), "Give the full https:// address of the meeting");

/**
 * A parent-teacher meeting. Invited are the families of a classroom's students and/or of chosen
 * students; each family (a parent account) is told once, however many of its children are invited.
 */
export const meetingResource = defineResource({
  path: "meeting",
  module: "meetings",
  i18n: "meetings:meetings",
  fields: {
    title: field.text(200).required().search().column().summary(),
    date: field.date().required().filter("range").sort().column("date"),
    startTime: field.time().required().column(),
    endTime: field.time().required(),
    place: field.text(200).column(),
    link: field.shaped(MeetingLink, z.string()).form({ kind: "text" }),
    agenda: field.longText(2000),
    classroomIds: field
      .shaped(z.array(RowId).max(50), z.array(z.number()))
      .default([])
      .form({ kind: "multiselect", ref: { resource: "classRoom", label: "label" } }),
    studentIds: field
      .shaped(z.array(RowId).max(500), z.array(z.number()))
      .default([])
      .form({ kind: "multiselect", ref: { resource: "student", label: "name" } }),
    /** Families invited, and how many have answered. */
    invited: field.readOnly(z.number()).column("number"),
    replied: field.readOnly(z.number()).column("number"),
  },
  defaultSort: "-date",
  refine: (create) =>
    create
      .refine((m) => m.endTime > m.startTime, { message: "The meeting must end after it starts", path: ["endTime"] })
      .refine((m) => m.place || m.link, { message: "Give the place, or the link of an online meeting", path: ["place"] })
      .refine((m) => m.classroomIds.length || m.studentIds.length, { message: "Invite a class, or chosen students' families", path: ["classroomIds"] }),
});
export type MeetingRow = z.infer<typeof meetingResource.row>;

export const MeetingAnswer = z.enum(["coming", "not_coming", "another_time"]);
export type MeetingAnswer = z.infer<typeof MeetingAnswer>;

/** A family's answer; `another_time` says when would suit, or why. */
const AnswerFields = z.object({
  answer: MeetingAnswer.nullable(),
  suggestedTime: z.string().nullable(),
  note: z.string().nullable(),
  answeredAt: Instant.nullable(),
});

/** One invited family as the office sees it: the parent, the children it was invited for, its answer. */
export const MeetingInvitee = AnswerFields.extend({
  userId: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  children: z.array(z.string()),
});
export type MeetingInvitee = z.infer<typeof MeetingInvitee>;

export const meetingReplies = defineAction({
  method: "GET",
  path: "/admin/api/meeting/replies/:id",
  module: "meetings",
  permission: ["meetings", "view"],
  // Other families' names, numbers and answers: never for a family's role, whatever it is granted.
  family: "staff",
  summary: "A meeting's invited families with each one's answer, and the counts (who is coming, who is not, who has not answered)",
  params: IdParams,
  reply: z.object({
    message: z.string(),
    data: meetingResource.row,
    counts: z.object({ coming: z.number(), not_coming: z.number(), another_time: z.number(), none: z.number() }),
    rows: z.array(MeetingInvitee),
  }),
  errors: [404],
});

/** A meeting as an invited family sees it, with its own answer. */
export const MeetingInvitation = AnswerFields.extend({
  meetingId: z.number(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  place: z.string().nullable(),
  link: z.string().nullable(),
  agenda: z.string().nullable(),
  children: z.array(z.string()),
});
export type MeetingInvitation = z.infer<typeof MeetingInvitation>;

export const myMeetingInvitations = defineAction({
  method: "GET",
  path: "/admin/api/meeting/invitations",
  module: "meetings",
  family: "scoped",
  summary: "The meetings the signed-in parent's family is invited to (upcoming first; past ones too with all=true), each with the family's answer",
  query: z.object({ all: z.enum(["true", "false"]).optional() }),
  reply: z.object({ message: z.string(), rows: z.array(MeetingInvitation) }),
});

export const answerMeeting = defineAction({
  method: "POST",
  path: "/admin/api/meeting/reply",
  module: "meetings",
  summary: "An invited family answers a meeting: coming, not coming, or another time (with a suggested time or a note); answering again changes the answer",
  body: z
    .object({
      meetingId: RowId,
      answer: MeetingAnswer,
      suggestedTime: z.string().trim().max(100).optional(),
      note: z.string().trim().max(500).optional(),
    })
    .refine((b) => b.answer !== "another_time" || b.suggestedTime || b.note, { message: "Say which time would suit you", path: ["suggestedTime"] }),
  reply: z.object({ message: z.string(), data: MeetingInvitation }),
  errors: [404, 409],
  refreshes: ["meeting"],
});
