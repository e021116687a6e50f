import type { AnyAction } from "../action.js";
import type { admissionPublicForm, applyForAdmission } from "./admission-calls.js";
import type { publicRecordForm, submitPublicRecord } from "./custom-record.js";

// The public forms' calls without their schemas (as session-calls.ts for the sign-in pages): the
// public pages import these, and their JavaScript budget has no room for zod, so this module
// imports nothing at run time. The declarations (admission-calls.ts, custom-record.ts) take their
// paths from here.

/** The paths of the public forms' calls. */
export const PUBLIC_FORM_PATHS = {
  admissionForm: "/admin/open/admission/:code/form",
  apply: "/admin/open/admission/:code",
  recordForm: "/admin/open/field/record/:record/:code",
  recordSubmit: "/admin/open/field/record/:record/:code",
} as const;

/** A declared call by its method and path alone, typed as the declaration (what `callAction` reads). */
const call = <A extends AnyAction>(method: A["method"], path: string) => ({ method, path, refreshes: [] }) as unknown as A;

/** The public calls for the public pages: `callAction(openAdmissionForm, { params: { code } })`. */
export const openAdmissionForm = call<typeof admissionPublicForm>("GET", PUBLIC_FORM_PATHS.admissionForm);
export const openApply = call<typeof applyForAdmission>("POST", PUBLIC_FORM_PATHS.apply);
export const openRecordForm = call<typeof publicRecordForm>("GET", PUBLIC_FORM_PATHS.recordForm);
export const openRecordSubmit = call<typeof submitPublicRecord>("POST", PUBLIC_FORM_PATHS.recordSubmit);
