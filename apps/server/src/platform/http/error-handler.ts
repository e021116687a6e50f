import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { meaningOfUnique } from "../tenancy/unique-constraints.js";
import { AppError } from "./errors.js";

export const SOMETHING_WENT_WRONG = "Something went wrong, please try again later.";

/** The one error handler: AppError as it is, validation as a 400 naming the fields, 5xx without internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.extra?.retryAfter) reply.header("retry-after", String(error.extra.retryAfter));
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.params ? { params: error.params } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return { field: path || (v.params as { issue?: { path?: string[] } })?.issue?.path?.join(".") || "", message: v.message ?? "is invalid" };
      });
      const fields = [...new Set(issues.map((i) => i.field).filter(Boolean))];
      const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join("; ");
      return reply.status(400).send({ message: `Invalid input. ${message}`, code: "validation", params: { fields, issues } });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, route: req.routeOptions.url }, "response did not match its schema");
      return reply.status(500).send({ message: SOMETHING_WENT_WRONG, code: "internal" });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? "too_large" : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? "media_type" : "bad_request";
      return reply.status(status).send({ message: error.message, code });
    }
    // Database constraint violations are the client's fault, named without internals.
    const pg = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    const pgCode = pg.code ?? (error as { code?: string }).code;
    if (pgCode === "23505") {
      const meaning = meaningOfUnique(pg.constraint);
      if (meaning) return reply.status(409).send({ message: meaning.message, code: meaning.code, params: { field: meaning.field } });
      return reply.status(409).send({ message: "This record already exists.", code: "duplicate" });
    }
    if (pgCode === "23503") return reply.status(409).send({ message: "This record is linked to other records.", code: "in_use" });
    // Out-of-range numbers and unparsable values that slipped past a schema are still the caller's.
    if (pgCode === "22003" || pgCode === "22P02" || pgCode === "22007" || pgCode === "22008")
      return reply.status(400).send({ message: "A value is out of range or not in the expected form.", code: "bad_value" });
    req.log.error({ err: redacted(error), route: req.routeOptions.url }, "unexpected error");
    return reply.status(500).send({ message: SOMETHING_WENT_WRONG, code: "internal" });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: `No such route: ${req.method}`, code: "route_not_found" });
  });
}

/**
 * The error as the log may keep it: a failed query's message and stack name its SQL parameters
 * (a record's public token, a person's mobile number), so they are cut off.
 */
export function redacted(error: Error & { cause?: unknown }) {
  const strip = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, "\nparams: [redacted]");
  const cause = error.cause as { code?: string; constraint?: string; message?: string } | undefined;
  return {
    type: error.name,
    message: strip(error.message),
    stack: strip(error.stack),
    ...(cause ? { cause: { code: cause.code, constraint: cause.constraint, message: strip(cause.message) } } : {}),
  };
}
