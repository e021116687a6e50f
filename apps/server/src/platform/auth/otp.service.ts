import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/db-types.js";
import { AppError, badRequest } from "../http/errors.js";
import type { Messenger } from "../messaging/messenger.js";
import { oneTimeCodes } from "./codes.table.js";
import { hashSecret, newCode, sameHash } from "./secrets.js";

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

export const tooManyCodes = (minutes: number) =>
  new AppError(429, "otp.too_many", `Too many codes were requested for this number. Please wait ${minutes} minutes and try again.`, { minutes });

export interface OtpPolicy {
  secretKey: string;
  maxSends: number;
  sendWindowSeconds: number;
  /** Outside production a code is written to the server log so a newcomer can sign in by code. */
  logCodes: boolean;
}

/**
 * One-time codes: six digits from a secure source, stored hashed, single use, bound to their
 * purpose, valid ten minutes, dead after five wrong tries, at most `maxSends` per number per window.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly messenger: Messenger,
    private readonly log: FastifyBaseLogger,
    private readonly policy: OtpPolicy,
  ) {}

  private hash(tenantId: number, mobile: string, purpose: string, code: string) {
    return hashSecret(`${tenantId}:${mobile}:${purpose}:${code}`, this.policy.secretKey);
  }

  /** The refusal when a number has had too many codes lately (also used for requests that send nothing). */
  tooMany(): AppError {
    return tooManyCodes(Math.ceil(this.policy.sendWindowSeconds / 60));
  }

  /**
   * Sends a code, or refuses with 429 when the number has had too many lately. With `later`,
   * the SMS leaves after the reply (see Messenger.later); the code is stored either way.
   */
  async send(tenantId: number, mobile: string, purpose: CodePurpose, text: (code: string) => string, opts: { later?: boolean } = {}): Promise<void> {
    const code = await this.issue(tenantId, mobile, purpose);
    const message = text(code);
    if (opts.later) this.messenger.later(() => this.messenger.sms(tenantId, mobile, message));
    else await this.messenger.sms(tenantId, mobile, message);
  }

  /**
   * Makes and stores a code without sending it, or refuses with 429. A request for a number with
   * no account issues one too, which nobody receives: both answers then do the same work (a count,
   * a hash, an insert) and take the same time, and the 429 comes at the same count.
   */
  async issue(tenantId: number, mobile: string, purpose: CodePurpose): Promise<string> {
    const since = new Date(Date.now() - this.policy.sendWindowSeconds * 1000);
    const [sent] = await this.db
      .select({ n: count() })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.tenantId, tenantId), eq(oneTimeCodes.mobile, mobile), gt(oneTimeCodes.createdAt, since)));
    if ((sent?.n ?? 0) >= this.policy.maxSends) throw this.tooMany();
    const code = newCode();
    await this.db.insert(oneTimeCodes).values({
      tenantId,
      mobile,
      purpose,
      codeHash: this.hash(tenantId, mobile, purpose, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    });
    if (this.policy.logCodes) this.log.warn(`one-time code for ${mobile} (${purpose}): ${code} [shown only outside production]`);
    return code;
  }

  /** Consumes the newest live code for this number and purpose; a wrong one counts a try. */
  async verify(tenantId: number, mobile: string, purpose: CodePurpose, code: string): Promise<void> {
    const wrong = () => badRequest("otp.invalid", "The code is wrong or has expired.", { field: "otp" });
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.tenantId, tenantId),
          eq(oneTimeCodes.mobile, mobile),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1);
    if (!row || row.attempts >= CODE_MAX_TRIES) throw wrong();
    const match = sameHash(row.codeHash, this.hash(tenantId, mobile, purpose, code.trim()));
    if (!match) {
      // Counted in SQL so that concurrent wrong tries each count.
      await this.db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.tenantId, tenantId), eq(oneTimeCodes.id, row.id)));
      throw wrong();
    }
    // Single use: the update only wins if nobody used it meanwhile.
    const used = await this.db
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeCodes.tenantId, tenantId), eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    if (!used.length) throw wrong();
  }
}
