import { answerMeeting, type MeetingInvitation, meetingReplies, meetingResource, myMeetingInvitations } from "@taleem/contract";
import { and, asc, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { badRequest, conflict, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { schoolToday } from "../../platform/tenancy/school-calendar.js";
import { sampleStudent } from "../students/student-samples.service.js";
import { studentsByIds } from "../students/students.service.js";
import { childNames, inviteeCounts, inviteesOf, inviteFamilies } from "./meetings.service.js";
import { type MeetingInviteeRecord, type MeetingRecord, meetingInvitees, meetings } from "./meetings.table.js";

const invitation = (m: MeetingRecord, i: MeetingInviteeRecord, children: string[]): MeetingInvitation => ({
  meetingId: m.id,
  title: m.title,
  date: m.date,
  startTime: m.startTime.slice(0, 5),
  endTime: m.endTime.slice(0, 5),
  place: m.place,
  link: m.link,
  agenda: m.agenda,
  answer: i.answer,
  suggestedTime: i.suggestedTime,
  note: i.note,
  answeredAt: i.answeredAt?.toISOString() ?? null,
  children,
});

/** Parent-teacher meetings: the office's list, the invited families told, and their answers. */
export function registerMeetingsModule(app: FastifyInstance, services: Services) {
  serveResource(app, meetingResource, meetings, {
    present: async (ctx, rows) => {
      const [counts, named] = await Promise.all([
        inviteeCounts(
          ctx.scope,
          rows.map((r) => r.id),
        ),
        // The chosen students the caller's scope reaches: in a family's, only its own children.
        studentsByIds(
          ctx.scope,
          rows.flatMap((r) => r.studentIds),
        ).then((found) => new Set(found.map((s) => s.id))),
      ]);
      return rows.map((r) => ({
        ...r,
        studentIds: r.studentIds.filter((id) => named.has(id)),
        invited: counts.get(r.id)?.invited ?? 0,
        replied: counts.get(r.id)?.replied ?? 0,
      }));
    },
    // Another school's classroom or student is a 404 here, and the meeting is rolled back with it.
    afterCreate: async (ctx, row) => {
      await inviteFamilies(services, ctx, row);
    },
    beforeUpdate: async (_ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const next = { ...existing, ...values };
      if (next.endTime.slice(0, 5) <= next.startTime.slice(0, 5))
        throw badRequest("meeting.ends_before_start", "The meeting must end after it starts.", { field: "endTime" });
      if (!next.place && !next.link) throw badRequest("meeting.no_place", "Give the place, or the link of an online meeting.", { field: "place" });
      if (!next.classroomIds.length && !next.studentIds.length)
        throw badRequest("meeting.no_invitees", "Invite a class, or chosen students' families.", { field: "classroomIds" });
      return values;
    },
    afterUpdate: async (ctx, row, input) => {
      if (input.classroomIds !== undefined || input.studentIds !== undefined) await inviteFamilies(services, ctx, row);
    },
    sample: async (scope) => ({
      title: "Term review",
      date: "2026-12-05",
      startTime: "10:00",
      endTime: "11:00",
      place: "Hall",
      classroomIds: [],
      studentIds: [(await sampleStudent(scope)).id],
    }),
  });

  serveAction(app, meetingReplies, async (ctx, { params }) => {
    const meeting = await ctx.scope.find(meetings, params.id, "Meeting");
    const found = await inviteesOf(ctx.scope, meeting.id);
    const names = await childNames(
      ctx.scope,
      found.map((f) => f.invitee),
    );
    const rows = found.map(({ invitee, name, mobile }) => ({ ...invitation(meeting, invitee, names(invitee)), userId: invitee.userId, name, mobile }));
    const counts = { coming: 0, not_coming: 0, another_time: 0, none: 0 };
    for (const r of rows) counts[r.answer ?? "none"]++;
    const data = { ...meeting, invited: rows.length, replied: rows.length - counts.none };
    return { message: "Replies fetched successfully", data, counts, rows };
  });

  serveAction(app, myMeetingInvitations, async (ctx, { query }) => {
    const today = await schoolToday(ctx.scope);
    const found = await ctx.scope.db
      .select({ meeting: meetings, invitee: meetingInvitees })
      .from(meetingInvitees)
      .innerJoin(meetings, and(eq(meetings.tenantId, meetingInvitees.tenantId), eq(meetings.id, meetingInvitees.meetingId)))
      .where(ctx.scope.where(meetingInvitees, eq(meetingInvitees.userId, ctx.principal.userId), query.all === "true" ? undefined : gte(meetings.date, today)))
      .orderBy(asc(meetings.date), asc(meetings.startTime));
    const names = await childNames(
      ctx.scope,
      found.map((f) => f.invitee),
    );
    return { message: "Invitations fetched successfully", rows: found.map((f) => invitation(f.meeting, f.invitee, names(f.invitee))) };
  });

  serveAction(app, answerMeeting, async (ctx, { body }) => {
    // A meeting the family is not invited to, or another school's, is not found.
    const [found] = await ctx.scope.db
      .select({ meeting: meetings, invitee: meetingInvitees })
      .from(meetingInvitees)
      .innerJoin(meetings, and(eq(meetings.tenantId, meetingInvitees.tenantId), eq(meetings.id, meetingInvitees.meetingId)))
      .where(ctx.scope.where(meetingInvitees, eq(meetingInvitees.meetingId, body.meetingId), eq(meetingInvitees.userId, ctx.principal.userId)));
    if (!found) throw notFound("Meeting");
    if (found.meeting.date < (await schoolToday(ctx.scope)))
      throw conflict("meeting.past", "This meeting is over; its answers are closed.", { field: "meetingId" });
    // One answer per family: answering again replaces it.
    const updated = await ctx.scope.update(meetingInvitees, found.invitee.id, {
      answer: body.answer,
      suggestedTime: body.answer === "another_time" ? (body.suggestedTime ?? null) : null,
      note: body.note ?? null,
      answeredAt: new Date(),
    });
    await ctx.audit({ action: "update", entity: "meeting_invitees", entityId: updated.id, before: found.invitee, after: updated });
    const names = await childNames(ctx.scope, [updated]);
    return { message: "Your answer is saved", data: invitation(found.meeting, updated, names(updated)) };
  });
}
