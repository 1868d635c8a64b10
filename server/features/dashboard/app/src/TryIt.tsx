/**
 * "Try it": a prompt and a response checked by the session detect route, the result shown with
 * the extension's own breakdown, and the units billed. What is typed stays in this page's memory
 * only: nothing is written to storage, and the server keeps no text (zero retention).
 */
import { useState } from "preact/hooks";
import type { ApiResult } from "../../../../../shared/client.ts";
import type { DetectResponse } from "../../../../../shared/contract.ts";
import { shownRisk } from "../../../../../shared/regimes.ts";
import { MAX_FIELD_CHARS } from "../../../../../shared/text.ts";
import { Breakdown } from "../../../../../shared/ui/breakdown.tsx";
import { FLAG_EXPLANATION, NOT_VERIFIABLE } from "../../../../../shared/ui/display.ts";
import { isVerdict, verdictOf } from "../../../../../shared/ui/verdict.ts";
import { api } from "./api.ts";
import { Failure } from "./Failure.tsx";

function Result({ result }: { result: ApiResult<DetectResponse> }) {
  const verdict = verdictOf([result]);
  if (!isVerdict(verdict)) return <Failure failure={verdict} />;
  const risk = shownRisk(verdict.riskiest.p_hallucination);
  return (
    <div class="card result">
      <p class="headline" data-bucket={verdict.notVerifiable ? undefined : risk.bucket}>
        <span class="dot" />
        {verdict.notVerifiable ? NOT_VERIFIABLE : (
          <>
            Hallucination risk: <strong>{risk.bucket} {risk.percent}%</strong>
            {verdict.riskiest.flag && <span class="flag">{FLAG_EXPLANATION}</span>}
          </>
        )}
      </p>
      <div class="breakdown">
        <Breakdown verdict={verdict} />
      </div>
      <p data-testid="units-billed">Units billed: {verdict.units}</p>
    </div>
  );
}

export function TryIt() {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ApiResult<DetectResponse>>();
  return (
    <>
      <h1>Try it</h1>
      <p class="note">
        Each check is a real detect call: it counts against your plan (one unit per{" "}
        {MAX_FIELD_CHARS.toLocaleString("en")}{" "}
        characters of prompt and response). Nothing you type here is stored, by this page or by the
        server.
      </p>
      <form
        class="card"
        onSubmit={async (event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const prompt = data.get("prompt")?.toString() ?? "";
          const response = data.get("response")?.toString() ?? "";
          setPending(true);
          setResult(await api.webDetect(prompt ? { prompt, response } : { response }));
          setPending(false);
        }}
      >
        <label for="prompt">Prompt (optional)</label>
        <textarea
          id="prompt"
          name="prompt"
          rows={3}
          maxLength={MAX_FIELD_CHARS}
          autoComplete="off"
        />
        <label for="response">Response to check</label>
        <textarea
          id="response"
          name="response"
          rows={6}
          required
          maxLength={MAX_FIELD_CHARS}
          autoComplete="off"
        />
        <button type="submit" class="primary" disabled={pending}>
          {pending ? "Checking…" : "Check"}
        </button>
      </form>
      <section aria-live="polite" aria-busy={pending} aria-label="Result">
        {result && <Result result={result} />}
      </section>
    </>
  );
}
