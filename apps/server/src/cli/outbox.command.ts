import { desc, eq } from "drizzle-orm";
import { outbox } from "../platform/messaging/outbox.table.js";
import { tenants } from "../platform/tenancy/tenants.table.js";
import { type Command, integer } from "./command.js";
import { withDatabase } from "./database.js";

export const outboxCommands: Command[] = [
  {
    words: ["outbox"],
    usage: "[--limit N]",
    summary: "Show the latest messages that had no SMTP or SMS gateway to go through, whole (codes and links included), oldest first",
    options: { limit: { type: "string" } },
    examples: ["npm run cli -- outbox --limit 5"],
    async run({ values }, { config, print }) {
      const limit = integer(values, "limit", 20);
      const rows = await withDatabase(config, (db) =>
        db
          .select({ message: outbox, school: tenants.code })
          .from(outbox)
          .leftJoin(tenants, eq(tenants.id, outbox.tenantId))
          .orderBy(desc(outbox.id))
          .limit(limit),
      );
      if (!rows.length) {
        print("The outbox is empty.");
        return;
      }
      const blocks = rows
        .reverse()
        .map(({ message: m, school }) =>
          [
            `${m.createdAt.toISOString()}  ${m.channel}  to ${m.recipient}${school ? `  (school ${school})` : ""}`,
            ...(m.subject ? [`Subject: ${m.subject}`] : []),
            m.body,
          ].join("\n"),
        );
      print(blocks.join(`\n${"-".repeat(60)}\n`));
    },
  },
];
