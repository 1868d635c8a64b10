/** A request body's JSON text, parsed; the spec's `bad_json` message, one text for every route. */
export const BAD_JSON_MESSAGE = "request body is not valid JSON";

export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
