import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";

/**
 * With DATABASE_URL (CI's PostgreSQL), makes one fresh database for this run, applies the real
 * migrations once and hands its URL to the workers; without it each worker uses an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const name = `taleem_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  project.provide("testDatabaseUrl", url.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}
