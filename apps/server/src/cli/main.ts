import { ConfigError, parseConfig } from "../config.js";
import { DataDirLockedError } from "../db/client.js";
import { AppError } from "../platform/http/errors.js";
import { backupCommands } from "./backup.command.js";
import { type Command, commandName, parseCommandArgs, Refused, UsageError } from "./command.js";
import { layoutCommands } from "./layout.command.js";
import { outboxCommands } from "./outbox.command.js";
import { platformAdminCommands } from "./platform-admin.command.js";
import { seedCommands } from "./seed.command.js";
import { tenantCommands } from "./tenant.command.js";
import { uploadCommands } from "./uploads.command.js";
import { userCommands } from "./user.command.js";

const commands: Command[] = [
  ...tenantCommands,
  ...userCommands,
  ...platformAdminCommands,
  ...seedCommands,
  ...outboxCommands,
  ...backupCommands,
  ...uploadCommands,
  ...layoutCommands,
];

const HELP_FLAGS = new Set(["--help", "-h", "help"]);

function usageOf(c: Command) {
  return `npm run cli -- ${commandName(c)}${c.usage ? ` ${c.usage}` : ""}`;
}

function help(list: Command[] = commands) {
  return [
    "Taleem command line: npm run cli -- <command> [options]",
    "",
    "It opens the database the server uses: PostgreSQL when DATABASE_URL is set, otherwise the",
    "embedded one in DATA_DIR (default apps/server/data), which only one process may hold at a",
    "time: stop the server first.",
    "",
    "Commands:",
    ...list.flatMap((c) => [`  ${commandName(c)}${c.usage ? ` ${c.usage}` : ""}`, `      ${c.summary}`]),
    "",
    "Add --help after a command for examples. Exit status: 0 done, 2 bad arguments or refused, 1 failure.",
  ].join("\n");
}

function commandHelp(c: Command) {
  return [`Usage: ${usageOf(c)}`, "", c.summary, ...(c.examples?.length ? ["", "Examples:", ...c.examples.map((e) => `  ${e}`)] : [])].join("\n");
}

/** The command whose words the arguments start with. */
const findCommand = (argv: string[]) => commands.find((c) => c.words.every((w, i) => argv[i] === w));

export async function runCli(argv: string[], print: (text: string) => void = (t) => process.stdout.write(`${t}\n`)): Promise<number> {
  const fail = (message: string, code: number) => {
    process.stderr.write(`${message}\n`);
    return code;
  };
  if (argv.length === 1 && HELP_FLAGS.has(argv[0]!)) {
    print(help());
    return 0;
  }
  if (!argv.length) return fail(help(), 2);
  const command = findCommand(argv);
  if (!command) {
    const group = commands.filter((c) => c.words[0] === argv[0]);
    if (group.length && (argv.length === 1 || HELP_FLAGS.has(argv[1]!))) {
      const text = help(group);
      if (argv.length > 1) {
        print(text);
        return 0;
      }
      return fail(text, 2);
    }
    return fail(`Unknown command: ${argv.slice(0, 2).join(" ")}. Run npm run cli -- --help to list the commands.`, 2);
  }
  const rest = argv.slice(command.words.length);
  if (rest.some((a) => a === "--help" || a === "-h")) {
    print(commandHelp(command));
    return 0;
  }
  try {
    const args = parseCommandArgs(command, rest);
    await command.run(args, { config: parseConfig(), print });
    return 0;
  } catch (e) {
    if (e instanceof UsageError) return fail(`${e.message}\nUsage: ${usageOf(command)}`, 2);
    if (e instanceof Refused || e instanceof ConfigError || e instanceof DataDirLockedError) return fail(e.message, 2);
    if (e instanceof AppError && e.status < 500) return fail(e.message, 2);
    return fail(`Failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`, 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
