import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { referencedUploads } from "./upload-references.js";
import type { FileOnDisk, UploadStore } from "./uploads.js";
import { uploads } from "./uploads.table.js";

/**
 * How old an upload must be before the sweep may take it: a file is uploaded first and referred
 * to when its form is saved, and a form may stay open for a while.
 */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

export interface SweepReport {
  /** Upload rows no record refers to any more, removed with their files. */
  unreferenced: { tenantId: number; name: string; size: number }[];
  /** Files on disk without an upload row (left by a crash, or by a wipe before files followed). */
  orphans: FileOnDisk[];
  /** Files that could not be removed (permissions): a later sweep tries again. */
  failed: string[];
  /** Entries under DATA_DIR/uploads that are not stored files; never touched. */
  other: string[];
}

const byTenant = <T extends { tenantId: number }>(items: T[]) => {
  const out = new Map<number, T[]>();
  for (const item of items) out.set(item.tenantId, [...(out.get(item.tenantId) ?? []), item]);
  return out;
};

const chunks = <T>(items: T[], size = 1000) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Old upload rows that nothing refers to, found without locking anything. */
async function unreferencedCandidates(db: Db, cutoff: Date, tenantId: number | undefined) {
  const old = await db
    .select({ tenantId: uploads.tenantId, id: uploads.id, name: uploads.name, size: uploads.size })
    .from(uploads)
    .where(and(lt(uploads.createdAt, cutoff), tenantId === undefined ? undefined : eq(uploads.tenantId, tenantId)));
  if (!old.length) return [];
  const referenced = await referencedUploads(db, { tenantId });
  return old.filter((u) => !referenced.get(u.tenantId)?.has(u.name));
}

/**
 * Removes the rows of uploads no record refers to any more (a deleted application's photo, a
 * replaced logo), then their files, then files that have no row at all. Only what is older than
 * `graceMs` is touched. The candidates are locked and the references counted again inside the
 * transaction that deletes them; `requireUploads` takes a key-share lock on the uploads a form
 * refers to, so a record saved meanwhile either keeps its file or is told to upload it again.
 * `tenantId` limits it to one school.
 */
export async function sweepUploads(
  db: Db,
  store: UploadStore,
  opts: { graceMs?: number; dryRun?: boolean; now?: Date; tenantId?: number } = {},
): Promise<SweepReport> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.graceMs ?? SWEEP_GRACE_MS));
  const report: SweepReport = { unreferenced: [], orphans: [], failed: [], other: [] };
  const removeFiles = async (tenantId: number, names: string[]) => {
    for (const n of await store.remove(tenantId, names)) report.failed.push(`${tenantId}/${n}`);
  };

  const candidates = await unreferencedCandidates(db, cutoff, opts.tenantId);
  if (opts.dryRun) report.unreferenced = candidates.map(({ tenantId, name, size }) => ({ tenantId, name, size }));
  else if (candidates.length) {
    report.unreferenced = await db.transaction(async (tx) => {
      const deleted: SweepReport["unreferenced"] = [];
      for (const [tenantId, list] of byTenant(candidates)) {
        const scope = new TenantScope(tx as unknown as Db, tenantId);
        const locked: typeof list = [];
        for (const part of chunks(list.map((c) => c.id))) {
          locked.push(
            ...(await scope.db
              .select({ tenantId: uploads.tenantId, id: uploads.id, name: uploads.name, size: uploads.size })
              .from(uploads)
              .where(scope.where(uploads, inArray(uploads.id, part)))
              .orderBy(uploads.id)
              .for("update")),
          );
        }
        const referenced = (await referencedUploads(scope.db, { tenantId })).get(tenantId);
        const gone = locked.filter((u) => !referenced?.has(u.name));
        for (const part of chunks(gone.map((u) => u.id))) await scope.db.delete(uploads).where(scope.where(uploads, inArray(uploads.id, part)));
        deleted.push(...gone.map(({ tenantId, name, size }) => ({ tenantId, name, size })));
      }
      return deleted;
    });
    for (const [tenantId, list] of byTenant(report.unreferenced)) {
      await removeFiles(
        tenantId,
        list.map((u) => u.name),
      );
    }
  }

  // Files with no row: their upload's transaction never committed, or their row went earlier.
  const { files, other } = await store.files();
  report.other = opts.tenantId === undefined ? other : [];
  const mine = files.filter((f) => f.mtime < cutoff && (opts.tenantId === undefined || f.tenantId === opts.tenantId));
  for (const [tenantId, list] of byTenant(mine)) {
    const scope = new TenantScope(db, tenantId);
    const known = new Set<string>();
    for (const part of chunks(list.map((f) => f.name))) {
      for (const r of await db
        .select({ name: uploads.name })
        .from(uploads)
        .where(scope.where(uploads, inArray(uploads.name, part)))) {
        known.add(r.name);
      }
    }
    // In a dry run, the rows the sweep would delete count as gone already.
    const dropped = new Set(report.unreferenced.filter((u) => u.tenantId === tenantId).map((u) => u.name));
    const orphans = list.filter((f) => !known.has(f.name) && !dropped.has(f.name));
    report.orphans.push(...orphans);
    if (!opts.dryRun) {
      await removeFiles(
        tenantId,
        orphans.map((f) => f.name),
      );
    }
  }
  return report;
}
