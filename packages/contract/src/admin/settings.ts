import { z } from "zod";
import { BusinessCode } from "../account-values.js";
import { defineAction } from "../action.js";
import { ADMISSION_LIMIT_SETTINGS } from "../admissions/common.js";
import { ConfirmMultiple, FEE_COLLECTION_SETTINGS, ReceiptCap } from "../fees/collection-limits.js";
import * as field from "../fields.js";
import { MessageReply } from "../resource.js";
import { SESSION_ROUTES } from "../session-calls.js";
import { Language } from "../values.js";
import { DIGITS_SETTING, isDigitsSetting } from "./digits.js";

/**
 * The config keys a stranger may read through GET /admin/open/setting/{code} (the sign-in and
 * admission pages show them). Every other key stays behind sign-in.
 */
export const PUBLIC_CONFIG_KEYS = [
  "primaryColor",
  "tagline",
  "website",
  "admissionsOpen",
  "academicYear",
  "workingDays",
  "hifzGrades",
  DIGITS_SETTING,
] as const;
export type PublicConfigKey = (typeof PUBLIC_CONFIG_KEYS)[number];

/** The largest settings config, serialised, a school may store. */
export const SETTINGS_CONFIG_MAX_BYTES = 64 * 1024;

/** The days a school is open, as ISO weekdays (1 Monday ... 7 Sunday), each once (see working-days.ts). */
export const WorkingDays = z
  .array(z.number().int().min(1).max(7))
  .min(1, "Choose at least one working day")
  .max(7)
  .refine((days) => new Set(days).size === days.length, "A day is given twice");

/**
 * The school's words for the five memorisation grades, weakest first (its own words, letters or
 * stars: "Needs work" ... "Excellent", "D" ... "A+", "★" ... "★★★★★"); without them, the app's.
 */
export const HifzGrades = z.array(z.string().trim().min(1, "Give each grade a word").max(24)).length(5, "Give the five grades, weakest first");

/** A config key left out or cleared (null), or one that `schema` takes. */
const unsetOr = (value: unknown, schema: z.ZodType) => value === undefined || value === null || schema.safeParse(value).success;

export const SettingsConfig = z
  .record(z.string().min(1).max(64), z.unknown())
  .refine((c) => JSON.stringify(c).length <= SETTINGS_CONFIG_MAX_BYTES, `Settings may hold at most ${SETTINGS_CONFIG_MAX_BYTES / 1024} kB`)
  .refine((c) => c.workingDays === undefined || c.workingDays === null || WorkingDays.safeParse(c.workingDays).success, {
    message: "Give the working days as weekdays 1 (Monday) to 7 (Sunday), at least one, each once",
    path: ["workingDays"],
  })
  .refine((c) => c.hifzGrades === undefined || c.hifzGrades === null || HifzGrades.safeParse(c.hifzGrades).success, {
    message: "Give the five memorisation grades, weakest first, each in a few words",
    path: ["hifzGrades"],
  })
  .superRefine((c, ctx) => {
    for (const [key, { min, max }] of Object.entries(ADMISSION_LIMIT_SETTINGS)) {
      const v = c[key];
      if (v === undefined || v === null || (Number.isInteger(v) && (v as number) >= min && (v as number) <= max)) continue;
      ctx.addIssue({ code: "custom", message: `Give a whole number from ${min} to ${max}`, path: [key] });
    }
  })
  .refine((c) => unsetOr(c[FEE_COLLECTION_SETTINGS.confirmMultiple], ConfirmMultiple), {
    message: "Give how many times what is owed a payment may be before it is confirmed: 1 to 100",
    path: [FEE_COLLECTION_SETTINGS.confirmMultiple],
  })
  .refine((c) => unsetOr(c[FEE_COLLECTION_SETTINGS.receiptCap], ReceiptCap), {
    message: "Give the most one receipt may take, in the currency's smallest unit (paise), at least 100",
    path: [FEE_COLLECTION_SETTINGS.receiptCap],
  })
  .refine((c) => c[DIGITS_SETTING] === undefined || c[DIGITS_SETTING] === null || isDigitsSetting(c[DIGITS_SETTING]), {
    message: 'Give each language\'s digits as "latin" or "native" (ur, ar, ta, ml)',
    path: [DIGITS_SETTING],
  })
  .refine((c) => unsetOr(c[FEE_COLLECTION_SETTINGS.confirmCash], z.boolean()), {
    message: "Say true or false: whether the office confirms cash after it is taken",
    path: [FEE_COLLECTION_SETTINGS.confirmCash],
  });

/** What the school says about itself, kept on its tenant record. */
export const SchoolDetails = z.object({
  name: z.string().trim().min(1).max(200),
  /** An image uploaded to the school as a public file (anyone may read a logo). */
  logo: field.ImageUploadPath.nullable(),
  contactEmail: z.email().max(254).nullable(),
  contactPhone: z.string().trim().max(30).nullable(),
  address: z.string().trim().max(500).nullable(),
  languages: z.array(Language).min(1).max(5),
  defaultLanguage: Language,
});
export type SchoolDetails = z.infer<typeof SchoolDetails>;

export const SettingsReply = z.object({
  message: z.string(),
  config: z.record(z.string(), z.unknown()),
  profile: z.string(),
  school: z.object({
    code: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    address: z.string().nullable(),
    country: z.string(),
    languages: z.array(z.string()),
    defaultLanguage: z.string(),
  }),
});

/** PUT /admin/api/setting: config keys are merged into the stored ones (a null value clears one). */
export const SettingsUpdate = z.object({
  config: SettingsConfig.optional(),
  profile: z.string().max(10_000).optional(),
  school: SchoolDetails.partial().optional(),
});

/** GET /admin/open/setting/{code}: only what a stranger may see. */
export const PublicSettings = z.object({
  message: z.string(),
  code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  country: z.string(),
  /** ISO 4217: every amount on the school's screens is in it. */
  currency: z.string(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  config: z.record(z.string(), z.unknown()),
});

/** POST /admin/api/setting/wipe-data: the caller's own password, asked again. */
export const WipeData = z.object({ password: z.string().min(1).max(128) });

/** The reply the client checks for, word for word. */
export const WIPE_DONE_MESSAGE = "Data wiped successfully. All non-admin data has been removed.";

export const getSettings = defineAction({
  method: "GET",
  path: "/admin/api/setting",
  module: "settings",
  permission: ["settings", "view"],
  family: "scoped",
  summary: "The school's settings",
  reply: SettingsReply,
});

export const updateSettings = defineAction({
  method: "PUT",
  path: "/admin/api/setting",
  module: "settings",
  permission: ["settings", "edit"],
  summary: "Change the school's settings",
  description: "config keys are merged into the stored ones; a key set to null is removed. school changes the school's own record.",
  body: SettingsUpdate,
  reply: SettingsReply,
  // The school's settings (working days, currency, names) are under every screen.
  invalidates: "everything",
});

export const publicSettings = defineAction({
  ...SESSION_ROUTES.publicSettings,
  module: "settings",
  access: "open",
  summary: "What a stranger may see of a school: name, logo, country, languages and its public config keys",
  description: `Public config keys: ${PUBLIC_CONFIG_KEYS.join(", ")}. An unknown code is a 400 tenant.unknown.`,
  params: z.object({ code: BusinessCode }),
  reply: PublicSettings,
});

export const wipeData = defineAction({
  method: "POST",
  path: "/admin/api/setting/wipe-data",
  module: "settings",
  permission: ["settings", "wipe"],
  summary: "Wipe the school's data, keeping its settings, admins, roles, logs and number series",
  description: "Admin area only; the caller's own password is asked again. A wrong one is a 400 and nothing changes.",
  body: WipeData,
  reply: MessageReply.strict(),
  errors: [429],
  // It empties every module.
  invalidates: "everything",
});
