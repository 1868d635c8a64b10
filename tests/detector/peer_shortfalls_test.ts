import assert from "node:assert/strict";
import { peerShortfalls } from "../../server/detector/evaluation/tables.ts";
import type { PeerResult } from "../../server/detector/evaluation/peers.ts";

const peer = (
  name: string,
  flag: number,
  oracle: number,
  target: number,
  oracleScope: PeerResult["oracleScope"] = "set",
): PeerResult => ({
  name,
  n: 100,
  balancedAccuracy: flag,
  oracleBalancedAccuracy: oracle,
  auroc: 0.7,
  oracleScope,
  target,
  peers: "",
  source: "",
});

Deno.test("a set short of target is put down to the shared flag or to the ranking, by its oracle", () => {
  const lines = peerShortfalls([
    peer("met", 0.7, 0.75, 0.66),
    peer("at target", 0.67, 0.7, 0.67),
    peer("flag", 0.6, 0.69, 0.67, "domain"),
    peer("oracle at target", 0.6, 0.63, 0.63),
    peer("ranking", 0.75, 0.77, 0.82),
  ]).split("\n");
  assert.deepEqual(lines.map((l) => l.split(":")[0]), [
    "- flag",
    "- oracle at target",
    "- ranking",
  ]);
  assert.equal(
    lines[0],
    "- flag: 0.600 against 0.67; at an oracle threshold per domain it reaches 0.690: " +
      "the one flag shared by domains with different base rates is what falls short.",
  );
  assert.match(
    lines[1],
    /; at an oracle threshold per set it reaches 0\.630: the one flag shared by sets/,
  );
  assert.equal(
    lines[2],
    "- ranking: 0.750 against 0.82, and 0.770 even at an oracle threshold per set: " +
      "the ranking (AUROC 0.700) is what falls short.",
  );
});

Deno.test("no shortfall list when every set reaches its target", () => {
  assert.equal(
    peerShortfalls([peer("met", 0.7, 0.75, 0.66)]),
    "Every set reaches its target at our flag.",
  );
});
