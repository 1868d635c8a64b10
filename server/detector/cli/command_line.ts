/**
 * The flags of a command-line tool, read with node's `parseArgs`: an unknown or malformed flag
 * ends the tool with its message and the tool's usage (exit 2), never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { formatZodIssues } from "../../../shared/zod_issues.ts";

export function readCommandLine<T extends Omit<ParseArgsConfig, "args">>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T & { args: string[] }>> {
  try {
    return parseArgs({ ...config, args: Deno.args });
  } catch (error) {
    exitWithUsage((error as Error).message, usage);
  }
}

/**
 * A tool's `--name value` flags, one per key of `schema`, checked by it: a value the schema
 * refuses ends the tool as an unknown flag does, naming the flag.
 */
export function readFlags<Schema extends z.ZodObject>(
  schema: Schema,
  usage: string,
): z.infer<Schema> {
  const options = Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, { type: "string" as const }]),
  );
  const flags = schema.safeParse(readCommandLine({ options }, usage).values);
  if (flags.success) return flags.data;
  exitWithUsage(formatZodIssues(flags.error, { pathPrefix: "--" }), usage);
}

function exitWithUsage(message: string, usage: string): never {
  console.error(`${message}\nusage: ${usage}`);
  Deno.exit(2);
}
