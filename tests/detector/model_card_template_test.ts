/**
 * The model card's template (server/detector/evaluation/model_card.template.md): filled in one
 * pass, so that a value is never read for placeholders, and a placeholder without a value stops
 * the card instead of shipping `{{name}}`. The byte-for-byte card itself was checked against the
 * inline template it replaced when it moved.
 */
import assert from "node:assert/strict";
import { fillTemplate } from "../../server/detector/evaluation/card.ts";

const TEMPLATE = new URL(
  "../../server/detector/evaluation/model_card.template.md",
  import.meta.url,
);

Deno.test("fillTemplate: each placeholder once, values verbatim, a missing value throws", () => {
  assert.equal(
    fillTemplate("a {{x}} b {{y}} {{x}}", { x: "{{y}} $& $1", y: 0 }),
    "a {{y}} $& $1 b 0 {{y}} $& $1",
  );
  assert.throws(() => fillTemplate("{{x}} {{z}}", { x: 1 }), /no value for \{\{z\}\}/);
});

Deno.test("the card template: named placeholders only, the card's first and last lines", async () => {
  const template = await Deno.readTextFile(TEMPLATE);
  assert.ok(template.startsWith("# Model card: hallucination detector\n"));
  assert.ok(template.endsWith("over-flagged.\n"));
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  assert.ok(names.length >= 30, `${names.length} placeholders`);
  assert.equal(template.replace(/\{\{\w+\}\}/g, "").match(/\{\{|\}\}/), null);
});
