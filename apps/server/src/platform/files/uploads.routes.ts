import { can, FileUpload, MODULES, StoredFile, UPLOAD_LIMITS, UPLOAD_TYPES } from "@taleem/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordChange } from "../audit/audit.service.js";
import { homeOf, userOf } from "../auth/auth.plugin.js";
import { forbidden, notFound } from "../http/errors.js";
import type { Services } from "../services.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { decodeUpload, UploadStore, withUploads } from "./uploads.js";
import { type UploadRecord, uploads } from "./uploads.table.js";

const UploadModule = z.enum([...(Object.keys(MODULES) as [keyof typeof MODULES]), "public"]);
const FileName = z.string().regex(/^[A-Za-z0-9_-]{22}\.(jpg|png|webp|pdf)$/, "Not a file name");

/** Sends a stored file so that a browser can never run it: its checked type, nosniff, a sandbox. */
async function sendFile(reply: FastifyReply, store: UploadStore, row: UploadRecord, cache: string) {
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
  const { db } = services;
  const store = new UploadStore(services.config.dataDir);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["files"];

  r.post("/admin/api/upload", {
    bodyLimit: Math.ceil(UPLOAD_LIMITS.fileBytes / 3) * 4 + 64 * 1024,
    schema: {
      tags,
      summary: "Upload a photo or document (JPEG, PNG, WebP or PDF, at most 5 MB) for a module's records",
      description:
        "Body: {name, data, module}; data is a data URL or base64. The file's first bytes must show an allowed type that agrees with its name and data URL " +
        "(a renamed or disguised file answers 400 upload.bad_type). The caller needs add or edit on `module` (settings edit for `public`, which anyone may read: logos). " +
        "The reply's data.path is what records store and where the file is read back.",
      body: FileUpload.extend({ module: UploadModule }),
      response: { 200: z.object({ message: z.string(), data: StoredFile }) },
    },
    handler: async (req) => {
      const p = userOf(req);
      const { module } = req.body;
      const allowed = module === "public" ? can(p.permissions, "settings", "edit") : can(p.permissions, module, "add") || can(p.permissions, module, "edit");
      if (!allowed) throw forbidden(homeOf(p));
      const file = decodeUpload(req.body, { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "data" });
      const scope = new TenantScope(db, p.tenantId);
      const data = await withUploads(store, p.tenantId, p.userId, (batch) =>
        scope.transaction(async (tx) => {
          const stored = batch.add(file, module);
          await batch.save(tx);
          await recordChange(tx.db, {
            tenantId: p.tenantId,
            userId: p.userId,
            action: "upload",
            entity: "uploads",
            details: { module, name: stored.name, type: stored.type, size: stored.size },
            ip: req.ip,
          });
          return stored;
        }),
      );
      return { message: "File uploaded successfully", data };
    },
  });

  r.get("/admin/api/upload/:name", {
    schema: {
      tags,
      summary: "A school's uploaded file, for its users whose role may view the file's module",
      params: z.object({ name: FileName }),
      produces: [...UPLOAD_TYPES],
      response: { 200: z.any().describe("The file") },
    },
    handler: async (req, reply) => {
      const p = userOf(req);
      const scope = new TenantScope(db, p.tenantId);
      const [row] = await db
        .select()
        .from(uploads)
        .where(scope.where(uploads, eq(uploads.name, req.params.name)))
        .limit(1);
      // A file the caller may not read is as absent as another school's.
      if (!row || (row.module !== "public" && !can(p.permissions, row.module, "view"))) throw notFound("File");
      return sendFile(reply, store, row, "private, max-age=3600");
    },
  });

  r.get("/admin/open/upload/:tenant/:name", {
    config: { access: "open" },
    schema: {
      tags,
      summary: "A school's public file (its logo)",
      params: z.object({ tenant: z.coerce.number().int().positive().max(2_147_483_647), name: FileName }),
      produces: [...UPLOAD_TYPES],
      response: { 200: z.any().describe("The file") },
    },
    handler: async (req, reply) => {
      const scope = new TenantScope(db, req.params.tenant);
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(scope.where(uploads, eq(uploads.name, req.params.name)), eq(uploads.module, "public")))
        .limit(1);
      if (!row) throw notFound("File");
      return sendFile(reply, store, row, "public, max-age=86400");
    },
  });
}
