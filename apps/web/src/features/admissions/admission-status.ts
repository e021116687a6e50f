import type { AdmissionStatus } from "@taleem/contract";

export const ADMISSION_STATUSES: readonly AdmissionStatus[] = ["pending", "approved", "rejected", "enrolled"];

/** One colour per step, the same on the list and the application. */
export const ADMISSION_STATUS_COLOR: Record<AdmissionStatus, string> = { pending: "yellow", approved: "teal", rejected: "red", enrolled: "blue" };
