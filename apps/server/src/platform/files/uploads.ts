import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type FileUpload, STORED_FILE_NAME, type StoredFile, UPLOAD_EXTENSIONS, type UploadType } from "@taleem/contract";
import { inArray } from "drizzle-orm";
import { badRequest, notFound } from "../http/errors.js";
import type { TenantScope } from "../tenancy/tenant-scope.js";
import { sniffAudio } from "./audio-sniff.js";
import { type UploadRecord, uploads } from "./uploads.table.js";

export const EXTENSIONS = UPLOAD_EXTENSIONS;
const BY_EXTENSION: Record<string, UploadType> = {
  ...Object.fromEntries(Object.entries(UPLOAD_EXTENSIONS).map(([type, ext]) => [ext, type as UploadType])),
  jpeg: "image/jpeg",
  oga: "audio/ogg",
  opus: "audio/ogg",
};
/** Types as browsers and phones name them, where they differ from ours. */
const ALIASES: Record<string, UploadType> = {
  "image/jpg": "image/jpeg",
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-aac": "audio/aac",
  "audio/aacp": "audio/aac",
  "audio/opus": "audio/ogg",
  "audio/vorbis": "audio/ogg",
};
const NAME = STORED_FILE_NAME;
/** A stored file's name: random, with the extension of its checked type. */
export const isUploadName = (name: string) => NAME.test(name);

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The type a file really is, from its first bytes, and whether it is whole: a PNG ends with its
 * IEND chunk, a JPEG with its end marker, a PDF with %%EOF (allowing trailing padding); a recording
 * is walked to its end (audio-sniff.ts).
 */
export function sniff(b: Buffer): { type: UploadType; whole: boolean } | undefined {
  const tail = b.subarray(Math.max(0, b.length - 1024));
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", whole: tail.includes(Buffer.from([0xff, 0xd9])) };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: "image/png", whole: startsWith(b, ascii("IHDR"), 12) && tail.includes(Buffer.from("IEND")) };
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8))
    return { type: "image/webp", whole: startsWith(b, ascii("VP8"), 12) && b.readUInt32LE(4) + 8 <= b.length };
  if (startsWith(b, ascii("%PDF-"))) return { type: "application/pdf", whole: tail.includes(Buffer.from("%%EOF")) };
  return sniffAudio(b);
}

export interface DecodedFile {
  name: string;
  type: UploadType;
  bytes: Buffer;
}

export interface UploadRule {
  types: readonly UploadType[];
  /** The largest file, or the largest of each type (a recording may be larger than a photo). */
  maxBytes: number | ((type: UploadType) => number);
  /** The body field, named in errors. */
  field: string;
}

const describeTypes = (types: readonly UploadType[]) => types.map((t) => EXTENSIONS[t].toUpperCase()).join(", ");
const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/**
 * A file from a JSON body, decoded and checked: its size, and that its first bytes are one of the
 * allowed types and agree with the type the data URL or the file name claims. A renamed or
 * disguised file is refused, whatever it calls itself.
 */
export function decodeUpload(input: FileUpload, rule: UploadRule): DecodedFile {
  const { field } = rule;
  const m = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w=.+-]+)*;base64,/i.exec(input.data);
  const claimed = m?.[1]?.toLowerCase();
  const base64 = m ? input.data.slice(m[0].length) : input.data;
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(base64)) {
    throw badRequest("upload.not_base64", `${input.name}: the file is not base64 or a data URL.`, { field, name: input.name });
  }
  const bytes = Buffer.from(base64, "base64");
  if (!bytes.length) throw badRequest("upload.empty", `${input.name} is empty.`, { field, name: input.name });
  const found = sniff(bytes);
  const byName = BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(input.name)?.[1]?.toLowerCase() ?? ""];
  const claims = [claimed && (ALIASES[claimed] ?? claimed), byName].filter((c): c is string => !!c);
  if (!found || !rule.types.includes(found.type) || claims.some((c) => c !== found.type)) {
    throw badRequest(
      "upload.bad_type",
      `${input.name} is not a ${describeTypes(rule.types)} file${found && claims.length ? " (its content does not match its type)" : ""}.`,
      { field, name: input.name, allowed: rule.types },
    );
  }
  const maxBytes = typeof rule.maxBytes === "number" ? rule.maxBytes : rule.maxBytes(found.type);
  if (bytes.length > maxBytes) {
    throw badRequest("upload.too_large", `${input.name} is ${megabytes(bytes.length)}; at most ${megabytes(maxBytes)} is allowed.`, {
      field,
      name: input.name,
      maxBytes,
    });
  }
  if (!found.whole) throw badRequest("upload.damaged", `${input.name} is damaged or incomplete.`, { field, name: input.name });
  return { name: input.name.replace(/[\\/\0]/g, "_").slice(0, 200), type: found.type, bytes };
}

/** Where signed-in callers fetch a file; public files (logos) have an open path. */
export const uploadPath = (tenantId: number, name: string, module: string) =>
  module === "public" ? `/admin/open/upload/${tenantId}/${name}` : `/admin/api/upload/${name}`;
export const nameOfPath = (path: string) => /\/upload\/(?:\d+\/)?([^/]+)$/.exec(path)?.[1];

export interface FileOnDisk {
  tenantId: number;
  name: string;
  path: string;
  size: number;
  mtime: Date;
}

/** The names of a school's upload rows. */
const namesOf = async (scope: TenantScope) => (await scope.db.select({ name: uploads.name }).from(uploads).where(scope.where(uploads))).map((r) => r.name);

/**
 * Files on disk under DATA_DIR/uploads/<tenant>/, with their rows in `uploads`. A file is written
 * before its row commits (`UploadBatch`) and removed after its row's deletion commits
 * (`transaction`), so a row never points to a missing file; what a crash leaves behind, a file
 * without a row, the sweep removes (upload-sweep.ts).
 */
export class UploadStore {
  constructor(private readonly dataDir: string) {}

  /** DATA_DIR/uploads. */
  get root(): string {
    return join(this.dataDir, "uploads");
  }

  private dir(tenantId: number) {
    return join(this.root, String(tenantId));
  }

  file(tenantId: number, name: string): string {
    if (!NAME.test(name)) throw notFound("File");
    return join(this.dir(tenantId), name);
  }

  /** Files to store with a change: written and recorded by `save` inside its transaction, removed by `discard` if it fails. */
  batch(tenantId: number, uploadedBy: number | null): UploadBatch {
    return new UploadBatch(this, tenantId, uploadedBy);
  }

  async write(tenantId: number, name: string, bytes: Buffer) {
    await mkdir(this.dir(tenantId), { recursive: true });
    await writeFile(this.file(tenantId, name), bytes, { flag: "wx" });
  }

  /**
   * Removes files and answers the names it could not remove. It never throws: it runs after a
   * commit or while a failure is reported, and a file left behind is the sweep's to remove.
   */
  async remove(tenantId: number, names: string[]): Promise<string[]> {
    const results = await Promise.allSettled(names.map((n) => rm(this.file(tenantId, n), { force: true })));
    return names.filter((_, i) => results[i]!.status === "rejected");
  }

  /**
   * Runs `fn` in one transaction; once it has committed, the files of the upload rows it deleted
   * (by any rule: a wipe, a cascade) are removed. When it fails, no file is touched.
   */
  async transaction<R>(scope: TenantScope, fn: (tx: TenantScope) => Promise<R>): Promise<{ result: R; removed: string[]; failed: string[] }> {
    let gone: string[] = [];
    const result = await scope.transaction(async (tx) => {
      const before = await namesOf(tx);
      const out = await fn(tx);
      const after = new Set(await namesOf(tx));
      gone = before.filter((n) => !after.has(n));
      return out;
    });
    const failed = await this.remove(scope.tenantId, gone);
    return { result, removed: gone.filter((n) => !failed.includes(n)), failed };
  }

  /** Every stored file on disk, school by school; anything else under DATA_DIR/uploads is counted in `other`. */
  async files(): Promise<{ files: FileOnDisk[]; other: string[] }> {
    const files: FileOnDisk[] = [];
    const other: string[] = [];
    const tenants = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const t of tenants) {
      if (!t.isDirectory() || !/^[1-9]\d{0,9}$/.test(t.name)) {
        other.push(t.name);
        continue;
      }
      for (const f of await readdir(join(this.root, t.name), { withFileTypes: true })) {
        const path = join(this.root, t.name, f.name);
        if (!f.isFile() || !NAME.test(f.name)) {
          other.push(`${t.name}/${f.name}`);
          continue;
        }
        const info = await stat(path);
        files.push({ tenantId: Number(t.name), name: f.name, path, size: info.size, mtime: info.mtime });
      }
    }
    return { files, other };
  }

  /** A stored file's stream, or 404 when its bytes are gone. */
  async open(tenantId: number, name: string) {
    const path = this.file(tenantId, name);
    const info = await stat(path).catch(() => undefined);
    if (!info) throw notFound("File");
    return { size: info.size, stream: (range?: { start: number; end: number }) => createReadStream(path, range) };
  }

  async read(tenantId: number, name: string): Promise<Buffer | undefined> {
    return readFile(this.file(tenantId, name)).catch(() => undefined);
  }
}

export class UploadBatch {
  private readonly pending: { decoded: DecodedFile; name: string; module: string }[] = [];
  private readonly written: string[] = [];

  constructor(
    private readonly store: UploadStore,
    private readonly tenantId: number,
    private readonly uploadedBy: number | null,
  ) {}

  /** Reserves a name for a checked file; nothing is written yet. */
  add(decoded: DecodedFile, module: string): StoredFile {
    const name = `${randomBytes(16).toString("base64url")}.${EXTENSIONS[decoded.type]}`;
    this.pending.push({ decoded, name, module });
    return { path: uploadPath(this.tenantId, name, module), name: decoded.name, type: decoded.type, size: decoded.bytes.length };
  }

  get totalBytes(): number {
    return this.pending.reduce((n, p) => n + p.decoded.bytes.length, 0);
  }

  /** Writes the files and records them, in the caller's transaction. */
  async save(scope: TenantScope): Promise<void> {
    for (const p of this.pending) {
      await this.store.write(this.tenantId, p.name, p.decoded.bytes);
      this.written.push(p.name);
    }
    await scope.insertMany(
      uploads,
      this.pending.map((p) => ({
        name: p.name,
        originalName: p.decoded.name,
        type: p.decoded.type,
        size: p.decoded.bytes.length,
        module: p.module,
        uploadedBy: this.uploadedBy,
      })),
    );
  }

  /** Removes what `save` wrote (its transaction failed). */
  async discard(): Promise<void> {
    await this.store.remove(this.tenantId, this.written.splice(0));
  }
}

/** Runs `fn` with a batch of uploads; a failure removes whatever the batch wrote. */
export async function withUploads<R>(store: UploadStore, tenantId: number, uploadedBy: number | null, fn: (batch: UploadBatch) => Promise<R>): Promise<R> {
  const batch = store.batch(tenantId, uploadedBy);
  try {
    return await fn(batch);
  } catch (e) {
    await batch.discard();
    throw e;
  }
}

/**
 * Files already uploaded to this school, by path, each of an allowed type: how a form made by a
 * signed-in user refers to the files it uploaded first. Another school's file is not found.
 * The rows are locked (key share) until the caller's transaction ends, so a sweep cannot delete
 * an upload between this check and the commit of the record that refers to it.
 */
export async function requireUploads(scope: TenantScope, paths: string[], rule: Omit<UploadRule, "maxBytes">): Promise<Map<string, StoredFile>> {
  const names = [...new Set(paths.map((p) => nameOfPath(p) ?? ""))];
  if (!names.length) return new Map();
  const rows: UploadRecord[] = await scope.db
    .select()
    .from(uploads)
    .where(scope.where(uploads, inArray(uploads.name, names)))
    .orderBy(uploads.id)
    .for("key share");
  const out = new Map<string, StoredFile>();
  for (const path of paths) {
    const row = rows.find((r) => r.name === nameOfPath(path));
    if (!row || uploadPath(scope.tenantId, row.name, row.module) !== path) {
      throw badRequest("upload.unknown", `No uploaded file at ${path.slice(0, 100)}. Upload it again.`, { field: rule.field });
    }
    if (!rule.types.includes(row.type as UploadType)) {
      throw badRequest("upload.bad_type", `${row.originalName} is not a ${describeTypes(rule.types)} file.`, { field: rule.field, allowed: rule.types });
    }
    out.set(path, { path, name: row.originalName, type: row.type, size: row.size });
  }
  return out;
}

/** Gives files to another module's readers (an applicant's photo becomes the student's). */
export async function moveUploads(scope: TenantScope, paths: string[], module: string) {
  const names = paths.map(nameOfPath).filter((n): n is string => !!n);
  if (!names.length) return;
  await scope.db
    .update(uploads)
    .set({ module })
    .where(scope.where(uploads, inArray(uploads.name, names)));
}
