import { buildApp } from "../app.js";
import { demoCredentials, seedDemo } from "../db/seed-demo.js";
import type { Command } from "./command.js";
import { withDatabase } from "./database.js";

export const seedCommands: Command[] = [
  {
    words: ["seed", "demo"],
    usage: "",
    summary:
      "Add the demo school (code DEMO: an admin, a teacher, a parent, a muawin, and a year of classrooms, students, timetable and admissions), unless it exists; prints the sign-in details",
    options: {},
    examples: ["npm run cli -- seed demo"],
    async run(_args, { config, print }) {
      // The demo is built through the HTTP API, so the app is built (never listening) to answer it.
      const created = await withDatabase(config, async (_db, database) => {
        const app = await buildApp({ config, database, logger: false });
        try {
          return await seedDemo(app);
        } finally {
          await app.close();
        }
      });
      print(`${created ? "Seeded the demo school." : "The demo school exists already."}\n${demoCredentials()}`);
    },
  },
];
