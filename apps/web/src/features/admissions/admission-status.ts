import { AdmissionStatus } from "@taleem/contract";

export const ADMISSION_STATUSES: readonly AdmissionStatus[] = AdmissionStatus.options;

/** One colour per step, the same on the list and the application. */
export const ADMISSION_STATUS_COLOR: Record<AdmissionStatus, string> = { pending: "yellow", approved: "teal", rejected: "red", enrolled: "blue" };
