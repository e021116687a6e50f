import { ADMISSION_LIMIT_SETTINGS, type AdmissionLimitSetting } from "@taleem/contract";
import { AppError } from "../../platform/http/errors.js";
import type { AttemptStore } from "../../platform/security/attempt-limiter.js";
import { settings } from "../../platform/tenancy/settings.table.js";
import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface AdmissionSettings {
  /** Whether the school takes applications now (admissionsOpen). */
  open: boolean;
  perDay: number;
  perAddressHour: number;
}

/** The school's admission settings: whether it takes applications, and its public form's limits. */
export async function admissionSettings(scope: TenantScope): Promise<AdmissionSettings> {
  const [row] = await scope.db.select({ config: settings.config }).from(settings).where(scope.where(settings)).limit(1);
  const config = row?.config ?? {};
  const limit = (key: AdmissionLimitSetting) => {
    const v = config[key];
    return typeof v === "number" && Number.isInteger(v) && v >= ADMISSION_LIMIT_SETTINGS[key].min ? v : ADMISSION_LIMIT_SETTINGS[key].default;
  };
  return { open: config.admissionsOpen === true, perDay: limit("admissionsPerDay"), perAddressHour: limit("admissionsPerAddressHour") };
}

/** Every application sent from an address counts, a refused one and a robot's too. */
export async function limitAddress(attempts: AttemptStore, tenantId: number, ip: string, perHour: number) {
  const key = `admission-apply:${tenantId}:${ip}`;
  if ((await attempts.hit(key, HOUR)) <= perHour) return;
  const seconds = Math.max(1, await attempts.secondsLeft(key));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    429,
    "admission.too_many_from_address",
    `Too many applications were sent from this connection. Please try again in ${minutes} minutes.`,
    { minutes },
    { retryAfter: seconds },
  );
}

/**
 * Files an application within the school's limit of the day. A place is taken before filing and
 * given back when nothing was stored (a refusal, a repeat folded into its first application), so
 * the count is of stored applications and applications arriving together cannot pass it together.
 */
export async function withinSchoolDay<T extends { stored: boolean }>(
  attempts: AttemptStore,
  tenantId: number,
  perDay: number,
  file: () => Promise<T>,
): Promise<T> {
  const key = `admission-apply-day:${tenantId}`;
  if ((await attempts.hit(key, DAY)) > perDay) {
    await attempts.release(key);
    const seconds = Math.max(1, await attempts.secondsLeft(key));
    const hours = Math.ceil(seconds / HOUR);
    throw new AppError(
      429,
      "admission.too_many_today",
      `The school has received as many online applications as it takes in a day. Please try again in ${hours} hours, or contact the school.`,
      { hours },
      { retryAfter: seconds },
    );
  }
  let filed: T;
  try {
    filed = await file();
  } catch (e) {
    await attempts.release(key);
    throw e;
  }
  if (!filed.stored) await attempts.release(key);
  return filed;
}
