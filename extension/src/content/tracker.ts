/**
 * Follows the assistant replies of one page and keeps a badge after each one. A reply is checked
 * once it has finished (the site's own signal, else its text staying unchanged for a moment),
 * never while it streams; which finished replies are checked by themselves follows the user's
 * setting: all of them (also those already there at load: their ids make a re-check free), only
 * those seen streaming, or none (a "Check" button). Each reply is checked in as few calls as its
 * length allows (one when it fits a field); the claims the server scored in them are underlined
 * when risky, flagged or contradicted by an exact check, and the badge shows the riskiest call.
 */
import type { ApiResult } from "../../../shared/client.ts";
import type { WebDetectResponse } from "../../../shared/contract.ts";
import { fnv1a, FNV1A_OFFSET } from "../../../shared/fnv1a.ts";
import { codePointLength, MAX_FIELD_CHARS } from "../../../shared/text.ts";
import type { CheckMode, TextToCheck } from "../protocol.ts";
import { locateSpans } from "../sites/dom.ts";
import type { SiteAdapter, Turn } from "../sites/types.ts";
import { waitingOutRateLimits } from "../rate_limit.ts";
import { promptField, splitAnswer } from "../split.ts";
import { isVerdict, verdictOf } from "../../../shared/ui/verdict.ts";
import { BadgeView } from "./badge.tsx";
import { claimsOf, isShown } from "./claims.ts";
import type { ClaimMark, Highlighter } from "./highlights.ts";

export interface TrackerDeps {
  /** A detect call through the worker; a lost worker resolves to a network failure. */
  detect(input: TextToCheck): Promise<ApiResult<WebDetectResponse>>;
  /**
   * A reply's check result for the toolbar's badge: flagged (the call or a claim), not flagged,
   * or undefined when it has no result (any more).
   */
  onChecked(reply: Element, flagged: boolean | undefined): void;
  signIn(): void;
  highlighter: Highlighter;
  mode: CheckMode;
  /** Schedules a rescan (for replies waiting for their text to settle). */
  rescanIn(ms: number): void;
}

/** A reply without a finished signal is taken as finished once its text is this old. */
export const SETTLE_MS = 2_000;
/** Detect calls in flight at once, over all replies of the page. */
const PARALLEL_CALLS = 2;

interface TrackedReply {
  /** Identifies the text seen last; a hash, so the tracker keeps no copy of the text. */
  fingerprint: string;
  changedAt: number;
  /** The reply streamed (or its text grew) while on this page: it is new. */
  seenStreaming: boolean;
  /** The fingerprint a check was started (or offered) for. */
  handled?: string;
  turn: Turn;
  badge?: BadgeView;
}

/** FNV-1a over both texts: enough to notice that a reply changed. */
function fingerprint(turn: Turn): string {
  const hash = [turn.prompt ?? "", "\u0000", turn.response].reduce(
    (h, text) => fnv1a(text, h),
    FNV1A_OFFSET,
  );
  return `${turn.response.length}:${hash.toString(16)}`;
}

export class ReplyTracker {
  private readonly replies = new Map<Element, TrackedReply>();
  private href = location.href;
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly adapter: SiteAdapter,
    private readonly root: ParentNode,
    private readonly deps: TrackerDeps,
  ) {}

  scan(): void {
    if (location.href !== this.href) {
      // Another conversation (SPA navigation): what streamed before is no longer new.
      this.href = location.href;
      for (const tracked of this.replies.values()) tracked.seenStreaming = false;
    }
    for (const turn of this.adapter.turns(this.root)) this.update(turn);
    for (const [reply, tracked] of this.replies) {
      if (reply.isConnected) continue;
      this.forget(reply, tracked);
    }
  }

  /** Checks again the replies refused for want of a session (the user has just signed in). */
  retryUnauthorized(): void {
    for (const tracked of this.replies.values()) {
      const state = tracked.badge?.state;
      if (state?.kind === "error" && state.failure.kind === "unauthorized") {
        void this.check(tracked);
      }
    }
  }

  /** The prompt of the reply holding `node` (for a selection check), if any. */
  promptAt(node: Node): string | undefined {
    for (const [reply, tracked] of this.replies) {
      if (reply.contains(node)) return tracked.turn.prompt;
    }
    return undefined;
  }

  private forget(reply: Element, tracked: TrackedReply): void {
    tracked.badge?.remove();
    this.deps.onChecked(reply, undefined);
    this.deps.highlighter.clear(tracked.turn.content);
    this.replies.delete(reply);
  }

  private update(turn: Turn): void {
    const now = Date.now();
    const current = fingerprint(turn);
    let tracked = this.replies.get(turn.reply);
    if (!tracked) {
      tracked = { fingerprint: current, changedAt: now, seenStreaming: false, turn };
      this.replies.set(turn.reply, tracked);
    } else if (tracked.fingerprint !== current) {
      // Text growing without a finished signal is being written now; a finished reply whose text
      // was swapped (another conversation in the same elements) is not new.
      if (turn.finished !== true) tracked.seenStreaming = true;
      this.deps.highlighter.clear(tracked.turn.content);
      this.deps.onChecked(turn.reply, undefined);
      tracked.fingerprint = current;
      tracked.changedAt = now;
    }
    tracked.turn = turn;
    if (turn.finished === false) tracked.seenStreaming = true;
    const settled = now - tracked.changedAt >= SETTLE_MS;
    if (turn.finished === undefined && !settled) this.deps.rescanIn(SETTLE_MS);
    const finished = turn.finished ?? settled;

    if (!finished) {
      tracked.handled = undefined;
      const badge = this.badgeOf(tracked);
      if (badge.state?.kind !== "waiting") badge.show({ kind: "waiting" });
      badge.placeAfter(turn.reply);
      return;
    }
    if (turn.response.length === 0) {
      // Nothing to check (e.g. an image-only answer).
      tracked.badge?.remove();
      tracked.badge = undefined;
      return;
    }
    if (tracked.handled !== current) {
      tracked.handled = current;
      const auto = this.deps.mode === "all" || (this.deps.mode === "new" && tracked.seenStreaming);
      if (auto) void this.check(tracked);
      else this.badgeOf(tracked).show({ kind: "idle" });
    }
    this.badgeOf(tracked).placeAfter(turn.reply);
  }

  private badgeOf(tracked: TrackedReply): BadgeView {
    tracked.badge ??= new BadgeView({
      check: () => void this.check(tracked),
      signIn: () => this.deps.signIn(),
    });
    return tracked.badge;
  }

  /** Runs `call` when fewer than PARALLEL_CALLS are out. */
  private async limited<T>(call: () => Promise<T>): Promise<T> {
    if (this.inFlight >= PARALLEL_CALLS) await new Promise<void>((go) => this.queue.push(go));
    this.inFlight++;
    try {
      return await call();
    } finally {
      this.inFlight--;
      this.queue.shift()?.();
    }
  }

  private async check(tracked: TrackedReply): Promise<void> {
    const { turn } = tracked;
    const checked = tracked.fingerprint;
    const badge = this.badgeOf(tracked);
    const stillCurrent = () => tracked.fingerprint === checked && tracked.badge === badge;
    badge.show({ kind: "pending", startedAt: Date.now() });
    const chunks = splitAnswer(turn.response);
    const promptText = promptField(turn.prompt);
    const results = await Promise.all(
      chunks.map((chunk) =>
        waitingOutRateLimits(
          () => this.limited(() => this.deps.detect({ response: chunk.text, prompt: promptText })),
          (failure) => {
            if (!stillCurrent()) return;
            const retryAt = Date.now() + (failure.retryAfterS ?? 0) * 1000;
            badge.show({ kind: "error", failure, retryAt });
          },
        )
      ),
    );
    // The reply changed while the calls were out: its own check shows the right score.
    if (!stillCurrent()) return;
    const outcome = verdictOf(results);
    if (!isVerdict(outcome)) return badge.show({ kind: "error", failure: outcome });
    const claims = chunks.flatMap((chunk, i) => {
      const result = results[i];
      return result.ok ? claimsOf(result.data, chunk) : [];
    });
    const shown = claims.filter(isShown);
    const located = locateSpans(turn.content, turn.response, shown, turn.skip);
    const marks: ClaimMark[] = [];
    shown.forEach((claim, i) => {
      const at = located[i];
      if (at) marks.push({ ...claim, ...at });
    });
    const underlined = this.deps.highlighter.mark(turn.content, marks);
    this.deps.onChecked(turn.reply, shown.some((claim) => claim.flag) || outcome.riskiest.flag);
    badge.show({
      kind: "result",
      verdict: outcome,
      claims: claims.length,
      underlined,
      findings: shown.flatMap((claim) => claim.reasons),
      promptCut: codePointLength(turn.prompt ?? "") > MAX_FIELD_CHARS,
    });
  }
}
