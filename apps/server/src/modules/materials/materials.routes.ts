import {
  approveMaterial,
  can,
  getHomeMaterial,
  getMaterial,
  listApprovedMaterials,
  materialFile,
  materialResource,
  UPLOAD_LIMITS,
  UPLOAD_TYPES,
} from "@taleem/contract";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { homeOf } from "../../platform/auth/auth.plugin.js";
import { pdfWithTitle } from "../../platform/files/sample-files.js";
import { decodeUpload, nameOfPath, UploadStore } from "../../platform/files/uploads.js";
import { sendFile } from "../../platform/files/uploads.routes.js";
import { uploads } from "../../platform/files/uploads.table.js";
import { forbidden, notFound } from "../../platform/http/errors.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import {
  approvedReach,
  checkMaterial,
  checkPlace,
  presentMaterials,
  reachedByClassroom,
  readableMaterial,
  tellFamilies,
  uploaderOf,
} from "./materials.service.js";
import { materials } from "./materials.table.js";
import { registerOpenMaterial } from "./open-material.routes.js";

const sampleMaterial = async (scope: TenantScope) => {
  const room = await sampleClassroom(scope);
  return { title: "Surah Al-Mulk", kind: "link" as const, link: "https://quran.com/67", classroomId: room.id };
};

/**
 * Learning materials: the office's resource (pending until approved), the approved ones families
 * and students see, one by id, its file for the parent area, the approval that tells families,
 * and the public form by the school's code.
 */
export function registerMaterialsModule(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, materialResource, materials, {
    present: (ctx, rows) => presentMaterials(ctx.scope, rows),
    beforeCreate: async (ctx, input) => {
      await checkMaterial(ctx.scope, input);
      return { ...input, status: "pending" as const, ...(await uploaderOf(ctx.scope, ctx.principal.userId)) };
    },
    beforeUpdate: async (ctx, existing, input) => {
      const { id: _id, ...values } = input;
      const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await checkMaterial(ctx.scope, { ...existing, ...given });
      // A changed material waits for approval again, unless the one changing it may approve.
      const review = can(ctx.principal.permissions, "materials", "approve") ? {} : { status: "pending" as const, reviewNote: null };
      return { ...given, ...review };
    },
    sample: sampleMaterial,
  });

  const made = async (scope: TenantScope) => scope.insert(materials, { ...(await sampleMaterial(scope)), uploaderName: "Sample Teacher" });

  serveAction(
    app,
    listApprovedMaterials,
    async (ctx, { query }) => {
      const reach = await approvedReach(ctx, query.studentId);
      if (!reach) throw forbidden(homeOf(ctx.principal));
      await checkPlace(ctx.scope, query);
      const rows = await ctx.scope.db
        .select()
        .from(materials)
        .where(
          ctx.scope.where(
            materials,
            reach,
            query.classroomId ? await reachedByClassroom(ctx.scope, query.classroomId) : undefined,
            query.courseClassId ? eq(materials.courseClassId, query.courseClassId) : undefined,
            query.subjectId ? eq(materials.subjectId, query.subjectId) : undefined,
            query.kind ? eq(materials.kind, query.kind) : undefined,
          ),
        )
        .orderBy(desc(materials.createdAt), desc(materials.id))
        .limit(500);
      return { message: "Materials fetched successfully", rows: await presentMaterials(ctx.scope, rows), count: rows.length };
    },
    { sample: async (scope) => ({ query: { classroomId: (await sampleClassroom(scope)).id } }) },
  );

  serveAction(
    app,
    getMaterial,
    async (ctx, { params }) => {
      const [row] = await presentMaterials(ctx.scope, [await ctx.scope.find(materials, params.id, "Material")]);
      return { message: "Material fetched successfully", data: row! };
    },
    { sample: async (scope) => ({ params: { id: (await made(scope)).id } }) },
  );

  serveAction(
    app,
    getHomeMaterial,
    async (ctx, { params }) => {
      const [row] = await presentMaterials(ctx.scope, [await readableMaterial(ctx, params.id)]);
      return { message: "Material fetched successfully", data: row! };
    },
    { sample: async (scope) => ({ params: { id: (await made(scope)).id } }) },
  );

  serveAction(
    app,
    materialFile,
    async (ctx, { params }) => {
      const m = await readableMaterial(ctx, params.id);
      const name = nameOfPath(m.file ?? m.recording ?? "");
      const [row] = name
        ? await ctx.scope.db
            .select()
            .from(uploads)
            .where(ctx.scope.where(uploads, eq(uploads.name, name)))
            .limit(1)
        : [];
      if (!row) throw notFound("File");
      return sendFile(ctx.reply, store, row, "private, max-age=3600");
    },
    {
      // A worksheet with its file on disk, so that the call succeeds in its own school.
      sample: async (scope) => {
        const batch = store.batch(scope.tenantId, null);
        const file = batch.add(
          decodeUpload(
            { name: "sample.pdf", data: pdfWithTitle("Sample").toString("base64") },
            { types: UPLOAD_TYPES, maxBytes: UPLOAD_LIMITS.fileBytes, field: "file" },
          ),
          "materials",
        );
        await batch.save(scope);
        const room = await sampleClassroom(scope);
        const m = await scope.insert(materials, {
          title: "Sample worksheet",
          kind: "worksheet",
          file: file.path,
          classroomId: room.id,
          status: "approved",
          uploaderName: "Sample Teacher",
        });
        return { params: { id: m.id } };
      },
    },
  );

  serveAction(
    app,
    approveMaterial,
    async (ctx, { body }) => {
      const existing = await ctx.scope.find(materials, body.id, "Material");
      const approving = body.status === "approved";
      const updated = await ctx.scope.update(materials, existing.id, {
        status: body.status,
        reviewNote: approving ? null : body.reason!,
        reviewedBy: ctx.principal.userId,
        reviewedAt: new Date(),
        // Families hear of a material once, on its first approval.
        ...(approving && !existing.announcedAt ? { announcedAt: new Date() } : {}),
      });
      await ctx.audit({
        action: body.status === "approved" ? "approve" : "reject",
        entity: "materials",
        entityId: existing.id,
        before: existing,
        after: updated,
      });
      if (approving && !existing.announcedAt) await tellFamilies(services, ctx, updated);
      const [row] = await presentMaterials(ctx.scope, [updated]);
      return { message: approving ? "Material approved" : "Material rejected", data: row! };
    },
    { sample: async (scope) => ({ body: { id: (await made(scope)).id, status: "approved" as const } }) },
  );

  registerOpenMaterial(app, services, store);
}
