/**
 * The flags of a command-line tool, read with node's `parseArgs`: an unknown or malformed flag
 * ends the tool with its message and the tool's usage (exit 2), never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

export function readCommandLine<T extends Omit<ParseArgsConfig, "args">>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T & { args: string[] }>> {
  try {
    return parseArgs({ ...config, args: Deno.args });
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: ${usage}`);
    Deno.exit(2);
  }
}
