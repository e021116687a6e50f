import { z } from "zod";
import { defineAction } from "../action.js";
import { inlineFile, STORED_FILE_NAME, STORED_FILE_REPLY, StoredFile, UPLOAD_LIMITS } from "../admissions/common.js";
import { RowId } from "../values.js";
import { MODULES } from "./permissions.js";

/** The module whose readers may fetch a file; `public` files (a logo) anyone may. */
export const UploadModule = z.enum([...(Object.keys(MODULES) as [keyof typeof MODULES]), "public"]);
const FileName = z.string().regex(STORED_FILE_NAME, "Not a file name");
const MB = 1024 * 1024;

export const uploadFile = defineAction({
  method: "POST",
  path: "/admin/api/upload",
  module: "platform",
  summary: `Upload a photo, a document or a recording for a module's records (JPEG, PNG, WebP or PDF, at most ${UPLOAD_LIMITS.fileBytes / MB} MB; MP3, M4A, AAC or Ogg, at most ${UPLOAD_LIMITS.audioBytes / MB} MB)`,
  description:
    "Body: {name, data, module}; data is a data URL or base64. The file's first bytes must show an allowed type that agrees with its name and data URL " +
    "(a renamed or disguised file answers 400 upload.bad_type). The caller needs add or edit on `module` (settings edit for `public`, which anyone may read: logos). " +
    "The reply's data.path is what records store and where the file is read back.",
  body: inlineFile(UPLOAD_LIMITS.audioBytes).extend({ module: UploadModule }),
  reply: z.object({ message: z.string(), data: StoredFile }),
  // A file alone changes nothing shown until the form that names it is saved.
  invalidates: [],
});

export const readUpload = defineAction({
  method: "GET",
  path: "/admin/api/upload/:name",
  module: "platform",
  family: "scoped",
  summary: "A school's uploaded file, for its users whose role may view the file's module",
  params: z.object({ name: FileName }),
  reply: STORED_FILE_REPLY,
  errors: [404],
});

export const readPublicUpload = defineAction({
  method: "GET",
  path: "/admin/open/upload/:tenant/:name",
  module: "platform",
  access: "open",
  summary: "A school's public file (its logo)",
  params: z.object({ tenant: RowId, name: FileName }),
  reply: STORED_FILE_REPLY,
  errors: [404],
});
