import type { IncomingMessage } from "node:http";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { SESSION_ROUTES } from "@taleem/contract";
import { and, gt, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import type { Db } from "../../db/db-types.js";
import type { UserPrincipal } from "../auth/principal.js";
import { SESSION_COOKIE, type SessionService } from "../auth/session.service.js";
import { sessions } from "../auth/sessions.table.js";

export interface Realtime {
  /** Emits to every open socket of these people in this school, on every server process. */
  toUsers(tenantId: number, userIds: number[], event: string, payload: unknown): void;
  /** Emits to every open socket of a school. */
  toSchool(tenantId: number, event: string, payload: unknown): void;
  /**
   * Answers an event a socket sends. The handler gets the socket's signed-in person (checked in
   * the handshake, dropped when the session ends); what it returns (or throws, as `{ error }`)
   * goes back through the client's acknowledgement when it asked for one.
   */
  handle(event: string, handler: SocketHandler): void;
}

export type SocketHandler = (who: UserPrincipal, payload: unknown, socket: Socket) => Promise<unknown> | unknown;

export interface RealtimeOptions {
  /** The origins of pages that may open a socket, besides the server's own (see `originAllowed`). */
  origins: readonly string[];
  redisUrl?: string;
  redisPrefix: string;
  idleMinutes: number;
  /** How often open sockets' sessions are checked again (sign-out, deactivation, idle expiry). */
  sessionCheckMs?: number;
}

/** Room names carry the tenant id, so nothing addressed to one school can reach another's sockets. */
export const schoolRoom = (tenantId: number) => `t${tenantId}`;
export const userRoom = (tenantId: number, userId: number) => `t${tenantId}:u${userId}`;
const sessionRoom = (sessionId: number) => `s${sessionId}`;
const EVENT_WINDOW_MS = 10_000;
const EVENTS_PER_WINDOW = 30;

/**
 * The origins a page may open a socket from besides the server's own: where people open the app
 * (PUBLIC_URL) and, outside production, Vite's dev server.
 */
export function socketOrigins(config: { PUBLIC_URL?: string; production: boolean }): string[] {
  const dev = config.production ? [] : ["http://localhost:5173", "http://127.0.0.1:5173"];
  return [new URL(config.PUBLIC_URL ?? "http://localhost:3001").origin, ...dev];
}

/**
 * A socket's handshake is taken from a page of the app only: a browser names the page's origin,
 * which must be one of `origins` or the address the request was sent to (the page came from this
 * server, as Rails' Action Cable allows by default), so another site's page cannot open a socket
 * in a visitor's name. A client that names no origin (a native wrapper, a same-origin poll) is no
 * browser page of another site, and still needs a session.
 */
export function originAllowed(req: IncomingMessage, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (origins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Reads the session token a browser (cookie) or a native wrapper (`auth.token`, x-access-token) sends. */
function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === "string" && auth.token) return auth.token;
  const header = socket.handshake.headers["x-access-token"];
  if (typeof header === "string" && header) return header;
  const cookies = socket.handshake.headers.cookie ?? "";
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
  }
  return undefined;
}

/**
 * socket.io on the app's HTTP server at /socket.io. With Redis, the streams adapter carries
 * every emit to the sockets of every server process and keeps the missed packets a reconnecting
 * client recovers; without it, one process with the in-memory adapter.
 */
export class RealtimeServer implements Realtime {
  readonly io: Server;
  private readonly redis?: Redis;
  private readonly handlers = new Map<string, SocketHandler>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    app: FastifyInstance,
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeOptions,
  ) {
    this.redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: null }) : undefined;
    this.io = new Server(app.server, {
      path: "/socket.io",
      serveClient: false,
      // No CORS: the web app is served from this origin and native wrappers send a token. The
      // session cookie is SameSite=strict, and the handshake's origin is checked besides.
      allowRequest: (req, answer) => {
        const allowed = originAllowed(req, options.origins);
        answer(allowed ? null : "This page's origin may not open a socket here", allowed);
      },
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
      adapter: this.redis
        ? createAdapter(this.redis, {
            streamName: `${options.redisPrefix}socket.io`,
            channelPrefix: `${options.redisPrefix}socket.io`,
            sessionKeyPrefix: `${options.redisPrefix}sio:session:`,
            onlyPlaintext: true,
            // The reading connection notices a shut-down only between reads.
            blockTimeInMs: 1_000,
          })
        : undefined,
    });
    this.io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    this.io.on("connection", (socket) => this.connected(socket));
    // Signing out closes that session's sockets at once; other ends (revoked elsewhere,
    // deactivated, idle) are found by the periodic check below.
    app.addHook("onResponse", async (req, reply) => {
      const p = req.principal;
      if (
        p?.kind === "user" &&
        reply.statusCode === 200 &&
        req.method === SESSION_ROUTES.signOut.method &&
        req.routeOptions.url === SESSION_ROUTES.signOut.path
      ) {
        this.endSession(p.sessionId);
      }
    });
    this.timer = setInterval(
      () => void this.dropEndedSessions().catch((e) => this.log.warn(e, "realtime session check failed")),
      options.sessionCheckMs ?? 5_000,
    );
    this.timer.unref();
  }

  private async authenticate(socket: Socket) {
    const token = handshakeToken(socket);
    const who = token ? await this.sessions.resolve(token) : null;
    if (who?.kind !== "user") throw Object.assign(new Error("unauthorized"), { data: { code: "unauthorized" } });
    socket.data.who = who;
  }

  private connected(socket: Socket) {
    const who = socket.data.who as UserPrincipal;
    socket.join([schoolRoom(who.tenantId), userRoom(who.tenantId, who.userId), sessionRoom(who.sessionId)]);
    for (const [event, handler] of this.handlers) this.listen(socket, event, handler);
  }

  private listen(socket: Socket, event: string, handler: SocketHandler) {
    socket.on(event, async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === "function" ? (ack as (r: unknown) => void) : undefined;
      if (!this.allow(socket)) {
        reply?.({ error: { status: 429, code: "rate_limited", message: "Too many events; slow down." } });
        return;
      }
      try {
        const result = await handler(socket.data.who as UserPrincipal, payload, socket);
        reply?.(result ?? { ok: true });
      } catch (error) {
        // AppError carries `status`; anything else is a fault of ours, logged and not described.
        const e = error as { status?: number; code?: string; message?: string };
        const known = typeof e.status === "number" && e.status < 500;
        if (!known) this.log.error(error, `socket event ${event} failed`);
        reply?.({ error: known ? { status: e.status, code: e.code, message: e.message } : { status: 500, code: "internal", message: "Something went wrong" } });
      }
    });
  }

  /**
   * Each event a socket sends costs a database transaction: a socket gets EVENTS_PER_WINDOW per
   * window (typing is sent at most every 2.5 s, receipts once per message read), the rest refused.
   */
  private allow(socket: Socket): boolean {
    const now = Date.now();
    const spent = (socket.data.spent ?? { since: now, n: 0 }) as { since: number; n: number };
    if (now - spent.since > EVENT_WINDOW_MS) Object.assign(spent, { since: now, n: 0 });
    socket.data.spent = spent;
    return ++spent.n <= EVENTS_PER_WINDOW;
  }

  /** Disconnects the sockets of sessions that were signed out, revoked, expired or idle too long, on this process. */
  private async dropEndedSessions() {
    const local = await this.io.local.fetchSockets();
    if (!local.length) return;
    const ids = [...new Set(local.map((s) => (s.data.who as UserPrincipal).sessionId))];
    const idleSince = new Date(Date.now() - this.options.idleMinutes * 60_000);
    const alive = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleSince)));
    const keep = new Set(alive.map((r) => r.id));
    for (const id of ids) if (!keep.has(id)) this.endSession(id);
  }

  /** Closes every socket of a session, on every process. */
  endSession(sessionId: number) {
    this.io.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  handle(event: string, handler: SocketHandler) {
    this.handlers.set(event, handler);
  }

  toUsers(tenantId: number, userIds: number[], event: string, payload: unknown) {
    if (!userIds.length) return;
    this.io.to(userIds.map((id) => userRoom(tenantId, id))).emit(event, payload);
  }

  toSchool(tenantId: number, event: string, payload: unknown) {
    this.io.to(schoolRoom(tenantId)).emit(event, payload);
  }

  /** Shuts the engine and the adapter only: Fastify closes the HTTP server itself. */
  async close() {
    clearInterval(this.timer);
    this.io.disconnectSockets(true);
    this.io.engine.close();
    await this.io.of("/").adapter.close();
    this.redis?.disconnect();
  }
}
