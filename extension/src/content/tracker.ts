/**
 * Follows the assistant replies of one page and keeps a badge after each one ("waiting" while it
 * streams, then its score). Replies seen while streaming, and the newest reply that appears after the page loaded, are scored at
 * once; older replies (a reopened conversation) get a "Check" button instead of spending quota.
 */
import type { ApiFailure, ApiResult } from "../../../shared/client.ts";
import type { DetectResponse } from "../../../shared/contract.ts";
import type { DetectInput } from "../protocol.ts";
import type { SiteAdapter, Turn } from "../sites/types.ts";
import { BadgeView } from "./badge.tsx";
import { clampToFieldLimit } from "./limits.ts";

export interface TrackerDeps {
  detect(input: DetectInput): Promise<ApiResult<DetectResponse>>;
  signIn(): void;
}

interface TrackedReply {
  seenStreaming: boolean;
  /** Identifies the text last scored; a hash, so the tracker keeps no copy of the text. */
  fingerprint?: string;
  turn?: Turn;
  badge?: BadgeView;
}

/** FNV-1a over both texts: enough to notice that a reply changed. */
function fingerprint(turn: Turn): string {
  let hash = 0x811c9dc5;
  for (const text of [turn.prompt ?? "", "\u0000", turn.response]) {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return `${turn.response.length}:${(hash >>> 0).toString(16)}`;
}

const lostWorker = (): ApiFailure => ({
  ok: false,
  kind: "network",
  status: 0,
  body: { error: "extension_unavailable", message: "The extension was reloaded: reload the page." },
});

export class ReplyTracker {
  private readonly replies = new Map<Element, TrackedReply>();
  private initialScanDone = false;

  constructor(
    private readonly adapter: SiteAdapter,
    private readonly root: ParentNode,
    private readonly deps: TrackerDeps,
  ) {}

  scan(): void {
    const turns = this.adapter.turns(this.root);
    const newest = turns.at(-1)?.reply;
    for (const turn of turns) this.update(turn, turn.reply === newest);
    for (const [reply, tracked] of this.replies) {
      if (reply.isConnected) continue;
      tracked.badge?.remove();
      this.replies.delete(reply);
    }
    this.initialScanDone = true;
  }

  private update(turn: Turn, isNewest: boolean): void {
    let tracked = this.replies.get(turn.reply);
    if (!tracked) {
      tracked = { seenStreaming: false };
      this.replies.set(turn.reply, tracked);
    }
    if (!turn.finished) {
      // Streaming (again, when regenerated): any earlier score no longer describes this text.
      tracked.seenStreaming = true;
      tracked.fingerprint = undefined;
      tracked.turn = undefined;
      const badge = this.badgeOf(tracked);
      if (badge.state?.kind !== "waiting") badge.show({ kind: "waiting" });
      badge.placeAfter(turn.reply);
      return;
    }
    if (turn.response.length === 0) {
      // Nothing to score (e.g. an image-only answer).
      tracked.badge?.remove();
      tracked.badge = undefined;
      return;
    }
    const current = fingerprint(turn);
    if (tracked.fingerprint !== current) {
      tracked.fingerprint = current;
      tracked.turn = turn;
      if (tracked.seenStreaming || (this.initialScanDone && isNewest)) this.check(tracked);
      else this.badgeOf(tracked).show({ kind: "idle" });
    }
    this.badgeOf(tracked).placeAfter(turn.reply);
  }

  private badgeOf(tracked: TrackedReply): BadgeView {
    tracked.badge ??= new BadgeView({
      check: () => this.check(tracked),
      signIn: () => this.deps.signIn(),
    });
    return tracked.badge;
  }

  private async check(tracked: TrackedReply): Promise<void> {
    const { turn, fingerprint: scored } = tracked;
    if (!turn) return;
    const badge = this.badgeOf(tracked);
    badge.show({ kind: "pending" });
    const response = clampToFieldLimit(turn.response);
    const prompt = turn.prompt ? clampToFieldLimit(turn.prompt) : undefined;
    const result = await this.deps.detect({ response: response.text, prompt: prompt?.text })
      .catch(lostWorker);
    // The reply changed while this call was out: its own check will show the right score.
    if (tracked.fingerprint !== scored || tracked.badge !== badge) return;
    badge.show(
      result.ok
        ? {
          kind: "result",
          result: result.data,
          truncated: response.truncated || !!prompt?.truncated,
        }
        : { kind: "error", failure: result },
    );
  }
}
