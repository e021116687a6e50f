import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/db-types.js";
import { TenantScope } from "../tenancy/tenant-scope.js";
import { linkTokens } from "./codes.table.js";
import { hashSecret, newToken } from "./secrets.js";

export type LinkPurpose = (typeof linkTokens.$inferSelect)["purpose"];
export type LinkTokenRow = typeof linkTokens.$inferSelect;

/** How long a link in an e-mail works. */
export const LINK_TTL_MINUTES: Record<LinkPurpose, number> = { "reset-password": 60, "verify-email": 24 * 60 };

/**
 * Tokens sent in e-mailed links: 256 random bits, stored only as a keyed hash, single use,
 * bound to a purpose and to the person (and address) they were made for.
 */
export class LinkTokens {
  constructor(
    private readonly db: Db,
    private readonly secretKey: string,
  ) {}

  private hash(token: string) {
    return hashSecret(token, this.secretKey);
  }

  /** Makes a token; the caller puts it in a link and never stores or logs it. */
  async issue(scope: TenantScope, input: { userId: number; purpose: LinkPurpose; email: string | null }): Promise<string> {
    const token = newToken();
    await scope.insert(linkTokens, {
      userId: input.userId,
      purpose: input.purpose,
      email: input.email,
      tokenHash: this.hash(token),
      expiresAt: new Date(Date.now() + LINK_TTL_MINUTES[input.purpose] * 60_000),
    });
    return token;
  }

  /**
   * The live token row, or undefined. The token alone names its school (it is unguessable), so
   * this one look-up runs across tenants by the hash; everything after it is tenant-scoped.
   */
  async find(token: string, purpose: LinkPurpose): Promise<LinkTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(linkTokens)
      .where(and(eq(linkTokens.tokenHash, this.hash(token)), eq(linkTokens.purpose, purpose), isNull(linkTokens.usedAt), gt(linkTokens.expiresAt, new Date())))
      .limit(1);
    return row;
  }

  /** Marks a token used; false when someone used it meanwhile. Call inside the change's transaction. */
  async consume(scope: TenantScope, row: LinkTokenRow): Promise<boolean> {
    const used = await scope.db
      .update(linkTokens)
      .set({ usedAt: new Date() })
      .where(scope.where(linkTokens, eq(linkTokens.id, row.id), isNull(linkTokens.usedAt)))
      .returning({ id: linkTokens.id });
    return used.length > 0;
  }

  /** Ends a person's other live tokens of a purpose (a used reset link retires the older ones). */
  async retire(scope: TenantScope, userId: number, purpose: LinkPurpose): Promise<void> {
    await scope.db
      .update(linkTokens)
      .set({ usedAt: new Date() })
      .where(scope.where(linkTokens, eq(linkTokens.userId, userId), eq(linkTokens.purpose, purpose), isNull(linkTokens.usedAt)));
  }

  scopeOf(row: LinkTokenRow): TenantScope {
    return new TenantScope(this.db, row.tenantId);
  }
}
