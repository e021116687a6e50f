import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FileReply } from "@taleem/contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers a file, not JSON: its OpenAPI 200 reply is made from this declaration. */
    fileReply?: FileReply;
  }
}

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
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const file = input.route.config?.fileReply;
      if (!file || !out.schema || out.schema.hide) return out;
      return { ...out, schema: { ...out.schema, response: { 200: fileResponse(file), ...(out.schema.response as object | undefined) } } };
    },
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

/** A file reply as OpenAPI says it: each content type, and the content-disposition header that names the file. */
function fileResponse(file: FileReply) {
  const schema = (type: string) => (type === "application/json" ? { type: "object" } : { type: "string", format: "binary" });
  return {
    description: file.disposition
      ? "A file, named by its content-disposition header"
      : "A body that is not JSON, used as it comes (a font, a challenge echoed)",
    content: Object.fromEntries(file.types.map((type) => [type, { schema: schema(type) }])),
    ...(file.disposition ? { headers: { "content-disposition": { type: "string", description: file.disposition } } } : {}),
  };
}
