import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { createScratchDatabase } from "../src/db/scratch-database.js";

/**
 * With DATABASE_URL (CI's PostgreSQL), makes one fresh database for this run, applies the real
 * migrations once and hands its URL to the workers; without it each worker uses an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const scratch = await createScratchDatabase(base, "taleem_test");
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.close();
  project.provide("testDatabaseUrl", scratch.url);
  return scratch.drop;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
