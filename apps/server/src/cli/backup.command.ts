import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count } from "drizzle-orm";
import type { Config } from "../config.js";
import { lockDataDir, openDatabase } from "../db/client.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import { type Command, Refused, userPath } from "./command.js";

function embeddedOnly(config: Config) {
  if (config.DATABASE_URL) {
    throw new Refused(
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump (pg_dump -Fc "$DATABASE_URL" -f taleem.dump) and restore with pg_restore (pg_restore --clean -d "$DATABASE_URL" taleem.dump).',
    );
  }
}

const hasData = (pgdata: string) => existsSync(join(pgdata, "PG_VERSION"));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

async function schoolCount(config: Config) {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const [row] = await database.db.select({ n: count() }).from(tenants);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

export const backupCommands: Command[] = [
  {
    words: ["backup"],
    usage: "FILE [--force]",
    positionals: ["FILE"],
    summary: "Write the embedded database (DATA_DIR/pgdata) to a .tar.gz; the server must be stopped",
    options: { force: { type: "boolean" } },
    examples: ["npm run cli -- backup taleem-2026-06-01.tar.gz"],
    async run({ values, positionals }, { config, print }) {
      embeddedOnly(config);
      const file = userPath(positionals[0]!);
      if (existsSync(file) && !values.force) throw new Refused(`${file} exists already. Add --force to overwrite it.`);
      if (!hasData(join(config.dataDir, "pgdata"))) throw new Refused(`There is no database in ${config.dataDir} to back up.`);
      // Not migrated: a backup is the data exactly as it was.
      const database = await openDatabase({ dataDir: config.dataDir, migrate: false });
      try {
        const dump = await database.pglite!.dumpDataDir("gzip");
        const partial = `${file}.partial`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } finally {
        await database.close();
      }
      print(`Backed up ${config.dataDir} to ${file} (${megabytes(statSync(file).size)}).`);
    },
  },
  {
    words: ["restore"],
    usage: "FILE [--force]",
    positionals: ["FILE"],
    summary: "Replace the embedded database with a backup; --force when DATA_DIR has data (it is kept beside, renamed)",
    options: { force: { type: "boolean" } },
    examples: ["npm run cli -- restore taleem-2026-06-01.tar.gz", "DATA_DIR=/srv/taleem npm run cli -- restore /backups/taleem.tar.gz --force"],
    async run({ values, positionals }, { config, print }) {
      embeddedOnly(config);
      const file = userPath(positionals[0]!);
      if (!existsSync(file)) throw new Refused(`There is no file ${file}.`);
      const pgdata = join(config.dataDir, "pgdata");
      const unlock = lockDataDir(config.dataDir);
      let kept: string | undefined;
      try {
        if (hasData(pgdata) && !values.force) {
          throw new Refused(`${config.dataDir} holds a database already. Add --force to replace it (the current one is kept as pgdata.before-restore-<time>).`);
        }
        // Unpack beside the live directory first, so a bad file leaves the current data alone.
        const incoming = join(config.dataDir, "pgdata.restoring");
        rmSync(incoming, { recursive: true, force: true });
        try {
          const pg = await PGlite.create(incoming, { loadDataDir: new Blob([readFileSync(file)]) });
          await pg.query("select 1");
          await pg.close();
        } catch (e) {
          rmSync(incoming, { recursive: true, force: true });
          throw new Refused(`${file} is not a backup of the embedded database: ${(e as Error).message}`);
        }
        if (existsSync(pgdata)) {
          if (readdirSync(pgdata).length) {
            kept = join(config.dataDir, `pgdata.before-restore-${stamp()}`);
            renameSync(pgdata, kept);
          } else rmSync(pgdata, { recursive: true });
        }
        renameSync(incoming, pgdata);
      } finally {
        unlock();
      }
      // Opening applies any newer migrations, as the server would at its next start.
      const schools = await schoolCount(config);
      print(
        [
          `Restored ${file} into ${pgdata} (${schools} school${schools === 1 ? "" : "s"}).`,
          ...(kept ? [`The previous database is kept in ${kept}.`] : []),
        ].join("\n"),
      );
    },
  },
];
