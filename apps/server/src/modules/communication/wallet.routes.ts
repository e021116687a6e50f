import { creditMessagingWallet, messagingWallet } from "@taleem/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { serveAction } from "../../platform/actions/serve-action.js";
import { notFound } from "../../platform/http/errors.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { tenants } from "../../platform/tenancy/tenants.table.js";
import { creditWallet, ledgerPage, presentWallet, tariffList, wallets } from "./wallet.service.js";

/** The messaging wallet: the school reads its balances and ledger; only the platform credits it (recharges come with fees). */
export function registerWallet(app: FastifyInstance) {
  serveAction(app, messagingWallet, async (ctx, { query }) => {
    const tenant = await tenantOf(ctx.scope);
    const [balances, tariffs, page] = [
      await wallets(ctx.scope),
      await tariffList(ctx.scope, tenant.currency),
      await ledgerPage(ctx.scope, query.channel, query.page, query.limit),
    ];
    return { message: "Messaging wallet", wallets: balances, tariffs, ...page };
  });

  serveAction(app, creditMessagingWallet, async (ctx, { body }) => {
    const [tenant] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, body.tenantId));
    if (!tenant) throw notFound("School");
    const { wallet, repeated } = await new TenantScope(ctx.db, tenant.id).transaction((scope) =>
      creditWallet(scope, body.channel, body.amount, body.note, body.reference),
    );
    return { message: repeated ? "This reference was credited before; nothing changed" : "Wallet credited", wallet: presentWallet(wallet), repeated };
  });
}
