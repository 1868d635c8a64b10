/**
 * The badge shown after an assistant reply: while it is checked a spinner with the elapsed
 * seconds, then the riskiest part's bucket and percentage; a click (or hover) opens the
 * breakdown, placed where there is room, with the regimes, warnings and the calls and units the
 * answer took. Failures say what to do. Rendered with Preact inside a shadow root so the page's
 * CSS cannot reach it; results are announced politely to screen readers.
 */
import { render } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ApiFailure } from "../../../shared/client.ts";
import { shownRisk } from "../../../shared/regimes.ts";
import { Breakdown } from "../../../shared/ui/breakdown.tsx";
import { failureView, FLAG_EXPLANATION, NOT_VERIFIABLE } from "../../../shared/ui/display.ts";
import { BADGE_HOST_ATTRIBUTE } from "../sites/dom.ts";
import type { Verdict } from "../../../shared/ui/verdict.ts";
import { BADGE_CSS } from "./badge_styles.ts";
import { isDarkAround } from "./theme.ts";

export type BadgeState =
  | { kind: "waiting" }
  | { kind: "idle" }
  | { kind: "pending"; startedAt: number }
  | {
    kind: "result";
    verdict: Verdict;
    /** Claims the server scored, and how many of them are underlined. */
    claims: number;
    underlined: number;
    /** Reasons of the exact checks that contradict a claim. */
    findings: string[];
    promptCut: boolean;
  }
  /** `retryAt`: when a rate-limited check is tried again by itself (counted down). */
  | { kind: "error"; failure: ApiFailure; retryAt?: number };

export interface BadgeActions {
  /** Checks the reply now (the first check in "on click" mode, or a retry). */
  check(): void;
  signIn(): void;
}

function Details(
  { state, host, onClose }: {
    state: Extract<BadgeState, { kind: "result" }>;
    host: HTMLElement;
    onClose(): void;
  },
) {
  const ref = useRef<HTMLDivElement>(null);
  const [up, setUp] = useState(false);
  // Below by default; above when the viewport's edge or something on top (a composer) hides it.
  useLayoutEffect(() => {
    const el = ref.current!;
    const rect = el.getBoundingClientRect();
    const probe = document.elementFromPoint(rect.left + rect.width / 2, rect.bottom - 4);
    const clipped = rect.bottom > innerHeight || (probe !== null && probe !== host);
    if (clipped && rect.height + 12 < host.getBoundingClientRect().top) setUp(true);
  }, []);
  return (
    <div
      ref={ref}
      class={up ? "details breakdown up" : "details breakdown"}
      role="dialog"
      aria-label="Hallucination risk details"
      tabIndex={-1}
      data-placement={up ? "above" : "below"}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <Breakdown
        verdict={state.verdict}
        claims={state.claims}
        underlined={state.underlined}
        findings={state.findings}
        promptCut={state.promptCut}
      />
    </div>
  );
}

function Result(
  { state, host }: { state: Extract<BadgeState, { kind: "result" }>; host: HTMLElement },
) {
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const pill = useRef<HTMLButtonElement>(null);
  const { verdict } = state;
  const risk = shownRisk(verdict.riskiest.p_hallucination);
  const open = pinned || hovered;
  const close = () => {
    setPinned(false);
    setHovered(false);
    pill.current?.focus();
  };
  useEffect(() => {
    if (pinned) host.shadowRoot?.querySelector<HTMLElement>(".details")?.focus();
  }, [pinned]);
  return (
    <span
      class="badge"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        ref={pill}
        type="button"
        class="pill"
        data-bucket={verdict.notVerifiable ? undefined : risk.bucket}
        data-state={verdict.notVerifiable ? "not-verifiable" : "result"}
        data-p={String(verdict.riskiest.p_hallucination)}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setPinned(!pinned)}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
      >
        <span class="dot" />
        {verdict.notVerifiable ? <span class="muted">{NOT_VERIFIABLE}</span> : (
          <>
            <span class="bucket">{risk.bucket}</span>
            <span class="p">{risk.percent}%</span>
            {verdict.riskiest.flag && <span class="flag" title={FLAG_EXPLANATION}>flagged</span>}
          </>
        )}
      </button>
      {open && <Details state={state} host={host} onClose={close} />}
    </span>
  );
}

function Pending({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span class="pill" data-state="pending" aria-busy="true">
      <span class="spinner" />Checking…
      <span class="elapsed">{`${Math.floor((now - startedAt) / 1000)} s`}</span>
    </span>
  );
}

/** Seconds left until `at`, updated every second. */
function useSecondsLeft(at: number | undefined): number | undefined {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function Failure(
  { failure, retryAt, actions }: {
    failure: ApiFailure;
    retryAt?: number;
    actions: BadgeActions;
  },
) {
  const secondsLeft = useSecondsLeft(retryAt);
  const { text, action } = failureView(
    secondsLeft === undefined ? failure : { ...failure, retryAfterS: secondsLeft },
  );
  return (
    <span class="pill error" data-failure={failure.kind}>
      {text}{" "}
      {action?.kind === "signin" && (
        <button type="button" class="link" onClick={actions.signIn}>Sign in</button>
      )}
      {action?.kind === "link" && (
        <a class="link" href={action.url} target="_blank" rel="noopener">{action.label}</a>
      )}
      {action?.kind === "retry" && (
        <button type="button" class="link" onClick={actions.check}>Retry</button>
      )}
    </span>
  );
}

function Badge(
  { state, actions, host }: { state: BadgeState; actions: BadgeActions; host: HTMLElement },
) {
  switch (state.kind) {
    case "waiting":
      return (
        <span class="pill muted" data-state="waiting">
          <span class="dot" />Waiting for the answer to finish…
        </span>
      );
    case "idle":
      return (
        <button type="button" class="pill" data-state="idle" onClick={actions.check}>
          Check hallucination risk
        </button>
      );
    case "pending":
      return <Pending startedAt={state.startedAt} />;
    case "result":
      return <Result state={state} host={host} />;
    case "error":
      return <Failure failure={state.failure} retryAt={state.retryAt} actions={actions} />;
  }
}

/** One badge: a host element (marked so adapters never read it as text) with a shadow root. */
export class BadgeView {
  readonly host: HTMLElement;
  /** Inside the shadow root: where Preact renders; a polite live region. */
  private readonly container: HTMLElement;

  constructor(private readonly actions: BadgeActions) {
    this.host = document.createElement("div");
    this.host.setAttribute(BADGE_HOST_ATTRIBUTE, "");
    const shadow = this.host.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = BADGE_CSS;
    this.container = document.createElement("div");
    this.container.className = "root";
    this.container.setAttribute("aria-live", "polite");
    shadow.append(style, this.container);
  }

  /** What the badge shows now; undefined before the first `show`. */
  state?: BadgeState;

  show(state: BadgeState): void {
    this.state = state;
    render(<Badge state={state} actions={this.actions} host={this.host} />, this.container);
  }

  /** Places the badge right after the reply, again if the page re-rendered it away. */
  placeAfter(reply: Element): void {
    if (reply.nextElementSibling !== this.host) reply.after(this.host);
    const theme = isDarkAround(reply) ? "dark" : "light";
    if (this.host.dataset.theme !== theme) this.host.dataset.theme = theme;
  }

  remove(): void {
    render(null, this.container);
    this.host.remove();
  }
}
