import { resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import type { Config } from "../config.js";

/** Bad arguments: the CLI prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {}

/** A request the CLI will not carry out as asked (a file exists, no such school): message, exit 2. */
export class Refused extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | undefined>;

export interface CliContext {
  config: Config;
  /** Where results go (stdout); notes and warnings go to stderr. */
  print: (text: string) => void;
}

export interface Command {
  /** The words that name it: ["tenant", "create"]. */
  words: string[];
  /** Its arguments, as the help shows them. */
  usage: string;
  summary: string;
  options: Options;
  /** How many positional arguments it takes (FILE). */
  positionals?: string[];
  examples?: string[];
  run(args: { values: Values; positionals: string[] }, ctx: CliContext): Promise<void>;
}

export const commandName = (c: Command) => c.words.join(" ");

/** Parses a command's own arguments strictly: an unknown option or a missing value is a UsageError. */
export function parseCommandArgs(command: Command, argv: string[]) {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: command.options, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (e) {
    // Node's own hint about "--" only confuses here.
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, "."));
  }
  const expected = command.positionals ?? [];
  if (parsed.positionals.length !== expected.length) {
    throw new UsageError(
      expected.length
        ? `${commandName(command)} takes ${expected.join(" ")}${parsed.positionals.length > expected.length ? `; unexpected: ${parsed.positionals.slice(expected.length).join(" ")}` : ""}.`
        : `Unexpected argument: ${parsed.positionals.join(" ")}.`,
    );
  }
  return parsed;
}

/** A string option that must be present and not empty. */
export function required(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || !v.trim()) throw new UsageError(`Missing --${name}.`);
  return v.trim();
}

export function optional(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/** A positive whole number option. */
export function integer(values: Values, name: string, fallback: number, max = 10_000): number {
  const v = optional(values, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
}

/**
 * A file named on the command line, from the directory the person typed it in: npm runs the CLI
 * inside apps/server and says where it was started in INIT_CWD.
 */
export const userPath = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const json = (value: unknown) => JSON.stringify(value, null, 2);
