/**
 * A learned alignment model: decomposable attention (Parikh et al., 2016), slimmed to a few
 * thousand weights over the shipped word vectors, in plain TypeScript (forward and backward).
 *
 * Per claim against its evidence window (`claimWindow`): every token is projected by one ReLU
 * layer from [unit word vector, exact match on the other side, unknown word, negation]; each claim
 * token attends over the window tokens; a ReLU compare layer reads [token, attended window,
 * their product]; mean and max over the claim's tokens give one logit, "this claim is not
 * supported". Trained per response as multiple-instance learning: the response's logit is its
 * worst claim's, so a hallucinated answer needs one bad claim, a faithful one none.
 */
import { claimWindow, evidenceOf } from "../signals/alignment.ts";
import { splitClaims } from "../signals/claims.ts";
import { analyse, isContentWord, NEGATIONS, words } from "../signals/text.ts";
import type { WordVectors } from "../signals/word_vectors.ts";
import { sigmoid } from "./linear.ts";
import { seededRandom, shuffledIndices } from "./random.ts";

export interface NetworkShape {
  /** Width of the token projection. */
  hidden: number;
  /** Width of the compare layer. */
  compare: number;
}

/** Work per call: tokens read per claim and per window, claims per response. */
export interface AlignmentCaps {
  claimTokens: number;
  windowTokens: number;
  claims: number;
}
export const DEFAULT_CAPS: AlignmentCaps = { claimTokens: 64, windowTokens: 128, claims: 24 };

/** Per token, after the word vector: exact match on the other side, unknown word, negation. */
const EXTRA_INPUTS = 3;

/** Offsets of each weight block in the one parameter array (so the optimiser sees one vector). */
class Layout {
  readonly inputs: number;
  readonly w1 = 0;
  readonly b1: number;
  readonly w2: number;
  readonly b2: number;
  readonly out: number;
  readonly outBias: number;
  readonly size: number;
  constructor(readonly dims: number, readonly shape: NetworkShape) {
    const { hidden, compare } = shape;
    this.inputs = dims + EXTRA_INPUTS;
    this.b1 = hidden * this.inputs;
    this.w2 = this.b1 + hidden;
    this.b2 = this.w2 + compare * 3 * hidden;
    this.out = this.b2 + compare;
    this.outBias = this.out + 2 * compare;
    this.size = this.outBias + 1;
  }
}

export interface AlignmentNetwork {
  dims: number;
  shape: NetworkShape;
  params: Float32Array;
}

/** Word vectors are unit length; scaled so their entries are of order one. */
const vectorScale = (dims: number) => Math.sqrt(dims);

/** Glorot-uniform weights, zero biases, from a seed. */
export function initialNetwork(dims: number, shape: NetworkShape, seed: number): AlignmentNetwork {
  const layout = new Layout(dims, shape);
  const rand = seededRandom(seed);
  const params = new Float32Array(layout.size);
  const fill = (from: number, count: number, fanIn: number, fanOut: number) => {
    const limit = Math.sqrt(6 / (fanIn + fanOut));
    for (let i = from; i < from + count; i++) params[i] = (rand() * 2 - 1) * limit;
  };
  fill(layout.w1, shape.hidden * layout.inputs, layout.inputs, shape.hidden);
  fill(layout.w2, shape.compare * 3 * shape.hidden, 3 * shape.hidden, shape.compare);
  fill(layout.out, 2 * shape.compare, 2 * shape.compare, 1);
  return { dims, shape, params };
}

/** One claim and its window as the tokens the network reads. */
export interface ClaimPair {
  claim: string[];
  window: string[];
  /** Content words of the claim: its weight in the coverage-weighted mean. */
  content: number;
}

/** Tokens the network reads: content words, numbers and negations, in order. */
const readable = (w: string) => isContentWord(w) || NEGATIONS.has(w) || /^\d/.test(w);

/** The claims of a response, each with the words of its evidence window in the prompt. */
export function claimPairs(
  prompt: string,
  response: string,
  vectors: WordVectors,
  caps: AlignmentCaps = DEFAULT_CAPS,
): ClaimPair[] {
  const evidence = evidenceOf(analyse(prompt), vectors);
  if (evidence.length === 0) return [];
  return splitClaims(response).slice(0, caps.claims).flatMap((c) => {
    const tokens = words(c.text).map((w) => w.toLowerCase());
    const content = [...new Set(tokens.filter(isContentWord))];
    const claim = tokens.filter(readable).slice(0, caps.claimTokens);
    const window = claimWindow(evidence, content).sentences.flatMap((s) => s.words)
      .filter(readable).slice(0, caps.windowTokens);
    return claim.length === 0 || window.length === 0
      ? []
      : [{ claim, window, content: content.length }];
  });
}

/** What one forward pass keeps for its backward pass. */
interface Trace {
  pair: ClaimPair;
  exactClaim: Uint8Array;
  exactWindow: Uint8Array;
  hClaim: Float32Array;
  hWindow: Float32Array;
  attention: Float32Array;
  attended: Float32Array;
  compared: Float32Array;
  v: Float32Array;
  pooled: Float32Array;
  argmax: Int32Array;
  logit: number;
}

/**
 * Runs the network. Token projections without the exact-match input are cached per token for the
 * duration of one response (the weights do not change meanwhile): a window shared by several
 * claims is projected once.
 */
export class AlignmentRunner {
  private readonly layout: Layout;
  private readonly cache = new Map<string, Float32Array>();
  private readonly unit: Float32Array;
  /** Projections of every vocabulary word, once frozen (`freeze`). */
  private vocabulary?: Float32Array;

  constructor(readonly network: AlignmentNetwork, readonly vectors: WordVectors) {
    this.layout = new Layout(network.dims, network.shape);
    this.unit = new Float32Array(network.dims);
  }

  /** Starts a new response (or new weights): forgets the cached projections. */
  reset() {
    this.cache.clear();
  }

  /** The word vector part of a token's input (`row`: its vocabulary row, -1 when unknown). */
  private input(row: number): Float32Array {
    if (row >= 0) this.vectors.writeUnit(row, this.unit, vectorScale(this.network.dims));
    else this.unit.fill(0);
    return this.unit;
  }

  /** The projection of a token before its exact-match input and the ReLU. */
  private computeBase(token: string, out: Float32Array) {
    const { params } = this.network, { inputs, dims, w1, b1, shape } = this.layout;
    const row = this.vectors.indexOf(token);
    const x = this.input(row);
    const unknown = row < 0 ? 1 : 0;
    const negation = NEGATIONS.has(token) ? 1 : 0;
    for (let h = 0; h < shape.hidden; h++) {
      const w = w1 + h * inputs;
      let s = params[b1 + h] + unknown * params[w + dims + 1] + negation * params[w + dims + 2];
      for (let d = 0; d < dims; d++) s += params[w + d] * x[d];
      out[h] = s;
    }
    return out;
  }

  private base(token: string): Float32Array {
    const H = this.layout.shape.hidden;
    const row = this.vocabulary ? this.vectors.indexOf(token) : -1;
    if (row >= 0) return this.vocabulary!.subarray(row * H, row * H + H);
    const cached = this.cache.get(token);
    if (cached) return cached;
    const out = this.computeBase(token, new Float32Array(H));
    this.cache.set(token, out);
    return out;
  }

  /**
   * For serving, once the weights are final: every vocabulary word's projection computed up
   * front (~0.5 s for 100,000 words), so a call only looks them up.
   */
  freeze(): this {
    const H = this.layout.shape.hidden;
    const table = new Float32Array(this.vectors.words.length * H);
    this.vectors.words.forEach((w, row) =>
      this.computeBase(w, table.subarray(row * H, row * H + H))
    );
    this.vocabulary = table;
    return this;
  }

  private project(tokens: readonly string[], exact: Uint8Array): Float32Array {
    const { params } = this.network, { inputs, dims, w1, shape } = this.layout;
    const H = shape.hidden;
    const out = new Float32Array(tokens.length * H);
    tokens.forEach((t, i) => {
      const base = this.base(t);
      for (let h = 0; h < H; h++) {
        const v = base[h] + (exact[i] ? params[w1 + h * inputs + dims] : 0);
        out[i * H + h] = v > 0 ? v : 0;
      }
    });
    return out;
  }

  forward(pair: ClaimPair): Trace {
    const { params } = this.network, { w2, b2, out, outBias, shape } = this.layout;
    const H = shape.hidden, G = shape.compare, C = 3 * H;
    const windowSet = new Set(pair.window), claimSet = new Set(pair.claim);
    const exactClaim = Uint8Array.from(pair.claim, (t) => windowSet.has(t) ? 1 : 0);
    const exactWindow = Uint8Array.from(pair.window, (t) => claimSet.has(t) ? 1 : 0);
    const hClaim = this.project(pair.claim, exactClaim);
    const hWindow = this.project(pair.window, exactWindow);
    const na = pair.claim.length, nb = pair.window.length;
    const attention = new Float32Array(na * nb);
    const attended = new Float32Array(na * H);
    const compared = new Float32Array(na * C);
    const v = new Float32Array(na * G);
    for (let i = 0; i < na; i++) {
      let max = -Infinity;
      for (let j = 0; j < nb; j++) {
        let e = 0;
        for (let h = 0; h < H; h++) e += hClaim[i * H + h] * hWindow[j * H + h];
        attention[i * nb + j] = e;
        if (e > max) max = e;
      }
      let total = 0;
      for (let j = 0; j < nb; j++) {
        const q = Math.exp(attention[i * nb + j] - max);
        attention[i * nb + j] = q;
        total += q;
      }
      for (let j = 0; j < nb; j++) {
        const q = (attention[i * nb + j] /= total);
        for (let h = 0; h < H; h++) attended[i * H + h] += q * hWindow[j * H + h];
      }
      for (let h = 0; h < H; h++) {
        const a = hClaim[i * H + h], b = attended[i * H + h];
        compared[i * C + h] = a;
        compared[i * C + H + h] = b;
        compared[i * C + 2 * H + h] = a * b;
      }
      for (let g = 0; g < G; g++) {
        let s = params[b2 + g];
        for (let k = 0, w = w2 + g * C; k < C; k++) s += params[w + k] * compared[i * C + k];
        v[i * G + g] = s > 0 ? s : 0;
      }
    }
    const pooled = new Float32Array(2 * G);
    const argmax = new Int32Array(G);
    for (let g = 0; g < G; g++) {
      let sum = 0, best = -Infinity;
      for (let i = 0; i < na; i++) {
        const x = v[i * G + g];
        sum += x;
        if (x > best) [best, argmax[g]] = [x, i];
      }
      pooled[g] = sum / na;
      pooled[G + g] = best;
    }
    let logit = params[outBias];
    for (let k = 0; k < 2 * G; k++) logit += params[out + k] * pooled[k];
    return {
      pair,
      exactClaim,
      exactWindow,
      hClaim,
      hWindow,
      attention,
      attended,
      compared,
      v,
      pooled,
      argmax,
      logit,
    };
  }

  /** Adds d(loss)/d(params) to `grad`, given d(loss)/d(logit). */
  backward(t: Trace, dLogit: number, grad: Float32Array) {
    const { params } = this.network;
    const { w1, b1, w2, b2, out, outBias, inputs, dims, shape } = this.layout;
    const H = shape.hidden, G = shape.compare, C = 3 * H;
    const na = t.pair.claim.length, nb = t.pair.window.length;
    grad[outBias] += dLogit;
    for (let k = 0; k < 2 * G; k++) grad[out + k] += dLogit * t.pooled[k];
    const dCompared = new Float32Array(na * C);
    for (let i = 0; i < na; i++) {
      for (let g = 0; g < G; g++) {
        if (t.v[i * G + g] <= 0) continue;
        const dz = dLogit * (params[out + g] / na + (t.argmax[g] === i ? params[out + G + g] : 0));
        grad[b2 + g] += dz;
        for (let k = 0, w = w2 + g * C; k < C; k++) {
          grad[w + k] += dz * t.compared[i * C + k];
          dCompared[i * C + k] += dz * params[w + k];
        }
      }
    }
    const dClaim = new Float32Array(na * H), dWindow = new Float32Array(nb * H);
    const dAttended = new Float32Array(H), dAttention = new Float32Array(nb);
    for (let i = 0; i < na; i++) {
      for (let h = 0; h < H; h++) {
        const dProduct = dCompared[i * C + 2 * H + h];
        dClaim[i * H + h] += dCompared[i * C + h] + dProduct * t.attended[i * H + h];
        dAttended[h] = dCompared[i * C + H + h] + dProduct * t.hClaim[i * H + h];
      }
      let weighted = 0;
      for (let j = 0; j < nb; j++) {
        const q = t.attention[i * nb + j];
        let dq = 0;
        for (let h = 0; h < H; h++) {
          dq += dAttended[h] * t.hWindow[j * H + h];
          dWindow[j * H + h] += q * dAttended[h];
        }
        dAttention[j] = dq;
        weighted += q * dq;
      }
      for (let j = 0; j < nb; j++) {
        const de = t.attention[i * nb + j] * (dAttention[j] - weighted);
        if (de === 0) continue;
        for (let h = 0; h < H; h++) {
          dClaim[i * H + h] += de * t.hWindow[j * H + h];
          dWindow[j * H + h] += de * t.hClaim[i * H + h];
        }
      }
    }
    const toInputs = (
      tokens: readonly string[],
      h: Float32Array,
      d: Float32Array,
      exact: Uint8Array,
    ) =>
      tokens.forEach((token, i) => {
        const row = this.vectors.indexOf(token);
        const x = this.input(row);
        const known = row >= 0;
        const negation = NEGATIONS.has(token) ? 1 : 0;
        for (let u = 0; u < H; u++) {
          if (h[i * H + u] <= 0) continue;
          const dp = d[i * H + u], w = w1 + u * inputs;
          grad[b1 + u] += dp;
          if (known) { for (let k = 0; k < dims; k++) grad[w + k] += dp * x[k]; }
          else grad[w + dims + 1] += dp;
          if (exact[i]) grad[w + dims] += dp;
          if (negation) grad[w + dims + 2] += dp;
        }
      });
    toInputs(t.pair.claim, t.hClaim, dClaim, t.exactClaim);
    toInputs(t.pair.window, t.hWindow, dWindow, t.exactWindow);
  }

  /** Logit of each claim ("not supported by its window"). */
  claimLogits(pairs: readonly ClaimPair[]): number[] {
    this.reset();
    return pairs.map((p) => this.forward(p).logit);
  }
}

/** A response for training: its claim pairs, whether it is hallucinated, its sample weight. */
export interface TrainingResponse {
  pairs: ClaimPair[];
  hallucinated: boolean;
  weight: number;
}

export interface NetworkTraining {
  shape: NetworkShape;
  epochs: number;
  batch: number;
  learningRate: number;
  seed: number;
}
export const DEFAULT_NETWORK_TRAINING: NetworkTraining = {
  shape: { hidden: 32, compare: 32 },
  epochs: 3,
  batch: 32,
  learningRate: 0.002,
  seed: 17,
};

/**
 * Adam on the weighted log loss of each response's worst claim (multiple-instance learning).
 * Deterministic: the initial weights and the order of the rows come from the seed.
 */
export function trainAlignmentNetwork(
  responses: readonly TrainingResponse[],
  vectors: WordVectors,
  options: NetworkTraining = DEFAULT_NETWORK_TRAINING,
  onEpoch?: (epoch: number, meanLoss: number) => void,
): AlignmentNetwork {
  const network = initialNetwork(vectors.dims, options.shape, options.seed);
  const runner = new AlignmentRunner(network, vectors);
  const { params } = network;
  const grad = new Float32Array(params.length);
  const m = new Float32Array(params.length), s = new Float32Array(params.length);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const usable = responses.filter((r) => r.pairs.length > 0);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const order = shuffledIndices(usable.length, options.seed + epoch + 1);
    let loss = 0;
    for (let from = 0; from < order.length; from += options.batch) {
      grad.fill(0);
      const to = Math.min(order.length, from + options.batch);
      for (let k = from; k < to; k++) {
        const r = usable[order[k]];
        runner.reset();
        let worst: Trace | undefined;
        for (const pair of r.pairs) {
          const t = runner.forward(pair);
          if (!worst || t.logit > worst.logit) worst = t;
        }
        const p = sigmoid(worst!.logit);
        const y = r.hallucinated ? 1 : 0;
        loss -= r.weight * (y ? Math.log(Math.max(p, 1e-12)) : Math.log(Math.max(1 - p, 1e-12)));
        runner.backward(worst!, (r.weight * (p - y)) / (to - from), grad);
      }
      step++;
      const c1 = 1 - beta1 ** step, c2 = 1 - beta2 ** step;
      for (let i = 0; i < params.length; i++) {
        m[i] = beta1 * m[i] + (1 - beta1) * grad[i];
        s[i] = beta2 * s[i] + (1 - beta2) * grad[i] * grad[i];
        params[i] -= (options.learningRate * (m[i] / c1)) / (Math.sqrt(s[i] / c2) + eps);
      }
    }
    onEpoch?.(epoch, loss / Math.max(usable.length, 1));
  }
  return network;
}

/** Stacked features of a response: [worst claim logit, coverage-weighted mean claim logit]. */
export const NETWORK_FEATURES = ["net_worst_claim_logit", "net_weighted_claim_logit"] as const;

export function networkFeatures(
  runner: AlignmentRunner,
  pairs: readonly ClaimPair[],
): Float32Array {
  const out = new Float32Array(NETWORK_FEATURES.length);
  if (pairs.length === 0) return out;
  const logits = runner.claimLogits(pairs);
  const weights = pairs.map((p) => Math.max(p.content, 1));
  const total = weights.reduce((a, b) => a + b, 0);
  out[0] = Math.max(...logits);
  out[1] = logits.reduce((sum, z, k) => sum + z * weights[k], 0) / total;
  return out;
}
