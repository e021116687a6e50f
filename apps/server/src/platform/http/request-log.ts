import type { FastifyInstance, FastifyLoggerOptions, FastifyReply, FastifyRequest } from "fastify";
import { redacted } from "./error-handler.js";

/** Where the log's lines go instead of standard output (a test reading them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The server's JSON log, as whoever reads it after an incident needs it: every line of a request
 * carries its id (`reqId`) and the client's address (`ip`, which a proxy may tell only as
 * TRUST_PROXY allows), and once the session is read the school (`tenantId`, `tenant`, its code)
 * and the person (`userId`, or `platformAdminId`). A request is named by its method and its
 * route's pattern, never its URL: a query may carry a mobile number or a name, a link a token.
 * No header, cookie or body is logged, and an error's failed-query parameters are cut.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyLoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // The line Fastify writes as a request arrives, before any hook: its address is said here.
      req: (req) => ({ ...requestLine(req as unknown as FastifyRequest), ip: (req as unknown as FastifyRequest).ip }),
      res: (reply) => ({ statusCode: reply.statusCode, ...requestLine((reply as unknown as FastifyReply).request) }),
      err: (err) => {
        const cut = redacted(err);
        return { ...cut, message: cut.message ?? "", stack: cut.stack ?? "" };
      },
    },
  };
}

const requestLine = (req: FastifyRequest | undefined) => ({ method: req?.method, route: req?.routeOptions?.url ?? "(unmatched)" });

/** Gives every later line of the request the client's address; the first hook, so even a refused request has it. */
export function installRequestLog(app: FastifyInstance) {
  app.addHook("onRequest", async (req, reply) => {
    rebind(req, reply, { ip: req.ip });
  });
}

/** Gives every later line of the request the caller, by ids only: called once the session is read. */
export function logCaller(req: FastifyRequest, reply: FastifyReply) {
  const p = req.principal;
  if (p?.kind === "user") rebind(req, reply, { tenantId: p.tenantId, tenant: p.tenantCode, userId: p.userId });
  else if (p?.kind === "platform") rebind(req, reply, { platformAdminId: p.adminId });
}

function rebind(req: FastifyRequest, reply: FastifyReply, bindings: Record<string, unknown>) {
  const log = req.log.child(bindings);
  // Fastify writes the completion line with the reply's logger, so both change.
  req.log = log;
  reply.log = log;
}
