import { areaHome, can } from "@taleem/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../http/errors.js";
import { logCaller } from "../http/request-log.js";
import { jobStarter } from "../jobs/serve-job-progress.js";
import type { Principal, UserPrincipal } from "./principal.js";
import { SESSION_COOKIE, type SessionService } from "./session.service.js";

export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers["x-access-token"];
  if (typeof header === "string" && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith("Bearer ")) return auth.slice(7);
  return req.cookies?.[SESSION_COOKIE] || undefined;
}

/**
 * Resolves the caller on every route and enforces the route's declared access and permission.
 * Routes are closed by default: a public one says `access: "open"` in its config. A path no
 * route serves is open, so it answers 404 to anyone: a 401 would tell the web app its session
 * had ended.
 */
export function installAuth(app: FastifyInstance, sessions: SessionService) {
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (req, reply) => {
    const access = req.is404 ? "open" : (req.routeOptions.config?.access ?? "user");
    const token = readToken(req);
    // A job's own progress poll is known from memory (platform/jobs/serve-job-progress.ts): on the
    // embedded database the job's transaction holds the one connection the look-up would wait for.
    if (token) req.principal = jobStarter(req, token) ?? (await sessions.resolve(token));
    logCaller(req, reply);
    if (access === "open") return;
    const p = req.principal;
    if (!p) throw unauthorized();
    if (access === "platform" && p.kind !== "platform") throw forbidden(homeOf(p));
    if (access === "user" && p.kind !== "user") throw forbidden(homeOf(p));
    const permission = req.routeOptions.config?.permission;
    if (permission && p.kind === "user" && !can(p.permissions, permission[0], permission[1])) throw forbidden(homeOf(p));
    if (req.routeOptions.config?.staffOnly && p.kind === "user" && p.linkedStudentsOnly) throw forbidden(homeOf(p));
    const mayCall = req.routeOptions.config?.mayCall;
    if (mayCall && p.kind === "user" && !mayCall(p)) throw forbidden(homeOf(p));
  });
}

export function homeOf(p: Principal): string {
  return p.kind === "platform" ? areaHome.platform : areaHome[p.area];
}

/** The signed-in school user of a route whose access is "user". */
export function userOf(req: FastifyRequest): UserPrincipal {
  const p = req.principal;
  if (p?.kind !== "user") throw unauthorized();
  return p;
}
