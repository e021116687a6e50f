import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { createScratchDatabase, dropDatabases } from "../src/db/scratch-database.js";

/**
 * Migrates once per run; every test file then starts from a copy instead of migrating again.
 * The copy is made by `openDatabase` itself, so whatever it does after migrating (roles, policies)
 * is in the copy too.
 * - PGlite: a dump of the migrated data directory, in a file; each app loads it into memory.
 * - PostgreSQL (DATABASE_URL): a migrated template database; this run's database and any app of
 *   its own are `create database ... template` copies of it. Everything the run made is dropped at
 *   the end, even after a failure.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  return base ? setupPostgres(project, base) : setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "taleem-test-snapshot-"));
  try {
    const database = await openDatabase({});
    // Uncompressed: each copy loads faster, and the file lives only as long as the run.
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    const file = join(dir, "pgdata.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("testDataDirSnapshot", file);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject, base: string) {
  const prefix = `taleem_test_${Date.now().toString(36)}_${process.pid}`;
  const drop = () => dropDatabases(base, prefix);
  try {
    const template = await createScratchDatabase(base, `${prefix}_template`);
    const database = await openDatabase({ databaseUrl: template.url });
    await database.close();
    // Nobody connects to it from now on, so copying it never waits on or fails for a session.
    await template.alter("allow_connections false");
    const run = await createScratchDatabase(base, `${prefix}_run`, template.name);
    project.provide("testDatabaseUrl", run.url);
    project.provide("testDatabaseTemplate", { baseUrl: base, template: template.name, prefix });
  } catch (e) {
    await drop();
    throw e;
  }
  return drop;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** With DATABASE_URL: this run's database (a migrated copy), shared by the files' apps and the processes tests start. */
    testDatabaseUrl: string;
    /** With DATABASE_URL: the migrated template an app of its own is copied from (`buildTestApp`). */
    testDatabaseTemplate: { baseUrl: string; template: string; prefix: string };
    /** Without DATABASE_URL: the migrated PGlite data directory, dumped by `dumpDataDir`. */
    testDataDirSnapshot: string;
  }
}
