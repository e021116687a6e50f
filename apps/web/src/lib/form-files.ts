import { UPLOAD_EXTENSIONS } from "@taleem/contract";
import type { PickedFile } from "./public-form";
import { readDataUrl } from "./read-file";

/** What each accepted type is called on screen. */
export const TYPE_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "application/pdf": "PDF",
  "audio/mpeg": "MP3",
  "audio/mp4": "M4A",
  "audio/aac": "AAC",
  "audio/ogg": "OGG",
};

const EXTENSION: Record<string, string> = UPLOAD_EXTENSIONS;
const BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.entries(EXTENSION).map(([t, e]) => [e, t])),
  jpeg: "image/jpeg",
  opus: "audio/ogg",
};

const at = (b: Uint8Array, i: number, s: string) => [...s].every((c, k) => b[i + k] === c.charCodeAt(0));

/**
 * The type a file's first bytes show; null when none we take. The server decides by them too,
 * and walks a recording to its end: this is the quick look that spares a long upload.
 */
async function sniff(file: File): Promise<string | null> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (at(b, 0, "RIFF") && at(b, 8, "WEBP")) return "image/webp";
  if (at(b, 0, "%PDF")) return "application/pdf";
  if (at(b, 0, "OggS")) return "audio/ogg";
  if (at(b, 4, "ftyp")) return "audio/mp4";
  // An MP3 starts with its ID3 tag or a layer III frame; raw AAC with an ADTS frame.
  if (at(b, 0, "ID3") || (b[0] === 0xff && ((b[1] ?? 0) & 0xe6) === 0xe2)) return "audio/mpeg";
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) return "audio/aac";
  return null;
}

let picks = 0;

export type FileProblem = { key: "fileType" | "fileSize" | "fileEmpty" | "fileUnreadable"; params: Record<string, unknown> };

/** Megabytes as people say them: 2 MB, 1.5 MB. */
export const megabytes = (bytes: number) => ltr(`${Number((bytes / 1024 / 1024).toFixed(1))} MB`);

/** Latin words and numbers kept in their own order inside Arabic and Urdu sentences. */
export const ltr = (s: string) => `\u2066${s}\u2069`;

/**
 * Checks a picked file before anything is sent: not empty, within `maxBytes`, and of an accepted
 * type by its first bytes (a renamed file is caught here, not after a long upload), then reads it.
 */
export async function pickFile(file: File, accept: readonly string[], maxBytes: number): Promise<PickedFile | FileProblem> {
  const params = { name: `\u2068${file.name}\u2069`, size: megabytes(maxBytes), types: ltr(accept.map((t) => TYPE_NAMES[t] ?? t).join(", ")) };
  if (file.size === 0) return { key: "fileEmpty", params };
  if (file.size > maxBytes) return { key: "fileSize", params };
  let real: string | null;
  try {
    real = await sniff(file);
  } catch {
    return { key: "fileUnreadable", params };
  }
  if (!real || !accept.includes(real)) return { key: "fileType", params };
  try {
    const data = await readDataUrl(file);
    // The name and data URL say the type the bytes show: phones name files loosely (a PNG saved as .jpg).
    const [, stem = "file", ext = ""] = /^(.*?)(?:\.([^.]*))?$/.exec(file.name) ?? [];
    const name = BY_EXTENSION[ext.toLowerCase()] === real ? file.name : `${stem || "file"}.${EXTENSION[real]}`;
    return { id: ++picks, file, name: name.slice(-200), data: data.replace(/^data:[^;,]*/, `data:${real}`) };
  } catch {
    return { key: "fileUnreadable", params };
  }
}

export const isProblem = (x: PickedFile | FileProblem): x is FileProblem => "key" in x;
