/** Validates the backend's detect body and resolves the defaults of the backend (task binary). */
import type { z } from "zod";
import { DetectRequest } from "../../shared/contract.ts";
import type { InputMode, Task } from "../../shared/regimes.ts";
import type { ScoreInput } from "./inference/types.ts";

/** The backend's own default task; the public endpoint always sends one. */
export const BACKEND_DEFAULT_TASK: Task = "binary";

export type ParsedBody = { ok: true; input: ScoreInput } | { ok: false; detail: string };

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field(s): ${issue.keys.join(", ")}`;
  const field = issue.path.length > 0 ? issue.path.join(".") : "body";
  return `${field}: ${issue.message}`;
}

export function parseDetectBody(body: unknown): ParsedBody {
  const parsed = DetectRequest.safeParse(body);
  if (!parsed.success) {
    return { ok: false, detail: parsed.error.issues.map(describeIssue).join("; ") };
  }
  const { prompt, response, top_k_regimes, task, input_mode } = parsed.data;
  const inputMode: InputMode = input_mode ?? (prompt && prompt.length > 0 ? "pr" : "ro");
  return {
    ok: true,
    input: { prompt, response, task: task ?? BACKEND_DEFAULT_TASK, inputMode, topK: top_k_regimes },
  };
}
