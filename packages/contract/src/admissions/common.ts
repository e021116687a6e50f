import { z } from "zod";
import type { FileReply } from "../action.js";

/** A text a school gives in any of the five languages; the form shows the reader's, else `label`. */
const text = (max: number) => z.string().trim().min(1).max(max);
export const Localised = (max = 200) =>
  z.object({ en: text(max).optional(), ta: text(max).optional(), ur: text(max).optional(), ar: text(max).optional(), ml: text(max).optional() }).strict();
export type Localised = { en?: string; ta?: string; ur?: string; ar?: string; ml?: string };

/** The document types an upload may be (a photo or a PDF): checked by their first bytes on the server, never by name alone. */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
/** Recordings (a recitation): MP3, M4A (AAC in MP4), raw AAC and Ogg (Vorbis or Opus: a voice note). */
export const AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "audio/aac", "audio/ogg"] as const;
/** Every type a stored file may have. */
export type UploadType = (typeof UPLOAD_TYPES)[number] | (typeof AUDIO_TYPES)[number];
export const IMAGE_TYPES: readonly UploadType[] = ["image/jpeg", "image/png", "image/webp"];
/** A stored file read back: its checked type, shown in place under the name it came with, a PDF saved instead (platform/files/uploads.routes.ts). */
export const STORED_FILE_REPLY: FileReply = {
  kind: "file",
  types: [...UPLOAD_TYPES, ...AUDIO_TYPES],
  disposition: "inline; filename*=UTF-8''{the name it was uploaded with}; a PDF: attachment",
};

const MB = 1024 * 1024;
/** Sizes after decoding. A submission's files together stay under `submissionBytes`. */
export const UPLOAD_LIMITS = {
  photoBytes: 2 * MB,
  fileBytes: 5 * MB,
  /** A recording: a quarter of an hour of speech at 128 kbit/s. */
  audioBytes: 15 * MB,
  maxDocuments: 5,
  submissionBytes: 10 * MB,
} as const;

/** The largest file of a type: a recording may be larger than a document. */
export const uploadLimit = (type: UploadType) => ((AUDIO_TYPES as readonly string[]).includes(type) ? UPLOAD_LIMITS.audioBytes : UPLOAD_LIMITS.fileBytes);

/** What an upload field (`field.upload(kind)`) takes: a picture; a picture or a PDF; a recording. */
export type UploadKind = "image" | "document" | "audio";
export const UPLOAD_KINDS: Record<UploadKind, { types: readonly UploadType[]; maxBytes: number }> = {
  image: { types: IMAGE_TYPES, maxBytes: UPLOAD_LIMITS.photoBytes },
  document: { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes },
  audio: { types: AUDIO_TYPES, maxBytes: UPLOAD_LIMITS.audioBytes },
};
/** A stored file's extension, by its checked type. */
export const UPLOAD_EXTENSIONS: Record<UploadType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
};
/** A stored file's name: random, with the extension of its checked type. */
export const STORED_FILE_NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp|pdf|mp3|m4a|aac|ogg)$/;

/**
 * How often a public form may be used: reads per minute from one address; applications per hour
 * from one address to one school and per day to one school (the defaults of the school's
 * settings admissionsPerAddressHour and admissionsPerDay: a family applying for its children, and
 * a busy admission day, stay far below them); submissions per hour from one address to one
 * record type's form.
 */
export const PUBLIC_FORM_RATES = { readsPerMinute: 120, applicationsPerHour: 10, applicationsPerDay: 300, recordSubmitsPerHour: 20 } as const;

/**
 * The limits of its public admission form a school may set in its settings (a school whose
 * parents apply over its own connection on an admission day raises the one per address).
 */
export const ADMISSION_LIMIT_SETTINGS = {
  admissionsPerDay: { min: 1, max: 10_000, default: PUBLIC_FORM_RATES.applicationsPerDay },
  admissionsPerAddressHour: { min: 1, max: 1_000, default: PUBLIC_FORM_RATES.applicationsPerHour },
} as const;
export type AdmissionLimitSetting = keyof typeof ADMISSION_LIMIT_SETTINGS;

/** Base64 grows 4/3; a data URL's header is short. */
const base64Max = (bytes: number) => Math.ceil(bytes / 3) * 4 + 100;

/**
 * A file sent inside a JSON body: a data URL (`data:image/jpeg;base64,...`) or bare base64 with
 * the type taken from the file name. The server decodes it, checks its size and its first bytes.
 */
export const inlineFile = (maxBytes: number) =>
  z.object({
    name: z.string().trim().min(1).max(200),
    data: z.string().min(8).max(base64Max(maxBytes)),
  });
export const FileUpload = inlineFile(UPLOAD_LIMITS.fileBytes);
/** A JSON body carrying one file of `maxBytes`: the route's body limit. */
export const inlineBodyLimit = (maxBytes: number) => base64Max(maxBytes) + 64 * 1024;
export type FileUpload = z.infer<typeof FileUpload>;

/** A stored file: `path` is where signed-in callers with the right permission fetch it. */
export const StoredFile = z.object({
  path: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** A school as a public form shows it. */
export const PublicSchool = z.object({
  code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
});
