import { addStudent, type newSchool, ok } from "../src/modules/academics/school.fixture.js";
import { dataUrl, pngBytes } from "../src/modules/admissions/admission.fixture.js";
import { checklistLogs } from "../src/modules/checklists/checklists.table.js";
import { customRecordEntries } from "../src/modules/records/custom-records.table.js";
import { pdfWithTitle } from "../src/platform/files/sample-files.js";
import { registeredResources } from "../src/platform/resources/serve-resource.js";
import { TenantScope } from "../src/platform/tenancy/tenant-scope.js";
import type { TestApp } from "./harness.js";

type School = Awaited<ReturnType<typeof newSchool>>;
type Whose = "mine" | "other";
type PerFamily<T> = Record<Whose, T>;

/**
 * The family-scope suite's rows beyond the modules' own fixtures: the rows its `:param`s name
 * (by the segment before the param, or by the whole probe name where a segment means two things),
 * each family's own rows of the kinds the modules' fixtures do not make (applications, chat,
 * checklists, a material with a file), and rows that reach neither family (another class's
 * announcement, meeting, task and hall check, another halqa's sitting, a set not published, a
 * checklist for someone else), so a list shared by both families still shows it is narrowed.
 */
export async function otherRows(
  app: TestApp,
  school: School,
  { ids, users, mobiles, role, today }: { ids: PerFamily<number>; users: PerFamily<number>; mobiles: PerFamily<string>; role: number; today: string },
) {
  const { api } = school;
  const scope = new TenantScope(app.services.db, school.tenant.id);
  const both = <T>(v: T) => ({ mine: v, other: v });
  const made = async (path: string, body: unknown) => (await ok<{ data: { id: number } }>(api.post(path, body))).data.id;
  const sample = async (path: string) => {
    const resource = registeredResources().find((r) => r.definition.path === path)!;
    return made(`${resource.prefix}/${path}`, await resource.sample(scope));
  };
  const upload = async (name: string, module: string) => {
    const data = name.endsWith(".pdf") ? dataUrl("application/pdf", pdfWithTitle(name)) : dataUrl("image/png", pngBytes());
    return (await ok<{ data: { path: string; name: string; type: string; size: number } }>(api.post("/admin/api/upload", { name, data, module }))).data;
  };

  // Each family's own: an application sent by its mobile, a room with the office, a checklist log.
  const application: PerFamily<number> = { mine: 0, other: 0 };
  for (const whose of ["mine", "other"] as const) {
    application[whose] = await made("/admin/api/admission", {
      name: `Sibling of ${whose}`,
      gender: "female",
      dateOfBirth: "2019-01-01",
      guardianName: "Grandparent",
      guardianMobile: mobiles[whose],
      guardianRelation: "grandparent",
    });
  }
  const checklist = await made("/admin/api/checklists", {
    name: "Reading at home",
    frequency: "weekly",
    items: [{ question: "Read with the child?", kind: "yesno" }],
    assigneeIds: [],
    roleId: role,
  });
  const staffChecklist = await sample("checklists");
  const logs: PerFamily<number> = { mine: 0, other: 0 };
  for (const whose of ["mine", "other"] as const) {
    const log = await scope.insert(checklistLogs, {
      checklistId: checklist,
      submittedBy: users[whose],
      startDate: today,
      endDate: today,
      status: "submitted",
      answers: [],
    });
    logs[whose] = log.id;
  }
  await scope.insert(checklistLogs, {
    checklistId: staffChecklist,
    submittedBy: school.tenant.admin.id,
    startDate: today,
    endDate: today,
    status: "submitted",
    answers: [],
  });

  // A material with a file, for the file the parent area serves.
  const file = await upload("worksheet.pdf", "materials");
  const fileMaterial = await made("/admin/api/material", { title: "Worksheet", kind: "worksheet", file: file.path, classroomId: school.room5a.id });
  await ok(api.post("/admin/api/material/approve", { id: fileMaterial, status: "approved" }));

  // Rows of the school's own that the probes' paths name.
  const layouts = await ok<{ data: { layouts: { layoutName: string }[] } | undefined; rows?: { layoutName: string }[] }>(api.get("/admin/api/layouts"));
  const layoutName = (layouts.rows ?? layouts.data?.layouts ?? [])[0]?.layoutName ?? "madani";
  const leaveTypes = await ok<{ rows: { id: number }[] }>(api.get("/admin/api/leavetypes?limit=1"));
  const photo = await upload("photo.png", "students");
  const customRecord = await sample("custom-record");
  // An entry of the record form each family filled in (and one of the office's).
  const entry: PerFamily<number> = { mine: 0, other: 0 };
  for (const whose of ["mine", "other"] as const) {
    entry[whose] = (await scope.insert(customRecordEntries, { recordId: customRecord, data: {}, source: "admin", submittedBy: users[whose] })).id;
  }
  await scope.insert(customRecordEntries, { recordId: customRecord, data: {}, source: "admin", submittedBy: school.tenant.admin.id });

  // Rows that reach neither family.
  await made("/admin/api/announcement", {
    title: "5-B only",
    body: "Trip on Monday.",
    audience: "classrooms",
    audienceIds: [school.room5b.id],
    status: "published",
  });
  const otherHalqa = await made("/admin/api/recitation-group", { name: "Halqa Ali" });
  await made("/admin/api/hifzsession", { date: today, recitationGroupId: otherHalqa });
  const term2 = await made("/admin/api/exammaster", {
    name: "Term 2",
    batchId: school.thisYear.id,
    startDate: "2026-12-01",
    classroomIds: [school.room5b.id],
    subjects: [{ subjectId: school.subject.id, maxMarks: 50, passMarks: 18 }],
  });
  await made("/admin/api/examset", { name: "Term 2 report", batchId: school.thisYear.id, components: [{ examMasterId: term2 }] });
  await made("/admin/api/meeting", {
    title: "5-B",
    date: today,
    startTime: "10:00",
    endTime: "11:00",
    place: "Hall",
    classroomIds: [school.room5b.id],
    studentIds: [],
  });
  const types = await ok<{ rows: { id: number }[] }>(api.get("/admin/api/taskTypes"));
  await made("/admin/api/task", { title: "5-B homework", taskTypeId: types.rows[0]!.id, classroomId: school.room5b.id, dueOn: today });
  const otherHall = await made("/admin/api/hall", { name: "Boys' hostel", kind: "dormitory", capacity: 10 });
  const boarder = (await addStudent(api, { name: "Yusuf" })).id;
  await ok(api.post("/admin/api/hall/bulk-update", { id: otherHall, studentIds: [boarder] }));
  await made("/admin/api/hallcheck", { hallId: otherHall, date: today, slot: "night" });

  // A chat room of each family with the office, with a photo in it.
  const room: PerFamily<number> = { mine: 0, other: 0 };
  const message: PerFamily<number> = { mine: 0, other: 0 };
  for (const whose of ["mine", "other"] as const) {
    const sent = await ok<{ data: { id: number; chatRoomId: number } }>(
      api.post("/admin/api/chatMessage/rooms", { kind: "direct", userId: users[whose] }).then(async (opened) => {
        const roomId = (opened.json() as { data: { id: number } }).data.id;
        return api.post("/admin/api/chatMessage", {
          chatRoomId: roomId,
          clientId: `family-scope-${whose}-${ids[whose]}`,
          content: "Please see the photo.",
          attachment: { name: "photo.png", data: dataUrl("image/png", pngBytes()) },
        });
      }),
    );
    room[whose] = sent.data.chatRoomId;
    message[whose] = sent.data.id;
  }

  return {
    rows: {
      fetchSingleRole: both(role),
      leavetypes: both(leaveTypes.rows[0]!.id),
      upload: both(photo.path.split("/").pop()!),
      "custom-record": both(customRecord),
      id: entry,
      formcustomisation: both("admission"),
      admission: application,
      print: application,
      "download-pdf": application,
      chatMessage: message,
      layouts: both(layoutName),
      pages: both(1),
      checklists: both(checklist),
      "checklist-logs": logs,
      "get-course-subjects": both(school.course.id),
      getmaterial: both(fileMaterial),
      period: both(await sample("period")),
    },
    /** Rows a probe names where the segment before its param means another row elsewhere. */
    byProbe: { "GET /admin/api/field/record/:id": both(customRecord) },
    queries: {
      "GET /admin/api/chatMessage": (whose: Whose) => `?chatRoomId=${room[whose]}`,
      "GET /admin/api/layouts/:layoutName/pages": () => "?start=1&end=2",
    },
  };
}
