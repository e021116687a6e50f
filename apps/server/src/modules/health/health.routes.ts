import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "../../platform/services.js";

export function registerHealthModule(app: FastifyInstance, { database }: Services) {
  app.withTypeProvider<ZodTypeProvider>().get("/health", {
    config: { access: "open" },
    schema: {
      tags: ["platform"],
      summary: "200 only when the database answers",
      response: {
        200: z.object({ status: z.literal("ok"), database: z.string() }),
        503: z.object({ status: z.literal("unavailable"), message: z.string(), code: z.string() }),
      },
    },
    handler: async (_req, reply) => {
      try {
        await database.ping();
        return { status: "ok" as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const, message: "The database is not answering.", code: "db_unavailable" });
      }
    },
  });
}
