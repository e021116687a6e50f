import { numberingSystemOf } from "@taleem/contract";
import { settings } from "./settings.table.js";
import type { TenantScope } from "./tenant-scope.js";

/**
 * The digits the scope's school writes each language in (Intl's numbering system, "latn" unless
 * it chose the language's own in its settings): what a document or a message writes figures in.
 */
export async function schoolDigitsBy(scope: TenantScope): Promise<(language: string) => string> {
  const [row] = await scope.db.select({ config: settings.config }).from(settings).where(scope.where(settings)).limit(1);
  return (language) => numberingSystemOf(row?.config, language);
}

/** The digits the scope's school writes `language` in. */
export async function schoolDigits(scope: TenantScope, language: string): Promise<string> {
  return (await schoolDigitsBy(scope))(language);
}
