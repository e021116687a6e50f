import { can, readPublicUpload, readUpload, UPLOAD_LIMITS, UPLOAD_TYPES, uploadFile } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { serveAction } from "../actions/serve-action.js";
import { homeOf } from "../auth/auth.plugin.js";
import { forbidden, notFound } from "../http/errors.js";
import type { Services } from "../services.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { decodeUpload, UploadStore, withUploads } from "./uploads.js";
import { type UploadRecord, uploads } from "./uploads.table.js";

/** Sends a stored file so that a browser can never run it: its checked type, nosniff, a sandbox. */
export async function sendFile(reply: FastifyReply, store: UploadStore, row: UploadRecord, cache: string) {
  const { size, stream } = await store.open(row.tenantId, row.name);
  return reply
    .header("content-type", row.type)
    .header("content-length", size)
    .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
    .header("cache-control", cache)
    .send(stream);
}

/**
 * Uploads through JSON (a data URL or base64, checked by its first bytes) and reading them back:
 * a school's files only to its own users whose role may view the file's module; a "public" file
 * (a logo) to anyone.
 */
export function registerUploadRoutes(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  // A file is written before its row commits: a failure here removes it; one after (the commit)
  // leaves a file without a row, which the uploads sweep removes.
  serveAction(
    app,
    uploadFile,
    async (ctx, { body }) => {
      const p = ctx.principal;
      const { module } = body;
      const allowed = module === "public" ? can(p.permissions, "settings", "edit") : can(p.permissions, module, "add") || can(p.permissions, module, "edit");
      if (!allowed) throw forbidden(homeOf(p));
      const file = decodeUpload(body, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "data" });
      const data = await withUploads(store, p.tenantId, p.userId, async (batch) => {
        const stored = batch.add(file, module);
        await batch.save(ctx.scope);
        await ctx.audit({ action: "upload", entity: "uploads", details: { module, name: stored.name, type: stored.type, size: stored.size } });
        return stored;
      });
      return { message: "File uploaded successfully", data };
    },
    { bodyLimit: Math.ceil(UPLOAD_LIMITS.fileBytes / 3) * 4 + 64 * 1024 },
  );

  serveAction(app, readUpload, async (ctx, { params }) => {
    const p = ctx.principal;
    const [row] = await ctx.scope.db
      .select()
      .from(uploads)
      .where(ctx.scope.where(uploads, eq(uploads.name, params.name)))
      .limit(1);
    // A file the caller may not read is as absent as another school's.
    if (!row || (row.module !== "public" && !can(p.permissions, row.module, "view"))) throw notFound("File");
    return sendFile(ctx.reply, store, row, "private, max-age=3600");
  });

  serveAction(app, readPublicUpload, async (ctx, { params }) => {
    const scope = new TenantScope(ctx.db, params.tenant);
    const [row] = await scope.db
      .select()
      .from(uploads)
      .where(and(scope.where(uploads, eq(uploads.name, params.name)), eq(uploads.module, "public")))
      .limit(1);
    if (!row) throw notFound("File");
    return sendFile(ctx.reply, store, row, "public, max-age=86400");
  });
}
