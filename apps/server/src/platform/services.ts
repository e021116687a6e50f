import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Database, Db } from "../db/db-types.js";
import type { ActivityRecorder } from "./audit/activity-recorder.js";
import type { OtpService } from "./auth/otp.service.js";
import type { SessionService } from "./auth/session.service.js";
import type { Messenger } from "./messaging/messenger.js";
import type { PaymentProvider } from "./payments/payment-provider.js";
import type { Realtime } from "./realtime/realtime.js";
import type { AttemptStore } from "./security/attempt-limiter.js";

/** What every module is handed: the platform's machinery, built once in buildApp. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  sessions: SessionService;
  otp: OtpService;
  messenger: Messenger;
  attempts: AttemptStore;
  activity: ActivityRecorder;
  realtime: Realtime;
  /** Online payments: offline, Razorpay or the sandbox, as configured. */
  payments: PaymentProvider;
}
