import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import { MODULE_MANIFESTS } from "./modules/index.js";
import { ActivityRecorder } from "./platform/audit/activity-recorder.js";
import { installAuth } from "./platform/auth/auth.plugin.js";
import { OtpService } from "./platform/auth/otp.service.js";
import { SessionService } from "./platform/auth/session.service.js";
import { registerUploadRoutes } from "./platform/files/uploads.routes.js";
import { installApiDocs } from "./platform/http/api-docs.js";
import { installReplyCompression } from "./platform/http/compress-replies.js";
import { installDrain } from "./platform/http/drain.js";
import { installErrorHandler } from "./platform/http/error-handler.js";
import { installRequestLog, type LogStream, loggerOptions } from "./platform/http/request-log.js";
import { installRequestRules } from "./platform/http/request-rules.js";
import { installSecurityHeaders } from "./platform/http/security-headers.js";
import { serveWebApp } from "./platform/http/web-app.js";
import { Messenger, smsRegistration } from "./platform/messaging/messenger.js";
import { giveNewGrants } from "./platform/modules/give-grants.js";
import { paymentProviderFor } from "./platform/payments/payment-provider.js";
import { RealtimeServer, socketOrigins } from "./platform/realtime/realtime.js";
import { type AttemptStore, MemoryAttemptStore, RedisAttemptStore } from "./platform/security/attempt-limiter.js";
import type { Services } from "./platform/services.js";
import { tablesWithoutFamilyLink } from "./platform/tenancy/family-scope.js";

export interface AppDeps {
  config: Config;
  database: Database;
  /** false in tests; a stream to read the log from (a test of the log); standard output otherwise. */
  logger?: boolean | LogStream;
}

/** Platform plugins in a fixed order, then every module (modules/index.ts). */
export async function buildApp({ config, database, logger = true }: AppDeps): Promise<FastifyInstance & { services: Services }> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.LOG_LEVEL, logger === true ? undefined : logger),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  // The spec's client sends a JSON content type on every call, bodiless ones included.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (!text.trim()) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error("The request body is not valid JSON."), { statusCode: 400 }), undefined);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const attempts: AttemptStore = redis ? new RedisAttemptStore(redis, `${config.REDIS_PREFIX}attempts:`) : new MemoryAttemptStore();
  const messenger = new Messenger(
    database.db,
    {
      smtpUrl: config.SMTP_URL,
      smtpFrom: config.SMTP_FROM,
      smsGatewayUrl: config.SMS_GATEWAY_URL,
      smsGatewayToken: config.SMS_GATEWAY_TOKEN,
      ...smsRegistration(config),
      whatsappApiUrl: config.WHATSAPP_API_URL,
      whatsappToken: config.WHATSAPP_TOKEN,
      whatsappPhoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    },
    app.log,
  );
  const sessionService = new SessionService(database.db, {
    secretKey: config.secretKey,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    maxDays: config.SESSION_MAX_DAYS,
  });
  const realtime = new RealtimeServer(app, database.db, sessionService, app.log, {
    origins: socketOrigins(config),
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    idleMinutes: config.SESSION_IDLE_MINUTES,
  });
  const services: Services = {
    config,
    database,
    db: database.db,
    log: app.log,
    sessions: sessionService,
    messenger,
    otp: new OtpService(database.db, messenger, app.log, {
      secretKey: config.secretKey,
      maxSends: config.OTP_MAX_SENDS,
      sendWindowSeconds: config.OTP_SEND_WINDOW_SECONDS,
      logCodes: !config.production,
    }),
    attempts,
    activity: new ActivityRecorder(database.db, app.log),
    realtime,
    payments: paymentProviderFor(config),
  };
  app.decorate("services", services);

  await app.register(cookie);
  if (config.apiDocs) await installApiDocs(app);

  installRequestLog(app);
  installErrorHandler(app);
  installDrain(app);
  installSecurityHeaders(app, config.production, config.PAYMENT_PROVIDER === "razorpay");
  installReplyCompression(app);
  installRequestRules(app);
  installAuth(app, services.sessions);
  services.activity.install(app);

  registerUploadRoutes(app, services);
  for (const module of MODULE_MANIFESTS) module.register(app, services);
  // Every table says how its rows reach a family (platform/tenancy/family-scope.ts): a table
  // without the declaration would be read whole by a parent's role, so the server does not start.
  const undeclared = tablesWithoutFamilyLink();
  if (undeclared.length) throw new Error(`These tables declare no family link (declareFamilyLink beside the table): ${undeclared.join(", ")}`);

  // A right a module gives built-in roles by default reaches the schools made before it now,
  // before the first request, and only once: what a school took away stays away.
  const given = await giveNewGrants(database.db, MODULE_MANIFESTS);
  if (given.schools) app.log.info(given, "gave built-in roles the default rights of new modules");

  await serveWebApp(app, config);

  app.addHook("onClose", async () => {
    await services.activity.flush();
    services.messenger.close();
    await realtime.close();
    redis?.disconnect();
  });
  return app as FastifyInstance & { services: Services };
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}
