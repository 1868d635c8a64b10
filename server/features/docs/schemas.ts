/**
 * JSON Schemas of the wire contract for the OpenAPI description, generated from the zod schemas of
 * shared/contract.ts (every schema there carries a `meta({ id })`).
 */
import { z } from "zod";
import "../../../shared/contract.ts";

export type JsonSchema = Record<string, unknown>;

/** Request bodies are described as the client may send them (defaults make fields optional). */
const REQUEST_SCHEMAS = new Set(["DetectRequest", "ApiKeyCreateRequest"]);

function generate(io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return schemas as Record<string, JsonSchema>;
}

/** Drops `$schema`/`$id` and the safe-integer bounds zod puts on every integer. */
function withoutGeneratorNoise(value: unknown): JsonSchema {
  if (Array.isArray(value)) return value.map(withoutGeneratorNoise) as unknown as JsonSchema;
  if (typeof value !== "object" || value === null) return value as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    if (
      (key === "minimum" || key === "maximum") && Math.abs(v as number) === Number.MAX_SAFE_INTEGER
    ) {
      continue;
    }
    out[key] = withoutGeneratorNoise(v);
  }
  return out;
}

/** The contract's schemas keyed by id, ready for `components.schemas`. */
export function contractSchemas(): Record<string, JsonSchema> {
  const output = generate("output");
  const input = generate("input");
  const schemas: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    schemas[id] = withoutGeneratorNoise(REQUEST_SCHEMAS.has(id) ? input[id] : output[id]);
  }
  return schemas;
}
