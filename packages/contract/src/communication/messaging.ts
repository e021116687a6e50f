import { z } from "zod";
import { defineAction, FILE_TYPES, fileReply } from "../action.js";
import * as field from "../fields.js";
import { JobParams, JobStarted, jobProgress } from "../platform/jobs.js";
import { defineResource } from "../resource.js";
import { IdList, Instant, Language, RowId } from "../values.js";

/** The channels a school pays to send on; each has its own wallet balance. */
export const MESSAGE_CHANNELS = ["email", "sms", "whatsapp"] as const;
export const MessageChannel = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof MessageChannel>;

/**
 * Where a message is. It only moves forward (queued, sent, delivered, read); failed ends it and
 * comes only before delivery, so a late `delivered` after `read`, or twice, changes nothing.
 */
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export const MessageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof MessageStatus>;

/** What a wallet movement was: money in, money set aside for a send, spent on delivery, given back on failure. */
export const LEDGER_KINDS = ["recharge", "hold", "debit", "release"] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

/** Every message the school sent, with the provider's id and how far it got. */
export const messageLogResource = defineResource({
  path: "log",
  module: "communication",
  i18n: "messaging:log",
  fields: {
    channel: field.choice(MessageChannel).required().filter().column("status").writeOnce(),
    recipient: field.text(254).required().search().column().summary().writeOnce(),
    recipientName: field.text(200).search().column("name"),
    language: field.choice(Language).default("en").filter(),
    subject: field.text(300),
    body: field.longText(4096).required().writeOnce(),
    status: field.readOnly(MessageStatus).filter().sort().column("status"),
    statusAt: field.readOnly(Instant.nullable()).sort().column("date"),
    provider: field.readOnly(z.string()),
    providerMessageId: field.readOnly(z.string().nullable()),
    /** What the send holds or cost, in the wallet's minor unit (paise). */
    cost: field.readOnly(z.number().int()).column("number"),
    error: field.readOnly(z.string().nullable()),
    bulkSendId: field.readOnly(z.number().int().nullable()).filter(),
    /** The school's own remark (a message also sent by hand, a call made). */
    note: field.longText(500),
  },
  defaultSort: "-createdAt",
});
export type MessageLogRow = z.infer<typeof messageLogResource.row>;

/** Who a template goes to: the guardians of students (chosen, or of classrooms or courses), or chosen people. */
export const MessageAudience = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("people"), userIds: IdList(5000) }),
  z.object({ kind: z.literal("students"), studentIds: IdList(5000) }),
  z.object({ kind: z.literal("classrooms"), classroomIds: IdList(200) }),
  z.object({ kind: z.literal("courses"), courseIds: IdList(100) }),
]);
export type MessageAudience = z.infer<typeof MessageAudience>;

/** A send's idempotency key: the same key twice sends once. */
const ClientId = z.string().regex(/^[A-Za-z0-9_.:-]{8,80}$/, "8 to 80 letters, digits or _.:-");

/** POST document-template/send-message: one template to one person, in their language. */
export const sendTemplateMessage = defineAction({
  method: "POST",
  path: "/admin/api/document-template/send-message",
  module: "communication",
  permission: ["communication", "send"],
  summary: "Send a template to one person on e-mail, SMS or WhatsApp, written in the person's language (refused when the wallet cannot cover it)",
  description:
    "The template's version in the recipient's language is used (the one chosen otherwise). WhatsApp sends Meta's approved template unless the person wrote to the school in the last 24 hours and `freeText` is asked for. The same clientId again answers the first message.",
  body: z.object({
    templateId: RowId,
    userId: RowId,
    /** The child the message is about: fills studentName and the class. */
    studentId: RowId.optional(),
    channel: MessageChannel.optional(),
    freeText: z.boolean().optional(),
    clientId: ClientId,
  }),
  reply: z.object({ message: z.string(), data: messageLogResource.row }),
  errors: [404, 409],
  refreshes: ["log", "messaging-wallet"],
  // It spends from the wallet the plan page shows.
  invalidates: ["communication", "settings"],
});

/** One recipient's outcome in a bulk send. */
export const BulkRecipientResult = z.object({
  userId: RowId,
  name: z.string(),
  recipient: z.string().nullable(),
  language: z.string(),
  status: z.union([MessageStatus, z.literal("skipped")]),
  messageLogId: RowId.nullable(),
  error: z.string().nullable(),
});
export type BulkRecipientResult = z.infer<typeof BulkRecipientResult>;
export const BulkSendResult = z.object({
  bulkSendId: RowId,
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  cost: z.number().int(),
  recipients: z.array(BulkRecipientResult),
});
export type BulkSendResult = z.infer<typeof BulkSendResult>;

const BulkBody = z.object({
  templateId: RowId,
  audience: MessageAudience,
  channel: MessageChannel.optional(),
  clientId: ClientId,
});

/** POST document-template/send-bulk-message: a template to many, as a job; the same clientId again starts nothing. */
export const sendBulkTemplateMessage = defineAction({
  method: "POST",
  path: "/admin/api/document-template/send-bulk-message",
  module: "communication",
  permission: ["communication", "send"],
  summary: "Send a template to an audience as a job (progress and a result per recipient); refused before anything goes out when the wallet cannot cover it",
  body: BulkBody,
  reply: JobStarted.extend({ bulkSendId: RowId, cost: z.number().int(), repeated: z.boolean() }),
  errors: [404, 409],
  refreshes: ["log", "messaging-wallet"],
  // It spends from the wallet the plan page shows.
  invalidates: ["communication", "settings"],
});

/** What a bulk send would cost and how it reads, before it goes: recipients per language and a preview in each. */
export const previewBulkMessage = defineAction({
  method: "POST",
  path: "/admin/api/document-template/send-bulk-message/preview",
  module: "communication",
  permission: ["communication", "send"],
  summary: "Preview a bulk send: recipients by language with the message in each, the cost and the wallet's balance",
  body: BulkBody.omit({ clientId: true }),
  reply: z.object({
    message: z.string(),
    channel: MessageChannel,
    recipients: z.number().int(),
    unreachable: z.number().int(),
    cost: z.number().int(),
    balance: z.number().int(),
    currency: z.string(),
    previews: z.array(z.object({ language: z.string(), recipients: z.number().int(), subject: z.string().nullable(), body: z.string() })),
  }),
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});

export const bulkSendProgress = defineAction({
  method: "GET",
  path: "/admin/api/document-template/send-bulk-message/:job",
  module: "communication",
  permission: ["communication", "send"],
  family: "scoped",
  summary: "Progress of a bulk send: messages handed to the providers of the total, then the result per recipient",
  params: JobParams,
  reply: jobProgress(BulkSendResult),
  errors: [404],
  refreshes: ["log", "messaging-wallet"],
  // It spends from the wallet the plan page shows.
  invalidates: ["communication", "settings"],
});

/** POST log/download: the message log as a spreadsheet (downloaded_file.xlsx), with the list's filters. */
export const downloadMessageLog = defineAction({
  method: "POST",
  path: "/admin/api/log/download",
  module: "communication",
  permission: ["communication", "view"],
  family: "staff",
  summary: "The message log as a spreadsheet (downloaded_file.xlsx), filtered like the list",
  body: z.object({
    channel: MessageChannel.optional(),
    status: MessageStatus.optional(),
    bulkSendId: RowId.optional(),
    q: z.string().max(200).optional(),
  }),
  reply: fileReply(FILE_TYPES.xlsx, "downloaded_file.xlsx"),
  errors: [404],
  // It reads only: nothing cached is stale after it.
  invalidates: [],
});

/** PUT log/refresh: re-derives a message's status from the provider (or the events it sent). */
export const refreshMessageLog = defineAction({
  method: "PUT",
  path: "/admin/api/log/refresh",
  module: "communication",
  permission: ["communication", "view"],
  summary: "Re-derive a message's status: ask the provider where it can say, else replay the status events stored for it",
  body: z.object({ messageId: RowId }),
  reply: z.object({ message: z.string(), data: messageLogResource.row }),
  errors: [404],
  refreshes: ["log", "messaging-wallet"],
  // It spends from the wallet the plan page shows.
  invalidates: ["communication", "settings"],
});

export const WalletBalance = z.object({
  channel: MessageChannel,
  currency: z.string(),
  /** What the school can spend now. */
  balance: z.number().int(),
  /** Set aside for messages not yet delivered. */
  held: z.number().int(),
  lowBalance: z.boolean(),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

export const LedgerRow = z.object({
  id: RowId,
  channel: MessageChannel,
  kind: LedgerKind,
  /** The change to what the school can spend (a hold and a recharge move it; a debit spends what was held). */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  heldAfter: z.number().int(),
  messageLogId: RowId.nullable(),
  bulkSendId: RowId.nullable(),
  note: z.string().nullable(),
  createdAt: Instant,
});
export type LedgerRow = z.infer<typeof LedgerRow>;

/** The school's messaging wallets (one per channel) and a page of the ledger. */
export const messagingWallet = defineAction({
  method: "GET",
  path: "/admin/api/messaging/wallet",
  module: "communication",
  permission: ["communication", "view"],
  family: "scoped",
  summary: "The messaging wallet: balance and held amount per channel, tariffs, and the ledger newest first",
  query: z.object({
    channel: MessageChannel.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(25),
  }),
  reply: z.object({
    message: z.string(),
    wallets: z.array(WalletBalance),
    tariffs: z.array(z.object({ channel: MessageChannel, country: z.string(), category: z.string(), price: z.number().int(), currency: z.string() })),
    rows: z.array(LedgerRow),
    count: z.number().int(),
  }),
});

/** The platform credits a school's wallet (a recharge verified elsewhere, or a grant): one ledger row. */
export const creditMessagingWallet = defineAction({
  method: "POST",
  path: "/api/messaging/wallet/credit",
  module: "platform",
  access: "platform",
  summary: "Credit a school's messaging wallet for a channel (a verified recharge or a grant): one ledger row",
  body: z.object({
    tenantId: RowId,
    channel: MessageChannel,
    amount: z.number().int().min(1).max(100_000_000),
    note: z.string().trim().min(1).max(300),
    /** The payment or grant reference: crediting the same one twice credits once. */
    reference: z.string().trim().min(1).max(100),
  }),
  reply: z.object({ message: z.string(), wallet: WalletBalance, repeated: z.boolean() }),
  errors: [404],
});
