import { approveMaterial, getHomeMaterial, getMaterial, listApprovedMaterials, materialFile, materialResource } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { UploadStore } from "../../platform/files/uploads.js";
import { sendFile } from "../../platform/files/uploads.routes.js";
import { serveResource } from "../../platform/resources/serve-resource.js";
import type { Services } from "../../platform/services.js";
import { sampleClassroom } from "../academics/classroom-samples.service.js";
import {
  approvedMaterials,
  materialChangeValues,
  materialUpload,
  newMaterialValues,
  presentMaterials,
  readableMaterial,
  reviewMaterial,
  sampleMade,
  sampleMaterial,
  sampleWorksheet,
} from "./materials.service.js";
import { materials } from "./materials.table.js";
import { registerOpenMaterial } from "./open-material.routes.js";

/**
 * Learning materials: the office's resource (pending until approved), the approved ones families
 * and students see, one by id, its file for the parent area, the approval that tells families,
 * and the public form by the school's code.
 */
export function registerMaterialsModule(app: FastifyInstance, services: Services) {
  const store = new UploadStore(services.config.dataDir);

  serveResource(app, materialResource, materials, {
    present: (ctx, rows) => presentMaterials(ctx.scope, rows),
    beforeCreate: (ctx, input) => newMaterialValues(ctx, input),
    beforeUpdate: (ctx, existing, input) => materialChangeValues(ctx, existing, input),
    sample: sampleMaterial,
  });

  serveAction(
    app,
    listApprovedMaterials,
    async (ctx, { query }) => {
      const rows = await approvedMaterials(ctx, query);
      return { message: "Materials fetched successfully", rows, count: rows.length };
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
    { sample: async (scope) => ({ params: { id: (await sampleMade(scope)).id } }) },
  );

  serveAction(
    app,
    getHomeMaterial,
    async (ctx, { params }) => {
      const [row] = await presentMaterials(ctx.scope, [await readableMaterial(ctx, params.id)]);
      return { message: "Material fetched successfully", data: row! };
    },
    { sample: async (scope) => ({ params: { id: (await sampleMade(scope)).id } }) },
  );

  serveAction(app, materialFile, async (ctx, { params }) => sendFile(ctx.reply, store, await materialUpload(ctx, params.id), "private, max-age=3600"), {
    sample: async (scope) => ({ params: { id: (await sampleWorksheet(scope, store)).id } }),
  });

  serveAction(
    app,
    approveMaterial,
    async (ctx, { body }) => {
      const updated = await reviewMaterial(services, ctx, body);
      const [row] = await presentMaterials(ctx.scope, [updated]);
      return { message: body.status === "approved" ? "Material approved" : "Material rejected", data: row! };
    },
    { sample: async (scope) => ({ body: { id: (await sampleMade(scope)).id, status: "approved" as const } }) },
  );

  registerOpenMaterial(app, services, store);
}
