import assert from "node:assert/strict";
import { peerShortfalls } from "../../server/detector/evaluation/card.ts";
import type { PeerResult } from "../../server/detector/evaluation/peers.ts";

const peer = (name: string, flag: number, oracle: number, target: number): PeerResult => ({
  name,
  n: 100,
  balancedAccuracy: flag,
  oracleBalancedAccuracy: oracle,
  auroc: 0.7,
  target,
  peers: "",
  source: "",
});

Deno.test("a set short of target is put down to the shared flag or to the ranking, by its oracle", () => {
  const lines = peerShortfalls([
    peer("met", 0.7, 0.75, 0.66),
    peer("flag", 0.6, 0.69, 0.67),
    peer("ranking", 0.75, 0.77, 0.82),
  ]).split("\n");
  assert.equal(lines.length, 2);
  assert.match(
    lines[0],
    /^- flag: 0\.600 against 0\.67; at the per-set oracle threshold it reaches 0\.690/,
  );
  assert.match(lines[1], /^- ranking: 0\.750 against 0\.82, and 0\.770 even at the per-set oracle/);
  assert.match(lines[1], /the ranking \(AUROC 0\.700\) is what falls short/);
});

Deno.test("no shortfall list when every set reaches its target", () => {
  assert.equal(
    peerShortfalls([peer("met", 0.7, 0.75, 0.66)]),
    "Every set reaches its target at our flag.",
  );
});
