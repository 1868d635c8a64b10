/**
 * The real inference backend with the committed model, in-process on 127.0.0.1 port 0, with a
 * log of the texts it was asked to score (to count the extension's checks). `standIn` may answer
 * chosen texts itself (a fixed high score, a `no_evidence` warning) for the states the real
 * model does not produce on demand; every other text is scored by the model. Like the deployed
 * backend (no knowledge base), it adds `no_evidence` when the prompt does not cover the text's
 * factual claims (no prompt, or a question alone): a test wanting a scored verdict gives the
 * conversation a prompt that carries the evidence.
 */
import { createDetectorApp } from "../../../server/detector/service/detector_app.ts";
import { loadDetector } from "../../../server/detector/inference/model.ts";

export interface ScoredText {
  response: string;
  prompt?: string;
  /** The backend's answer: its p_hallucination, regime scores and warnings (e.g. `no_evidence`). */
  p: number;
  flag: boolean;
  regimes: { regime: string; p: number }[];
  warnings: string[];
  /** The claims it answered (asked for by the session route). */
  claims: { start: number; end: number; p_hallucination: number; flag: boolean }[];
}

export interface RunningDetector {
  url: string;
  secret: string;
  env: { DETECTOR_URL: string; DETECTOR_SECRET: string };
  /** Every scoring request, in order. */
  log: ScoredText[];
  /** How many requests scored exactly this response text. */
  count(response: string): number;
  close(): Promise<void>;
}

/** A detector answer for a stand-in case: the wire shape of the real backend. */
export function standInAnswer(p: number, warnings: string[] = []): Record<string, unknown> {
  return {
    p_hallucination: p,
    flag: p >= 0.5,
    top_regime: p >= 0.5 ? "FABRICATED" : "NORMAL",
    regime_scores: [{ regime: "FABRICATED", p }, { regime: "NORMAL", p: 1 - p }],
    input_mode_used: "pr",
    task_used: "multiclass",
    model_version: "stand-in",
    calibrator_version: "stand-in",
    latency_ms: 1,
    warnings,
  };
}

/**
 * A stand-in answer with claims, one per sentence of `response` (offsets as the real backend
 * gives them): `risky` sentences get `p` and the flag, the others 0.1; `findings` adds exact-check
 * findings on the risky sentences. The call's own score is the riskiest claim's.
 */
export function standInWithClaims(
  response: string,
  { risky, p, warnings = [], reason }: {
    risky: string;
    p: number;
    warnings?: string[];
    reason?: string;
  },
): Record<string, unknown> {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const claims = Array.from(segmenter.segment(response), ({ segment, index }) => {
    const text = segment.trimEnd();
    const hit = text.includes(risky);
    return {
      start: index,
      end: index + text.length,
      p_hallucination: hit ? p : 0.1,
      flag: hit && p >= 0.5,
      findings: hit && reason
        ? [{
          kind: "unit_conversion",
          verdict: "contradicted",
          start: index,
          end: index + text.length,
          reason,
        }]
        : [],
    };
  });
  return { ...standInAnswer(p, warnings), claims };
}

export function startDetector(
  standIn: (body: { response: string; prompt?: string }) => Record<string, unknown> | undefined =
    () => undefined,
): RunningDetector {
  const secret = crypto.randomUUID() + crypto.randomUUID();
  const app = createDetectorApp({ secret, detector: loadDetector() });
  const log: ScoredText[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    if (req.method !== "POST") return app.fetch(req);
    const body = await req.clone().json();
    const answer = standIn(body);
    const response = answer ? Response.json(answer) : await app.fetch(req);
    if (response.ok) {
      const scored = await response.clone().json();
      log.push({
        response: body.response,
        prompt: body.prompt,
        p: scored.p_hallucination,
        flag: scored.flag,
        regimes: scored.regime_scores,
        warnings: scored.warnings,
        claims: scored.claims ?? [],
      });
    }
    return response;
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    secret,
    env: { DETECTOR_URL: url, DETECTOR_SECRET: secret },
    log,
    count: (response) => log.filter((s) => s.response === response).length,
    close: () => server.shutdown(),
  };
}
