import type { TenantScope } from "../../platform/tenancy/tenant-scope.js";

/**
 * Moves what one module keeps about a person from the merged account to the kept one, in the
 * merge's transaction. Modules whose tables point at users register one (chat messages, say),
 * so merging never loses their rows to the delete that ends a merge.
 */
export type UserMergeStep = (scope: TenantScope, keepUserId: number, mergeUserId: number) => Promise<void>;

const steps = new Map<string, UserMergeStep>();

/** Registers (or replaces) a module's merge step under its name. */
export function onUserMerge(name: string, step: UserMergeStep) {
  steps.set(name, step);
}

export async function runUserMergeSteps(scope: TenantScope, keepUserId: number, mergeUserId: number) {
  for (const step of steps.values()) await step(scope, keepUserId, mergeUserId);
}
