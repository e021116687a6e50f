import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../../config.js";
import { serverHome } from "./server-home.js";

/** Hashed build output (/assets/name-hash.js): its address changes whenever its content does. */
const HASHED = /[\\/]assets[\\/]/;
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Hashed files are cached for a year; everything else (index.html, the service worker, texts,
 * icons) is revalidated on every use, so a new release shows at the next load.
 */
function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header("cache-control", HASHED.test(path) ? IMMUTABLE : "no-cache");
}

/**
 * The built web app from the same origin; any other GET that asks for HTML gets index.html.
 * The build writes brotli and gzip copies of its text files (vite.config.ts), handed out as
 * the request's Accept-Encoding allows.
 */
export async function serveWebApp(app: FastifyInstance, config: Pick<Config, "WEB_DIST">) {
  const dist = config.WEB_DIST ?? join(import.meta.dirname, "../../../../web/dist");
  if (!existsSync(join(dist, "index.html"))) return;
  // Read once, as the static files are indexed once: a new build is served after a restart.
  const page = await readFile(join(dist, "index.html"), "utf8");
  const signedInPage = (kind: string) => page.replace("<html", `<html data-signed-in="${kind}"`);
  const drawHome = await serverHome(app, dist, page);
  await app.register(async (web) => {
    web.addHook("onRoute", (route) => {
      route.config = { ...(route.config as object), access: "open" };
      route.schema = { ...route.schema, hide: true };
    });
    await web.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: ["index.html"],
      preCompressed: true,
      // The server's own copy of the parent home (server-home.ts) is not a file of the site.
      allowedPath: (path) => !/^\/ssr(\/|$)/.test(path),
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
    web.get("/*", async (req, reply) => {
      if (!req.headers.accept?.includes("text/html")) {
        return reply.status(404).send({ message: `No such route: ${req.method}`, code: "route_not_found" });
      }
      // A signed-in person's page says so (their session cookie is out of the page's reach):
      // boot.js then fetches their area's code with the page, even on a device that has
      // forgotten its storage. Personal, so no shared cache may keep it.
      if (req.principal) {
        // A family's home drawn here, so it shows before the app's code has run (server-home.ts).
        const home = drawHome ? await drawHome(req).catch((e) => void req.log.warn({ err: e }, "The server-drawn home failed; serving the app page")) : null;
        if (home) return reply.header("cache-control", "private, no-store").header("vary", "cookie").type("text/html; charset=utf-8").send(home);
        return reply
          .header("cache-control", "private, no-cache")
          .header("vary", "cookie")
          .type("text/html; charset=utf-8")
          .send(signedInPage(req.principal.kind));
      }
      return reply.sendFile("index.html");
    });
  });
}
