import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * The API's description, at /docs (Swagger UI) and /openapi.json, made from the routes'
 * declarations. Served only when API_DOCS allows (outside production by default): a public server
 * need not hand a stranger the map of every call.
 */
export async function installApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: "Taleem API", version: "0.1.0", description: "Schools and hifz centres: administration, parent portal, public forms." },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "header", name: "x-access-token", description: "The session token (native wrappers)" },
          cookie: { type: "apiKey", in: "cookie", name: "taleem_session", description: "The session cookie (the web app)" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // Documentation is public; routes are closed unless they say otherwise.
    docs.addHook("onRoute", (route) => {
      route.config = { ...(route.config as object), access: "open" };
    });
    await docs.register(swaggerUi, { routePrefix: "/docs" });
    docs.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  });
}
