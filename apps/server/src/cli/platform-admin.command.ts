import { createPlatformAdmin } from "../platform/auth/platform-admins.js";
import { type Command, json, required } from "./command.js";
import { withDatabase } from "./database.js";

export const platformAdminCommands: Command[] = [
  {
    words: ["platform-admin", "create"],
    usage: "--email EMAIL --name NAME --password PASSWORD",
    summary: "Create a platform admin (runs the service, belongs to no school, signs in at /platform/sign-in)",
    options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
    examples: ['npm run cli -- platform-admin create --email ops@example.org --name "Operations" --password "Tall-Cedar-Lamp-9"'],
    async run({ values }, { config, print }) {
      const input = { email: required(values, "email"), name: required(values, "name"), password: required(values, "password") };
      const admin = await withDatabase(config, (db) => createPlatformAdmin(db, input));
      print(json(admin));
    },
  },
];
