import {
  AUDIO_TYPES,
  can,
  inlineBodyLimit,
  type PermissionMap,
  readPublicUpload,
  readUpload,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
  UploadModule,
  uploadFile,
  uploadLimit,
} from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { serveAction } from "../actions/serve-action.js";
import { homeOf } from "../auth/auth.plugin.js";
import { forbidden, notFound } from "../http/errors.js";
import type { Services } from "../services.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { decodeUpload, UploadStore, withUploads } from "./uploads.js";
import { type UploadRecord, uploads } from "./uploads.table.js";

/**
 * Sends a stored file so that a browser can never run it: its checked type, nosniff, a sandbox.
 * A PDF is given as an attachment, so that no browser renders a document someone uploaded on the
 * school's own site; pictures and recordings are shown in place. A recording is served in ranges
 * (a phone's player seeks with them, and Safari plays nothing without them).
 */
export async function sendFile(reply: FastifyReply, store: UploadStore, row: UploadRecord, cache: string) {
  const { size, stream } = await store.open(row.tenantId, row.name);
  const disposition = row.type === "application/pdf" ? "attachment" : "inline";
  reply
    .header("content-type", row.type)
    .header("content-disposition", `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
    .header("cache-control", cache)
    .header("accept-ranges", "bytes");
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(reply.request.headers.range ?? ""));
  if (!range || (!range[1] && !range[2])) return reply.header("content-length", size).send(stream());
  // "bytes=-500" is the last 500 bytes; an end past the file is its last byte.
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start > end || start >= size) return reply.code(416).header("content-range", `bytes */${size}`).send();
  return reply
    .code(206)
    .header("content-range", `bytes ${start}-${end}/${size}`)
    .header("content-length", end - start + 1)
    .send(stream({ start, end }));
}

/** A role uploads for a module it may add to or edit; a public file (a logo) needs settings edit. */
const mayUploadFor = (permissions: PermissionMap, module: z.infer<typeof UploadModule>) =>
  module === "public" ? can(permissions, "settings", "edit") : can(permissions, module, "add") || can(permissions, module, "edit");

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
      if (!mayUploadFor(p.permissions, module)) throw forbidden(homeOf(p));
      const file = decodeUpload(body, { types: [...UPLOAD_TYPES, ...AUDIO_TYPES], maxBytes: uploadLimit, field: "data" });
      const data = await withUploads(store, p.tenantId, p.userId, async (batch) => {
        const stored = batch.add(file, module);
        await batch.save(ctx.scope);
        await ctx.audit({ action: "upload", entity: "uploads", details: { module, name: stored.name, type: stored.type, size: stored.size } });
        return stored;
      });
      return { message: "File uploaded successfully", data };
    },
    {
      // A recording is the largest file a school uploads; only this route takes a body that large.
      bodyLimit: inlineBodyLimit(UPLOAD_LIMITS.audioBytes),
      // Someone who may upload for no module is refused before that body is read.
      mayCall: (p) => UploadModule.options.some((module) => mayUploadFor(p.permissions, module)),
    },
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
