/**
 * The badge shown after an assistant reply: risk bucket, p_hallucination and flag; a click (or
 * hover) opens the regime breakdown and the server's warnings. Rendered with Preact inside a
 * shadow root so the page's CSS cannot reach it.
 */
import { render } from "preact";
import { useState } from "preact/hooks";
import type { ApiFailure } from "../../../shared/client.ts";
import type { DetectResponse } from "../../../shared/contract.ts";
import { riskBucket } from "../../../shared/regimes.ts";
import { MAX_FIELD_CHARS } from "../../../shared/text.ts";
import { failureText, percent, regimeLabel, warningText } from "../display.ts";
import { BADGE_HOST_ATTRIBUTE } from "../sites/dom.ts";
import { BADGE_CSS } from "./badge_styles.ts";

export type BadgeState =
  | { kind: "waiting" }
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "result"; result: DetectResponse; truncated: boolean }
  | { kind: "error"; failure: ApiFailure };

export interface BadgeActions {
  /** Scores the reply now (first check of an older reply, or a retry). */
  check(): void;
  signIn(): void;
}

function Details({ result, truncated }: { result: DetectResponse; truncated: boolean }) {
  return (
    <div class="details" role="dialog" aria-label="Hallucination risk details">
      <h3>Regime breakdown</h3>
      {result.regime_scores.map((score) => (
        <div class="regime" key={score.regime} data-regime={score.regime}>
          <span>{regimeLabel(score.regime)}</span>
          <span class="value">{percent(score.p)}</span>
          <div class="bar">
            <span style={{ width: percent(Math.min(1, Math.max(0, score.p))) }} />
          </div>
        </div>
      ))}
      {result.warnings.length > 0 && (
        <ul class="warnings">
          {result.warnings.map((code) => (
            <li key={code} data-warning={code}>{warningText(code)}</li>
          ))}
        </ul>
      )}
      <div class="note">
        {result.input_mode_used === "pr" ? "Scored with the prompt." : "Scored without the prompt."}
        {truncated &&
          ` Only the first ${MAX_FIELD_CHARS.toLocaleString("en")} characters were scored.`}
        {` Model ${result.model_version}.`}
      </div>
    </div>
  );
}

function Result({ result, truncated }: { result: DetectResponse; truncated: boolean }) {
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const bucket = riskBucket(result.p_hallucination);
  return (
    <span
      class="badge"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        class="pill"
        data-bucket={bucket}
        data-p={String(result.p_hallucination)}
        aria-expanded={pinned}
        title={`Hallucination risk ${bucket}: ${percent(result.p_hallucination)}`}
        onClick={() => setPinned(!pinned)}
      >
        <span class="dot" />
        <span class="bucket">{bucket}</span>
        <span class="p">{percent(result.p_hallucination)}</span>
        {result.flag && <span class="flag">flagged</span>}
      </button>
      {(pinned || hovered) && <Details result={result} truncated={truncated} />}
    </span>
  );
}

function Badge({ state, actions }: { state: BadgeState; actions: BadgeActions }) {
  switch (state.kind) {
    case "waiting":
      return (
        <span class="pill muted" data-state="waiting">
          <span class="dot" />Waiting for the answer to finish…
        </span>
      );
    case "idle":
      return (
        <button type="button" class="pill" onClick={actions.check}>Check hallucination risk</button>
      );
    case "pending":
      return (
        <span class="pill" aria-busy="true">
          <span class="dot" />Checking…
        </span>
      );
    case "result":
      return <Result result={state.result} truncated={state.truncated} />;
    case "error":
      return (
        <span class="pill error" data-failure={state.failure.kind}>
          {failureText(state.failure)} {state.failure.kind === "unauthorized"
            ? <button type="button" class="link" onClick={actions.signIn}>Sign in</button>
            : <button type="button" class="link" onClick={actions.check}>Retry</button>}
        </span>
      );
  }
}

/** One badge: a host element (marked so adapters never read it as text) with a shadow root. */
export class BadgeView {
  readonly host: HTMLElement;
  /** Inside the shadow root: where Preact renders. */
  private readonly container: HTMLElement;

  constructor(private readonly actions: BadgeActions) {
    this.host = document.createElement("div");
    this.host.setAttribute(BADGE_HOST_ATTRIBUTE, "");
    const shadow = this.host.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = BADGE_CSS;
    this.container = document.createElement("div");
    this.container.className = "root";
    shadow.append(style, this.container);
  }

  /** What the badge shows now; undefined before the first `show`. */
  state?: BadgeState;

  show(state: BadgeState): void {
    this.state = state;
    render(<Badge state={state} actions={this.actions} />, this.container);
  }

  /** Places the badge right after the reply, again if the page re-rendered it away. */
  placeAfter(reply: Element): void {
    if (reply.nextElementSibling !== this.host) reply.after(this.host);
  }

  remove(): void {
    render(null, this.container);
    this.host.remove();
  }
}
