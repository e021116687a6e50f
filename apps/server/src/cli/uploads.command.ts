import { SWEEP_GRACE_MS, sweepUploads } from "../platform/files/upload-sweep.js";
import { UploadStore } from "../platform/files/uploads.js";
import type { Command } from "./command.js";
import { withDatabase } from "./database.js";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const uploadCommands: Command[] = [
  {
    words: ["uploads", "sweep"],
    usage: "[--dry-run]",
    summary: `Remove uploaded files that no record refers to any more, and files under DATA_DIR/uploads without a row; only what is older than ${SWEEP_GRACE_MS / 3_600_000} hours`,
    options: { "dry-run": { type: "boolean" } },
    examples: ["npm run cli -- uploads sweep --dry-run", "npm run cli -- uploads sweep"],
    async run({ values }, { config, print }) {
      const dryRun = values["dry-run"] === true;
      const store = new UploadStore(config.dataDir);
      const report = await withDatabase(config, (db) => sweepUploads(db, store, { dryRun }));
      const verb = dryRun ? "Would remove" : "Removed";
      const bytes = report.unreferenced.reduce((n, u) => n + u.size, 0) + report.orphans.reduce((n, f) => n + f.size, 0);
      const lines = [
        `${verb} ${plural(report.unreferenced.length, "upload")} that no record refers to and ${plural(report.orphans.length, "file")} without an upload row (${megabytes(bytes)}) in ${store.root}.`,
      ];
      if (dryRun) {
        lines.push(...report.unreferenced.map((u) => `  upload ${u.tenantId}/${u.name}`), ...report.orphans.map((f) => `  file   ${f.tenantId}/${f.name}`));
      }
      if (report.failed.length) lines.push(`Could not remove ${plural(report.failed.length, "file")}: ${report.failed.join(", ")}`);
      if (report.other.length)
        lines.push(`Left alone ${plural(report.other.length, "entry", "entries")} that are not uploads: ${report.other.slice(0, 10).join(", ")}`);
      print(lines.join("\n"));
    },
  },
];
