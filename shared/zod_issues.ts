/**
 * zod's issues as one line, `path: message; path: message`: the validation texts of request
 * bodies, configuration, plan files and command-line flags. Unknown properties are not named
 * unless `nameUnknownKeys` (trusted input only): in a request body they are caller text.
 */
import type { z } from "zod";

export interface IssueFormat {
  /** Put before every path, e.g. `--` for command-line flags. */
  pathPrefix?: string;
  nameUnknownKeys?: boolean;
}

export function formatZodIssues(
  error: z.ZodError,
  { pathPrefix = "", nameUnknownKeys = false }: IssueFormat = {},
): string {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `${pathPrefix}${issue.path.join(".")}: ` : "";
    if (issue.code === "unrecognized_keys") {
      return nameUnknownKeys
        ? `${where}unknown field(s): ${issue.keys.join(", ")}`
        : `${where}unknown properties are not allowed`;
    }
    return `${where}${issue.message}`;
  }).join("; ");
}
