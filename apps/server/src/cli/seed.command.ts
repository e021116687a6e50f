import { demoCredentials, seedDemo } from "../db/seed-demo.js";
import type { Command } from "./command.js";
import { withDatabase } from "./database.js";

export const seedCommands: Command[] = [
  {
    words: ["seed", "demo"],
    usage: "",
    summary: "Add the demo school (code DEMO) with an admin, a teacher, a parent and a muawin, unless it exists; prints the sign-in details",
    options: {},
    examples: ["npm run cli -- seed demo"],
    async run(_args, { config, print }) {
      const created = await withDatabase(config, (db) => seedDemo(db));
      print(`${created ? "Seeded the demo school." : "The demo school exists already."}\n${demoCredentials()}`);
    },
  },
];
