/**
 * The served detector: the model with its exact checks (checks/checked_detector.ts) and, for calls
 * with evidence to read, the cross-encoder. Each claim of a `pr` call is read against its evidence
 * window (one run per claim: onnx_model.ts), and the call's p_hallucination and flag come from the
 * fusion fitted on those readings (fusion.ts); each claim's risk is fused with its own reading.
 * Calls without evidence (`ro`, a bare question) and a model folder without an encoder or a
 * current fusion get the checked detector's answer unchanged, at its cost; so does a served call
 * that finds the encoder busy (admission.ts), with the warning `encoder_busy`.
 */
import type { ClaimRisk } from "../../../shared/claims.ts";
import type { DetectInput } from "../../../shared/detect_request.ts";
import { BINARY_REGIME } from "../../../shared/regimes.ts";
import { CheckedDetector, rescaled } from "../checks/checked_detector.ts";
import { type ExactFusionFile, readExactFusion } from "../checks/fusion.ts";
import { CalibratedDetector, loadDetector } from "../inference/model.ts";
import {
  type CalibratorFile,
  contentVersion,
  DEFAULT_MODEL_DIR,
} from "../inference/model_files.ts";
import type { ClaimsInput, ScoreOutput } from "../inference/types.ts";
import { splitClaims } from "../signals/claims.ts";
import { BUSY, ENCODER_BUSY, type EncoderAdmission } from "./admission.ts";
import { CrossEncoder, type PairMemo } from "./cross_encoder.ts";
import { type ClaimEntailment, claimEntailment } from "./entailment.ts";
import {
  type EncoderFusionFile,
  fusedProbability,
  type FusionStamp,
  readEncoderFusion,
} from "./fusion.ts";

export class EncodedDetector extends CheckedDetector {
  constructor(
    base: CalibratedDetector,
    fusion: ExactFusionFile | undefined,
    readonly encoder: CrossEncoder | undefined,
    readonly encoderFusion: EncoderFusionFile | undefined,
    /** Served: how many calls the encoder reads at once. Offline runs read every call. */
    readonly admission?: EncoderAdmission,
    now?: () => Date,
  ) {
    super(base, fusion, now);
  }

  override withCalibration(calibration: CalibratorFile, version: string): CalibratedDetector {
    const base = new CalibratedDetector(this.core, calibration, this.modelVersion, version);
    return new EncodedDetector(
      base,
      this.fusion,
      this.encoder,
      this.encoderFusion,
      this.admission,
      this.now,
    );
  }

  /** The cross-encoder's reading of the claims, or undefined without an encoder or evidence. */
  async readClaims(input: ClaimsInput): Promise<ClaimEntailment[] | undefined> {
    if (!this.reads(input)) return undefined;
    return await claimEntailment(this.encoder!, input.prompt, splitClaims(input.response));
  }

  /** The reading when a fusion applies to it (none fitted: not read at all), or `BUSY`. */
  private async entailment(
    input: ClaimsInput,
  ): Promise<ClaimEntailment[] | typeof BUSY | undefined> {
    if (!this.encoderFusion) return undefined;
    const read = () => this.readClaims(input);
    return this.admission && this.reads(input) ? await this.admission.admit(read) : await read();
  }

  /** Whether the encoder reads this call: it has one, and the call has a prompt to read against. */
  private reads(input: ClaimsInput): boolean {
    return this.encoder !== undefined && input.inputMode === "pr";
  }

  /** The checked detector's answer alone: what the encoder's fusion is fitted on. */
  scoreUnencoded(input: DetectInput): ScoreOutput {
    return super.scoreNow(input);
  }

  override async score(input: DetectInput): Promise<ScoreOutput> {
    const output = this.scoreNow(input);
    const read = await this.entailment(input);
    if (read === BUSY) return { ...output, warnings: [...output.warnings, ENCODER_BUSY] };
    if (!read) return output;
    const fusion = this.encoderFusion!;
    const p = fusedProbability(fusion, output.p_hallucination, read.map((r) => r.logit));
    const scores = input.task === "binary"
      ? [{ regime: BINARY_REGIME, p }]
      : rescaled(output.regime_scores, p);
    const fused: ScoreOutput = {
      ...output,
      p_hallucination: p,
      flag: p >= fusion.threshold,
      top_regime: scores[0].regime,
      regime_scores: scores,
    };
    return output.claims ? { ...fused, claims: this.claimsRead(output.claims, read) } : fused;
  }

  override async scoreClaims(input: ClaimsInput): Promise<ClaimRisk[]> {
    const claims = this.claimRisks(input);
    const read = await this.entailment(input);
    return read && read !== BUSY ? this.claimsRead(claims, read) : claims;
  }

  /** Each claim fused with its own reading (a claim past the ones read keeps its risk). */
  private claimsRead(claims: readonly ClaimRisk[], read: readonly ClaimEntailment[]): ClaimRisk[] {
    const fusion = this.encoderFusion!;
    return claims.map((claim) => {
      const own = read.find((r) => r.start === claim.start);
      if (!own) return claim;
      const p = fusedProbability(fusion, claim.p_hallucination, [own.logit]);
      return { ...claim, p_hallucination: p, flag: p >= fusion.threshold };
    });
  }
}

/** What the encoder's fusion must have been fitted on to apply to this detector. */
export async function fusionStamp(
  detector: CalibratedDetector,
  exactFusion: ExactFusionFile | undefined,
  encoder: CrossEncoder,
): Promise<FusionStamp> {
  return {
    modelVersion: detector.modelVersion,
    calibratorVersion: detector.calibratorVersion,
    exactFusionVersion: exactFusion
      ? await contentVersion("xf-", [new TextEncoder().encode(JSON.stringify(exactFusion.rules))])
      : "none",
    encoderVersion: encoder.version,
  };
}

/**
 * The served detector of `modelDir`: model, exact checks and their fusion, cross-encoder and its
 * fusion. `memo` keeps the encoder's readings across calls, for offline runs only; `admission`
 * bounds the calls it reads at once, for serving.
 */
export async function loadServedDetector(
  modelDir: string = DEFAULT_MODEL_DIR,
  memo?: PairMemo,
  admission?: EncoderAdmission,
): Promise<EncodedDetector> {
  const detector = await loadDetector(modelDir);
  const exactFusion = await readExactFusion(modelDir, detector);
  const encoder = await CrossEncoder.load(modelDir, memo);
  const encoderFusion = encoder &&
    await readEncoderFusion(modelDir, await fusionStamp(detector, exactFusion, encoder));
  const served = new EncodedDetector(detector, exactFusion, encoder, encoderFusion, admission);
  await warmUp(served);
  return served;
}

const WARM_UP =
  "It opened on May 28, 1937, is 1,280 m (4,200 ft) long and cost $35 million in total.";

/** The date reader compiles its patterns and the encoder its kernels on first use: not on a call. */
async function warmUp(detector: EncodedDetector) {
  for (let i = 0; i < 20; i++) {
    detector.findings({ response: WARM_UP, prompt: WARM_UP, inputMode: "pr" });
  }
  const evidence = Array.from({ length: 4 }, () => WARM_UP).join(" ");
  for (let i = 0; i < 3; i++) {
    await detector.score({ prompt: evidence, response: WARM_UP, task: "binary", inputMode: "pr" });
  }
}
