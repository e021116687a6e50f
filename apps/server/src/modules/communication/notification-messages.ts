import type { Language } from "@taleem/contract";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Services } from "../../platform/services.js";
import { tenantOf } from "../../platform/tenancy/tenant-of.js";
import { TenantScope } from "../../platform/tenancy/tenant-scope.js";
import { messageLogs } from "./message-logs.table.js";
import type { StoredNotification } from "./notification-delivery.js";
import { notifyAfterCommit } from "./notifications.service.js";
import { deliverQueued } from "./template-sends.service.js";
import { holdFor, tariffsFor, walletOf } from "./wallet.service.js";

/** The approved WhatsApp template every notification goes out under: {{1}} the title, {{2}} the text. */
export const NOTIFICATION_TEMPLATE = "taleem_notification";

/** A notification to go out by SMS or WhatsApp to one person. */
export interface PaidNotice {
  row: StoredNotification;
  person: { id: number; name: string; mobile: string; language: string };
  channel: "sms" | "whatsapp";
}

/**
 * SMS and WhatsApp cost the school money and report delivery, so a notification sent on them is a
 * message like any template send: in the message log with the child it is about, priced by the
 * recipient's country, held from the channel's wallet, handed to the provider, its status moved by
 * the provider's webhooks, debited on delivery and given back on failure. One the balance cannot
 * cover is logged as failed with the reason, and nothing goes out: the person still has it in the
 * app and by push, and the school sees in the log why the SMS did not come.
 */
export async function sendPaidNotices(services: Services, tenantId: number, notices: PaidNotice[]) {
  if (!notices.length) return;
  const scope = new TenantScope(services.db, tenantId);
  const notify = notifyAfterCommit(scope);
  const queued = await scope.transaction(async (tx) => {
    const tenant = await tenantOf(tx);
    const logs = [];
    for (const n of notices) {
      const text = `${n.row.title}: ${n.row.body}`;
      const country = parsePhoneNumberFromString(n.person.mobile)?.country;
      const cost = (await tariffsFor(tx, tenant.currency, n.channel))(n.channel, country);
      const affordable = (await walletOf(tx, n.channel, true)).balance >= cost;
      const [log] = await tx.db
        .insert(messageLogs)
        .values({
          tenantId,
          channel: n.channel,
          recipient: n.person.mobile,
          recipientName: n.person.name,
          userId: n.person.id,
          studentId: n.row.studentId,
          language: n.person.language as Language,
          subject: n.row.title,
          body: text,
          note: `Notification: ${n.row.kind}`,
          ...(affordable
            ? { status: "queued" as const, cost, charge: cost ? ("held" as const) : ("none" as const) }
            : { status: "failed" as const, statusAt: new Date(), error: `The ${n.channel} balance cannot cover this message.` }),
          outgoing: {
            template: n.channel === "whatsapp" ? { name: NOTIFICATION_TEMPLATE, language: n.person.language, params: [n.row.title, n.row.body] } : null,
            dltTemplateId: null,
          },
        })
        .returning();
      if (!affordable) continue;
      await holdFor(services, { ...notify.ctx, scope: tx }, n.channel, cost, { messageLogId: log!.id, note: `Notification to ${n.person.name}` });
      logs.push(log!);
    }
    return logs;
  });
  await notify.flush();
  await deliverQueued(services, tenantId, queued);
}
