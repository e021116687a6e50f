import { z } from "zod";
import { defineAction, IdParams } from "../action.js";
import { inlineFile, PublicSchool, STORED_FILE_REPLY, UPLOAD_LIMITS } from "../admissions/common.js";
import * as field from "../fields.js";
import { defineResource } from "../resource.js";
import { Mobile, RowId } from "../values.js";

/**
 * Learning materials: notes, worksheets, recordings of recitations and links for a class or a
 * subject, uploaded by teachers (or through the school's public form by teachers without an
 * account) and seen by families only once the school has approved them.
 */
export const MaterialKind = z.enum(["note", "worksheet", "audio", "link"]);
export type MaterialKind = z.infer<typeof MaterialKind>;
export const MaterialStatus = z.enum(["pending", "approved", "rejected"]);
export type MaterialStatus = z.infer<typeof MaterialStatus>;

/** Where a kind's content is: a document, a recording or a web address. */
export const CONTENT_FIELD = { note: "file", worksheet: "file", audio: "recording", link: "link" } as const satisfies Record<MaterialKind, string>;
const CONTENT_KEYS = ["file", "recording", "link"] as const;

/** A web address a family may follow: only https, so nothing is read over an open connection. */
const HttpsLink = z
  .url({ protocol: /^https$/, error: "Give a web address starting with https://" })
  .trim()
  .max(1000);

type Content = { kind: MaterialKind; file?: string | null; recording?: string | null; link?: string | null };
type Place = { classroomId?: number | null; courseClassId?: number | null; subjectId?: number | null };

/** What is wrong with a material's content and place (the field and why), or null. Create, update and the public form all ask. */
export function materialProblem(m: Content & Place): { path: string[]; message: string } | null {
  const wanted = CONTENT_FIELD[m.kind];
  const given = CONTENT_KEYS.filter((k) => m[k]);
  if (!given.includes(wanted)) {
    const what = { file: "Choose the file", recording: "Choose the recording", link: "Give the link" }[wanted];
    return { path: [wanted], message: `${what}: a ${m.kind} needs one` };
  }
  const extra = given.find((k) => k !== wanted);
  if (extra) return { path: [extra], message: "Give either a file or a link, not both" };
  if (m.classroomId && m.courseClassId) return { path: ["courseClassId"], message: "Choose a classroom or a class of a course, not both" };
  if (!m.classroomId && !m.courseClassId && !m.subjectId) return { path: ["classroomId"], message: "Choose the class or the subject the material is for" };
  return null;
}

export const materialResource = defineResource({
  path: "material",
  module: "materials",
  i18n: "materials:materials",
  fields: {
    title: field.text(160).required().search().sort().column().summary(),
    kind: field.choice(MaterialKind).required().filter().column(),
    /** A note or a worksheet: a picture or a PDF. */
    file: field.upload("document"),
    /** A recitation. */
    recording: field.upload("audio"),
    link: field.shaped(HttpsLink, z.string()).form({ kind: "text" }),
    classroomId: field.ref("classRoom", "label").filter(),
    courseClassId: field.ref("course/class").filter(),
    subjectId: field.ref("subject").filter(),
    /** "Class 5-A", a course's class ("Hifz: Year 1") or null. */
    className: field.readOnly(z.string().nullable()).column(),
    subjectName: field.readOnly(z.string().nullable()).column(),
    description: field.longText(2000),
    /** New materials wait for approval; only `approve` changes this. */
    status: field.readOnly(MaterialStatus).filter().column("status"),
    /** Why it was turned down. */
    reviewNote: field.readOnly(z.string().nullable()),
    uploadedById: field.readOnly(z.number().nullable()),
    /** The uploading user's name, or the name a teacher gave on the public form. */
    uploaderName: field.readOnly(z.string()).column(),
    uploaderMobile: field.readOnly(z.string().nullable()),
  },
  defaultSort: "-createdAt",
  refine: (create) =>
    create.superRefine((b, ctx) => {
      const problem = materialProblem(b);
      if (problem) ctx.addIssue({ code: "custom", ...problem });
    }),
});
export type MaterialRow = z.infer<typeof materialResource.row>;

const MaterialReply = z.object({ message: z.string(), data: materialResource.row });

export const listApprovedMaterials = defineAction({
  method: "GET",
  path: "/admin/api/material/all",
  module: "materials",
  family: "scoped",
  summary: "Approved materials for a class or a subject: what students and families see",
  description:
    "Staff with materials view see every class's; a family (a role limited to its linked students) sees those of its own children's classrooms, " +
    "their course classes and subjects, whatever it asks.",
  query: z.object({
    classroomId: RowId.optional(),
    courseClassId: RowId.optional(),
    subjectId: RowId.optional(),
    kind: MaterialKind.optional(),
    /** A family's one child. */
    studentId: RowId.optional(),
  }),
  reply: z.object({ message: z.string(), rows: z.array(materialResource.row), count: z.number() }),
});

export const getMaterial = defineAction({
  method: "GET",
  path: "/admin/api/material/:id",
  module: "materials",
  permission: ["materials", "view"],
  family: "scoped",
  summary: "One material, whatever its status",
  params: IdParams,
  reply: MaterialReply,
  errors: [404],
});

export const getHomeMaterial = defineAction({
  method: "GET",
  path: "/user/api/home/getmaterial/:id",
  module: "materials",
  family: "scoped",
  summary: "One approved material of the caller's child's class, for the parent area",
  description:
    "404 for a material not approved, or not for a class or subject of a child linked to the caller (staff with materials view reach any approved one).",
  params: IdParams,
  reply: MaterialReply,
  errors: [404],
});

export const materialFile = defineAction({
  method: "GET",
  path: "/user/api/home/getmaterial/:id/file",
  module: "materials",
  family: "scoped",
  summary: "The file or recording of a material the caller may read (as getmaterial/{id})",
  params: IdParams,
  reply: STORED_FILE_REPLY,
  errors: [404],
});

export const approveMaterial = defineAction({
  method: "POST",
  path: "/admin/api/material/approve",
  module: "materials",
  permission: ["materials", "approve"],
  summary: "Approve a material (families of its class are told once) or reject it with a reason",
  body: z
    .object({ id: RowId, status: z.enum(["approved", "rejected"]).default("approved"), reason: z.string().trim().max(500).nullish() })
    .refine((b) => b.status !== "rejected" || b.reason, { message: "Say why the material is rejected", path: ["reason"] }),
  reply: MaterialReply,
  errors: [404],
  refreshes: ["material"],
});

/** How often one address, and one school, may take materials through the public form (per hour). */
export const PUBLIC_MATERIAL_RATES = { perAddressPerHour: 10, perSchoolPerHour: 100 } as const;

/** The public form: a teacher without an account, known by name and mobile, sends one material. */
export const PublicMaterialBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    mobile: Mobile,
    title: z.string().trim().min(1).max(160),
    kind: MaterialKind,
    classroomId: RowId.nullish(),
    courseClassId: RowId.nullish(),
    subjectId: RowId.nullish(),
    description: z.string().trim().max(2000).nullish(),
    /** A note, worksheet or recording, inline as the admission form takes files. */
    file: inlineFile(UPLOAD_LIMITS.audioBytes).nullish(),
    link: HttpsLink.nullish(),
  })
  .superRefine((b, ctx) => {
    const problem = materialProblem({
      ...b,
      file: b.kind !== "audio" ? (b.file?.name ?? null) : null,
      recording: b.kind === "audio" ? (b.file?.name ?? null) : null,
    });
    // The form has one file input for a document and a recording alike.
    if (problem) ctx.addIssue({ code: "custom", path: problem.path[0] === "recording" ? ["file"] : problem.path, message: problem.message });
  });

export const PublicMaterialForm = z.object({
  message: z.string(),
  school: PublicSchool,
  /** This year's classrooms. */
  classrooms: z.array(z.object({ id: z.number(), label: z.string() })),
  subjects: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const publicMaterialForm = defineAction({
  method: "GET",
  path: "/admin/open/material/:code",
  module: "materials",
  access: "open",
  summary: "The public materials form of a school: its classes and subjects",
  params: z.object({ code: z.string().trim().min(1).max(40) }),
  reply: PublicMaterialForm,
  errors: [404, 429],
});

export const submitPublicMaterial = defineAction({
  method: "POST",
  path: "/admin/open/material/:code",
  module: "materials",
  access: "open",
  summary: "A teacher without an account sends a material by the school's code; it waits for approval",
  description:
    `file: {name, data} (a picture or PDF up to ${UPLOAD_LIMITS.fileBytes / 1024 / 1024} MB, a recording up to ${UPLOAD_LIMITS.audioBytes / 1024 / 1024} MB), ` +
    `checked by its content as the admission form's files (400 naming file). A bad code answers 404; more than ${PUBLIC_MATERIAL_RATES.perAddressPerHour} ` +
    `from one address or ${PUBLIC_MATERIAL_RATES.perSchoolPerHour} to one school in an hour 429.`,
  params: z.object({ code: z.string().trim().min(1).max(40) }),
  body: PublicMaterialBody,
  reply: z.object({ message: z.string(), id: z.number() }),
  errors: [404, 429],
});
