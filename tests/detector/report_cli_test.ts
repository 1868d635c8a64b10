/**
 * `deno task report` end to end: a small file with groups scored by the real `deno task score`
 * (the same file: score ignores `group`), then the report written from both: every section
 * present, the riskiest answers' risky claims marked, the figures per group, a line score refused
 * counted apart, nothing loaded from outside the file, progress on standard error. And the
 * Wilson interval's values.
 */
import assert from "node:assert/strict";
import { wilson } from "../../server/detector/report/figures.ts";
import { REPO_ROOT } from "../support/env.ts";
import { runScore } from "../../server/bench/score_cli.ts";

const PROMPT = "Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.";
const ROWS = [
  { id: "a1", group: "model-a", prompt: PROMPT, response: "Marie Curie won the Nobel Prize." },
  {
    id: "a2",
    group: "model-a",
    prompt: PROMPT,
    response: "Marie Curie won the Nobel Prize in Physics in 1903. She won it again in 1925.",
  },
  { id: "b1", group: "model-b", response: "According to Smith (2019), bananas cure insomnia." },
  { id: "b2", group: "model-b", response: "I cannot help with that request." },
  // Refused by score (an empty response): counted, not scored.
  { id: "b3", group: "model-b", response: "" },
];

Deno.test("report: every section from score's input and output, per group, self-contained", async () => {
  const dir = await Deno.makeTempDir({ prefix: "report_test_" });
  try {
    const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
    const scored = await runScore(["--task", "multiclass"], jsonl(ROWS));
    assert.equal(scored.code, 0, scored.stderr);
    await Deno.writeTextFile(`${dir}/in.jsonl`, jsonl(ROWS));
    await Deno.writeTextFile(`${dir}/out.jsonl`, jsonl(scored.lines));
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "report",
        "--input",
        `${dir}/in.jsonl`,
        "--scores",
        `${dir}/out.jsonl`,
        "--out",
        `${dir}/report.html`,
      ],
      cwd: REPO_ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, stderr);
    assert.match(stderr, /report: 4 scored answers of 5/);
    const html = await Deno.readTextFile(`${dir}/report.html`);
    const flagged = scored.lines.filter((l) => l.flag).length;
    assert.match(
      html,
      new RegExp(`of 4 answers flagged[\\s\\S]*\\(${flagged}; 95% Wilson interval`),
    );
    for (
      const section of [
        "Flagged answers",
        "Distribution of p_hallucination",
        "Top regimes",
        "Warnings",
        "By group",
        "Group model-a",
        "Group model-b",
        "Riskiest answers",
      ]
    ) assert.ok(html.includes(section), section);
    assert.match(html, /1 answers not scored/);
    assert.match(html, /<svg [^>]*role="img"/);
    assert.match(html, /<mark title="claim risk \d+%">[^<]+<sup>/, "a risky claim is marked");
    assert.match(html, /of 2 answers flagged/, "each group has its figures");
    assert.doesNotMatch(html, /<script|<link|(src|href)="(https?:)?\/\//i, "self-contained");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("report: the 95% Wilson interval", () => {
  const round = ({ low, high }: { low: number; high: number }) =>
    [low, high].map((x) => Math.round(x * 10_000) / 10_000);
  assert.deepEqual(round(wilson(0, 5)), [0, 0.4345]);
  assert.deepEqual(round(wilson(5, 10)), [0.2366, 0.7634]);
  assert.deepEqual(round(wilson(0, 0)), [0, 1]);
});
