/**
 * The flags of a command-line tool, read with node's `parseArgs`: an unknown or malformed flag
 * ends the tool with its message and the tool's usage (exit 2), never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { z } from "zod";
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
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      { type: isBoolean(field as z.ZodType) ? "boolean" as const : "string" as const },
    ]),
  );
  const flags = schema.safeParse(readCommandLine({ options }, usage).values);
  if (flags.success) return flags.data;
  exitWithUsage(formatZodIssues(flags.error, { pathPrefix: "--" }), usage);
}

/** A flag without a value (`--claims`): a boolean field, with or without a default. */
function isBoolean(field: z.ZodType): boolean {
  const inner = field instanceof z.ZodDefault ? field.def.innerType : field;
  return inner instanceof z.ZodBoolean;
}

function exitWithUsage(message: string, usage: string): never {
  console.error(`${message}\nusage: ${usage}`);
  Deno.exit(2);
}
