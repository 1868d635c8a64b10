/**
 * A labelled corpus row as the detector and a verifier are asked it: with its prompt when the row
 * has one (input mode `pr`), else the response alone; and its label. Shared by the verifier's
 * fitting commands and the verifier probe, so all ask the same rows alike.
 */
import type { InputMode } from "../../../shared/regimes.ts";
import type { BuiltRow } from "./corpus.ts";

export interface LabelledInput {
  prompt?: string;
  response: string;
  inputMode: InputMode;
  hallucinated: boolean;
}

export function labelledInput(row: BuiltRow): LabelledInput {
  const inputMode: InputMode = row.modes.includes("pr") ? "pr" : "ro";
  return {
    prompt: inputMode === "pr" ? row.prompt : undefined,
    response: row.response,
    inputMode,
    hallucinated: row.hallucinated,
  };
}
