import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { pipeline as pipeCallback, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import type { Config } from "../config.js";
import { lockDataDir, openDatabase } from "../db/client.js";
import { readTar, type TarSource, writeTar } from "../platform/files/tar.js";
import { isUploadName, UploadStore } from "../platform/files/uploads.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import { type Command, Refused, userPath } from "./command.js";

/**
 * A backup is a .tar.gz holding `taleem-backup.json` (what it is), `pgdata.tar.gz` (PGlite's own
 * dump of DATA_DIR/pgdata) and `uploads/<tenant>/<name>` (every uploaded file). A backup made
 * before files were included is PGlite's dump alone; restore still takes it.
 */
const MANIFEST = "taleem-backup.json";
const DATABASE_ENTRY = "pgdata.tar.gz";
const FORMAT = "taleem-backup";
const VERSION = 2;
const UPLOAD_ENTRY = /^uploads\/([1-9]\d{0,9})\/([^/]+)$/;

function embeddedOnly(config: Config) {
  if (config.DATABASE_URL) {
    throw new Refused(
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump (pg_dump -Fc "$DATABASE_URL" -f taleem.dump) and restore with pg_restore (pg_restore --clean -d "$DATABASE_URL" taleem.dump). Copy DATA_DIR/uploads (the uploaded files) with it.',
    );
  }
}

const hasData = (pgdata: string) => existsSync(join(pgdata, "PG_VERSION"));
const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

async function schoolCount(config: Config) {
  const database = await openDatabase({ dataDir: config.dataDir, appRole: config.DATABASE_APP_ROLE });
  try {
    const [row] = await database.db.select({ n: count() }).from(tenants);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

interface Unpacked {
  database: Buffer<ArrayBuffer>;
  /** Undefined for a backup made before uploads were included. */
  uploads?: number;
}

/** The first entry of a gzipped tar, or undefined when the file is not one. */
async function firstEntry(file: string): Promise<string | undefined> {
  const gunzip = pipeCallback(createReadStream(file), createGunzip(), () => {});
  try {
    for await (const item of readTar(gunzip)) return item.name;
    return undefined;
  } catch {
    return undefined;
  } finally {
    gunzip.destroy();
  }
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer<ArrayBuffer>> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/** Reads a backup: the database dump into memory (PGlite loads it from there), the uploads into `uploadsDir`. */
async function unpack(file: string, uploadsDir: string): Promise<Unpacked> {
  if ((await firstEntry(file)) !== MANIFEST) return { database: readFileSync(file) };
  mkdirSync(uploadsDir, { recursive: true });
  const gunzip = pipeCallback(createReadStream(file), createGunzip(), () => {});
  let manifest: { format?: string; version?: number; uploads?: number } | undefined;
  let database: Buffer<ArrayBuffer> | undefined;
  let uploads = 0;
  const made = new Set<string>();
  try {
    for await (const item of readTar(gunzip)) {
      if (item.type === "directory" && (item.name === "uploads/" || /^uploads\/\d+\/$/.test(item.name))) continue;
      if (item.type !== "file") throw new Error(`it holds ${item.name}, which is not a file`);
      if (item.name === MANIFEST) {
        manifest = JSON.parse((await collect(item.body)).toString("utf8"));
        if (manifest?.format !== FORMAT) throw new Error(`${MANIFEST} does not describe a Taleem backup`);
        if ((manifest.version ?? 0) > VERSION) throw new Error("it was made by a newer version of Taleem; update this one first");
        continue;
      }
      if (!manifest) throw new Error(`${MANIFEST} is missing`);
      if (item.name === DATABASE_ENTRY) {
        database = await collect(item.body);
        continue;
      }
      const upload = UPLOAD_ENTRY.exec(item.name);
      if (!upload || !isUploadName(upload[2]!)) throw new Error(`it holds ${item.name}, which is neither the database nor an uploaded file`);
      const dir = join(uploadsDir, upload[1]!);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      const target = join(dir, upload[2]!);
      await pipeline(Readable.from(item.body), createWriteStream(target, { flags: "wx" }));
      await utimes(target, item.mtime, item.mtime);
      uploads++;
    }
  } finally {
    gunzip.destroy();
  }
  if (!database) throw new Error(`${DATABASE_ENTRY} is missing`);
  if (manifest?.uploads !== undefined && manifest.uploads !== uploads)
    throw new Error(`it should hold ${manifest.uploads} uploaded files but holds ${uploads}`);
  return { database, uploads };
}

/** Moves `path` aside as `<name>.before-restore-<time>` when it holds anything; answers where it went. */
function moveAside(path: string, time: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (!readdirSync(path).length) {
    rmSync(path, { recursive: true });
    return undefined;
  }
  const kept = `${path}.before-restore-${time}`;
  renameSync(path, kept);
  return kept;
}

export const backupCommands: Command[] = [
  {
    words: ["backup"],
    usage: "FILE [--force]",
    positionals: ["FILE"],
    summary: "Write the embedded database (DATA_DIR/pgdata) and the uploaded files (DATA_DIR/uploads) to a .tar.gz; the server must be stopped",
    options: { force: { type: "boolean" } },
    examples: ["npm run cli -- backup taleem-2026-06-01.tar.gz"],
    async run({ values, positionals }, { config, print }) {
      embeddedOnly(config);
      const file = userPath(positionals[0]!);
      if (existsSync(file) && !values.force) throw new Refused(`${file} exists already. Add --force to overwrite it.`);
      if (!hasData(join(config.dataDir, "pgdata"))) throw new Refused(`There is no database in ${config.dataDir} to back up.`);
      const store = new UploadStore(config.dataDir);
      // Not migrated: a backup is the data exactly as it was. Opening it takes DATA_DIR's lock,
      // so no server writes files meanwhile.
      const database = await openDatabase({ dataDir: config.dataDir, migrate: false, appRole: config.DATABASE_APP_ROLE });
      const partial = `${file}.partial`;
      let summary: { files: number; bytes: number; other: string[] };
      try {
        const dump = Buffer.from(await (await database.pglite!.dumpDataDir("gzip")).arrayBuffer());
        const { files, other } = await store.files();
        const bytes = files.reduce((n, f) => n + f.size, 0);
        const now = new Date();
        const manifest = Buffer.from(
          JSON.stringify(
            { format: FORMAT, version: VERSION, createdAt: now.toISOString(), database: DATABASE_ENTRY, uploads: files.length, uploadBytes: bytes },
            null,
            2,
          ),
        );
        // One file open at a time: the tar writer asks for the next entry when it has written this one.
        async function* entries(): AsyncGenerator<TarSource> {
          yield { name: MANIFEST, size: manifest.length, mtime: now, body: manifest };
          yield { name: DATABASE_ENTRY, size: dump.length, mtime: now, body: dump };
          for (const f of files) yield { name: `uploads/${f.tenantId}/${f.name}`, size: f.size, mtime: f.mtime, body: createReadStream(f.path) };
        }
        await pipeline(Readable.from(writeTar(entries())), createGzip(), createWriteStream(partial));
        renameSync(partial, file);
        summary = { files: files.length, bytes, other };
      } catch (e) {
        rmSync(partial, { force: true });
        throw e;
      } finally {
        await database.close();
      }
      print(
        [
          `Backed up ${config.dataDir} (the database and ${plural(summary.files, "uploaded file")}, ${megabytes(summary.bytes)}) to ${file} (${megabytes(statSync(file).size)}).`,
          ...(summary.other.length
            ? [
                `Left out ${summary.other.length === 1 ? "1 entry" : `${summary.other.length} entries`} in ${store.root} that are not uploads: ${summary.other.slice(0, 10).join(", ")}`,
              ]
            : []),
        ].join("\n"),
      );
    },
  },
  {
    words: ["restore"],
    usage: "FILE [--force]",
    positionals: ["FILE"],
    summary:
      "Replace the embedded database and the uploaded files with a backup; --force when DATA_DIR has data (it is kept beside, renamed). A backup without uploads (made by an older version) leaves DATA_DIR/uploads as it is",
    options: { force: { type: "boolean" } },
    examples: ["npm run cli -- restore taleem-2026-06-01.tar.gz", "DATA_DIR=/srv/taleem npm run cli -- restore /backups/taleem.tar.gz --force"],
    async run({ values, positionals }, { config, print }) {
      embeddedOnly(config);
      const file = userPath(positionals[0]!);
      if (!existsSync(file)) throw new Refused(`There is no file ${file}.`);
      const pgdata = join(config.dataDir, "pgdata");
      const uploadsDir = new UploadStore(config.dataDir).root;
      const unlock = lockDataDir(config.dataDir);
      const kept: string[] = [];
      let restoredUploads: number | undefined;
      try {
        if ((hasData(pgdata) || hasFiles(uploadsDir)) && !values.force) {
          throw new Refused(
            `${config.dataDir} holds data already. Add --force to replace it (the current database and files are kept as pgdata.before-restore-<time> and uploads.before-restore-<time>).`,
          );
        }
        // Unpack beside the live directories first, so a bad file leaves the current data alone.
        const incoming = join(config.dataDir, "pgdata.restoring");
        const incomingUploads = join(config.dataDir, "uploads.restoring");
        const clear = () => {
          rmSync(incoming, { recursive: true, force: true });
          rmSync(incomingUploads, { recursive: true, force: true });
        };
        clear();
        try {
          const backup = await unpack(file, incomingUploads);
          restoredUploads = backup.uploads;
          const pg = await PGlite.create(incoming, { loadDataDir: new Blob([backup.database]) });
          await pg.query("select 1");
          await pg.close();
        } catch (e) {
          clear();
          throw new Refused(`${file} is not a backup of the embedded database: ${(e as Error).message}`);
        }
        const time = stamp();
        const before = moveAside(pgdata, time);
        if (before) kept.push(`The previous database is kept in ${before}.`);
        if (restoredUploads !== undefined) {
          const beforeUploads = moveAside(uploadsDir, time);
          if (beforeUploads) kept.push(`The previous uploaded files are kept in ${beforeUploads}.`);
          renameSync(incomingUploads, uploadsDir);
        }
        renameSync(incoming, pgdata);
      } finally {
        unlock();
      }
      // Opening applies any newer migrations, as the server would at its next start.
      const schools = await schoolCount(config);
      print(
        [
          `Restored ${file} into ${pgdata} (${plural(schools, "school")}).`,
          restoredUploads === undefined
            ? `This backup was made before backups held uploaded files: ${uploadsDir} is left as it was.`
            : `Restored ${plural(restoredUploads, "uploaded file")} into ${uploadsDir}.`,
          ...kept,
        ].join("\n"),
      );
    },
  },
];
