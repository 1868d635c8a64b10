"""Fine-tunes a pretrained encoder as a cross-encoder on claim/evidence pairs, exports it to ONNX
and quantises it to int8. Driven by `deno task train:encoder`, which writes the pairs (JSON lines:
claim, evidence, label, set, source) and copies the outputs into the model folder.

Resumable: a checkpoint (weights, optimiser, scheduler, position, curve) is written every
`--checkpoint-every` steps and at the end of the time budget; a rerun with the same arguments goes on
from it. A rerun with more `--epochs` extends a finished run: each epoch is its own shuffle (the
first one the same as a one-epoch run's), and the learning rate goes on from where the longer plan
has it at the checkpoint's step. Deterministic from `--seed` on one machine: the order of pairs
and the initial head come from it. Progress, and where the time went, go to standard error.
"""
import argparse
import json
import math
import os
import random
import shutil
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

from bases import BASES, base_path

def log(message):
    print(f"[train:encoder] {message}", file=sys.stderr, flush=True)


def load_encoder(path):
    # A copy of the base carried in half precision (to fit a transfer) is trained in full precision.
    return AutoModel.from_pretrained(path).float()


class CrossEncoder(torch.nn.Module):
    """The encoder's [CLS] state through one linear layer: the logit that the claim is unsupported."""

    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        self.head = torch.nn.Linear(encoder.config.hidden_size, 1)

    def forward(self, input_ids, attention_mask, token_type_ids):
        hidden = self.encoder(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        return self.head(hidden[:, 0]).squeeze(-1)


def read_pairs(path, sources):
    with open(path) as f:
        pairs = [json.loads(line) for line in f]
    return [p for p in pairs if sources == "all" or p["source"] == "labelled"]


def encode(tokenizer, pairs, max_len, claim_tokens):
    """Claim first, at most `claim_tokens` of it; the evidence window fills the rest."""
    ids, types = [], []
    for p in pairs:
        claim = tokenizer.encode(p["claim"], add_special_tokens=False)[:claim_tokens]
        room = max_len - len(claim) - 3
        evidence = tokenizer.encode(p["evidence"], add_special_tokens=False)[:room]
        cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
        ids.append([cls] + claim + [sep] + evidence + [sep])
        types.append([0] * (len(claim) + 2) + [1] * (len(evidence) + 1))
    width = max(len(x) for x in ids)
    pad = lambda rows: torch.tensor([r + [0] * (width - len(r)) for r in rows])
    mask = torch.tensor([[1] * len(r) + [0] * (width - len(r)) for r in ids])
    return pad(ids), mask, pad(types)


def auroc(labels, scores):
    order = np.argsort(scores, kind="mergesort")
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    s = np.asarray(scores)
    for v in np.unique(s):  # average ranks of ties
        at = s == v
        ranks[at] = ranks[at].mean()
    y = np.asarray(labels) == 1
    pos, neg = y.sum(), (~y).sum()
    return float((ranks[y].sum() - pos * (pos + 1) / 2) / (pos * neg)) if pos and neg else float("nan")


@torch.no_grad()
def evaluate(model, tokenizer, pairs, args):
    model.eval()
    scores = []
    for i in range(0, len(pairs), 64):
        batch = encode(tokenizer, pairs[i : i + 64], args.max_len, args.claim_tokens)
        scores.extend(model(*(t.to(args.device) for t in batch)).tolist())
    model.train()
    labels = [p["label"] for p in pairs]
    per_set = {}
    for name in sorted({p["set"] for p in pairs}):
        at = [k for k, p in enumerate(pairs) if p["set"] == name]
        value = auroc([labels[k] for k in at], [scores[k] for k in at])
        if not math.isnan(value):  # a set with one class has no AUROC
            per_set[name] = value
    mean = sum(per_set.values()) / len(per_set)
    return {"auroc": auroc(labels, scores), "mean_per_set": mean, "per_set": per_set}


class BiEncoder(torch.nn.Module):
    """The pretrained encoder as sentence-transformers uses it: masked mean of the token states,
    unit length."""

    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def forward(self, input_ids, attention_mask, token_type_ids):
        hidden = self.encoder(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        mean = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
        return torch.nn.functional.normalize(mean, dim=-1)


def export_int8(model, sample, path, output, output_axes):
    """ONNX (opset 17) with dynamic batch and length, then int8 weights (dynamic quantisation)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model.cpu().eval()
    fp32 = path.with_suffix(".fp32.onnx")
    axes = {0: "batch", 1: "tokens"}
    torch.onnx.export(
        model, sample, str(fp32), input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=[output], dynamic_axes={"input_ids": axes, "attention_mask": axes,
        "token_type_ids": axes, output: output_axes}, opset_version=17, dynamo=False,
    )
    quantize_dynamic(str(fp32), str(path), weight_type=QuantType.QInt8)
    fp32.unlink()


def export(model, tokenizer, out, max_len, base_files):
    sample = encode(tokenizer, [{"claim": "A claim.", "evidence": "Some evidence here."}], max_len, 48)
    export_int8(model, sample, out / "cross-encoder.onnx", "logit", {0: "batch"})
    # Retrieval reads the pretrained encoder, not the fine-tuned one: fine-tuning for entailment
    # is not trained to keep the embedding space that makes similar sentences close.
    export_int8(BiEncoder(load_encoder(base_files)), sample,
                out / "bi-encoder.onnx", "embedding", {0: "batch"})
    shutil.copy(Path(tokenizer.name_or_path) / "vocab.txt", out / "vocab.txt")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", required=True)
    parser.add_argument("--val", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--base", default="minilm-l6", choices=BASES)
    parser.add_argument("--base-dir", help="the base's files, where its weights package is not installed")
    parser.add_argument("--device", default="auto", help="auto: a CUDA GPU when there is one, else the CPU")
    parser.add_argument("--sources", default="all", choices=["all", "labelled"])
    parser.add_argument("--max-len", type=int, default=128)
    parser.add_argument("--claim-tokens", type=int, default=48)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--max-pairs", type=int, default=0, help="0: all pairs, each epoch")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--budget-minutes", type=float, default=0, help="0: no limit")
    parser.add_argument("--evals", type=int, default=4)
    parser.add_argument("--checkpoint-every", type=int, default=100)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--steps", type=int, default=0, help="stop after this many steps (tests)")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    random.seed(args.seed)
    torch.set_num_threads(args.threads)
    if args.device == "auto":
        args.device = "cuda" if torch.cuda.is_available() else "cpu"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    timings = {"load": 0.0, "tokenise": 0.0, "step": 0.0, "evaluate": 0.0, "export": 0.0}
    started = time.perf_counter()

    path = base_path(args.base, out.parent, log, args.base_dir)
    tokenizer = AutoTokenizer.from_pretrained(path)
    model = CrossEncoder(load_encoder(path)).to(args.device)
    pairs = read_pairs(args.pairs, args.sources)
    val = read_pairs(args.val, "labelled")
    rng = random.Random(args.seed)
    rng.shuffle(pairs)
    if args.max_pairs:
        pairs = pairs[: args.max_pairs]
    steps_per_epoch = math.ceil(len(pairs) / args.batch)
    epochs = [pairs]
    for _ in range(args.epochs - 1):
        epochs.append(rng.sample(pairs, len(pairs)))
    total_steps = steps_per_epoch * args.epochs
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warmup = max(1, total_steps // 10)
    lr_at = lambda s: min((s + 1) / warmup, max(0.0, (total_steps - s) / (total_steps - warmup)))
    schedule = torch.optim.lr_scheduler.LambdaLR(optimiser, lr_at)
    positives = sum(p["label"] for p in pairs)
    pos_weight = torch.tensor((len(pairs) - positives) / max(positives, 1), device=args.device)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    state = {"step": 0, "curve": [], "seconds": 0.0, "timings": timings}
    checkpoint = out / "checkpoint.pt"
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False, map_location=args.device)
        model.load_state_dict(saved["model"])
        optimiser.load_state_dict(saved["optimiser"])
        schedule.load_state_dict(saved["schedule"])
        state = saved["state"]
        timings = state["timings"]
        log(f"resumed at step {state['step']} of {total_steps}")
        if state.get("plannedSteps", total_steps) != total_steps:
            log(f"the plan changed from {state['plannedSteps']} to {total_steps} steps: "
                "the learning rate follows the new plan from here")
            state.setdefault("extendedFrom", []).append(state["plannedSteps"])
        for group, base in zip(optimiser.param_groups, schedule.base_lrs):
            group["lr"] = base * lr_at(state["step"])
    state["plannedSteps"] = total_steps
    timings["load"] += time.perf_counter() - started
    log(f"{len(pairs)} pairs ({positives} unsupported), {len(val)} validation pairs, "
        f"{args.epochs} epoch(s), {total_steps} steps of {args.batch} at {args.max_len} tokens, "
        f"base {args.base}, on {args.device}")

    def save():
        torch.save({"model": model.state_dict(), "optimiser": optimiser.state_dict(),
                    "schedule": schedule.state_dict(), "state": state}, checkpoint)

    eval_at = {round(total_steps * (k + 1) / args.evals) for k in range(args.evals)}
    model.train()
    run_started = time.perf_counter()
    last_report = run_started
    losses = []
    stop = min(total_steps, args.steps) if args.steps else total_steps
    while state["step"] < stop:
        step = state["step"]
        t0 = time.perf_counter()
        epoch, at = divmod(step, steps_per_epoch)
        batch_pairs = epochs[epoch][at * args.batch : (at + 1) * args.batch]
        batch = [t.to(args.device) for t in encode(tokenizer, batch_pairs, args.max_len, args.claim_tokens)]
        labels = torch.tensor([float(p["label"]) for p in batch_pairs], device=args.device)
        t1 = time.perf_counter()
        loss = loss_fn(model(*batch), labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        schedule.step()
        optimiser.zero_grad()
        losses.append(loss.item())  # waits for the step on a GPU, so the timing below is the step's
        t2 = time.perf_counter()
        timings["tokenise"] += t1 - t0
        timings["step"] += t2 - t1
        state["seconds"] += t2 - t0
        state["step"] = step + 1
        if time.perf_counter() - last_report > 30 or state["step"] == stop:
            last_report = time.perf_counter()
            rate = state["step"] * args.batch / max(state["seconds"], 1e-9)
            left = (stop - state["step"]) * args.batch / max(rate, 1e-9)
            log(f"step {state['step']}/{stop} loss {np.mean(losses[-50:]):.4f} "
                f"{rate:.1f} pairs/s, about {left / 60:.1f} min left")
        if state["step"] in eval_at or state["step"] == stop:
            t3 = time.perf_counter()
            result = evaluate(model, tokenizer, val, args)
            timings["evaluate"] += time.perf_counter() - t3
            point = {"step": state["step"], "pairs": state["step"] * args.batch,
                     "train_loss": float(np.mean(losses[-200:])), **result}
            state["curve"].append(point)
            log(f"validation at step {state['step']}: AUROC {result['auroc']:.3f}, "
                f"mean per set {result['mean_per_set']:.3f}")
        if state["step"] % args.checkpoint_every == 0:
            save()
        budget_spent = args.budget_minutes and (time.perf_counter() - run_started) / 60 > args.budget_minutes
        if budget_spent:
            log(f"time budget of {args.budget_minutes} min spent at step {state['step']}: stopping here")
            if not state["curve"] or state["curve"][-1]["step"] != state["step"]:
                t3 = time.perf_counter()
                result = evaluate(model, tokenizer, val, args)
                timings["evaluate"] += time.perf_counter() - t3
                state["curve"].append({"step": state["step"], "pairs": state["step"] * args.batch,
                                       "train_loss": float(np.mean(losses[-200:])), **result})
            break
    save()
    t4 = time.perf_counter()
    export(model, tokenizer, out, args.max_len, path)
    timings["export"] += time.perf_counter() - t4
    report = {
        "base": args.base, "sources": args.sources, "maxTokens": args.max_len,
        "claimTokens": args.claim_tokens, "batch": args.batch, "learningRate": args.lr,
        "seed": args.seed, "pairs": len(pairs), "unsupported": positives, "epochs": args.epochs,
        "extendedFrom": state.get("extendedFrom", []),
        "pairsSeen": state["step"] * args.batch, "steps": state["step"], "plannedSteps": total_steps,
        "trainingSeconds": round(state["seconds"], 1),
        "timings": {k: round(v, 1) for k, v in timings.items()},
        # Checkpoints of earlier versions kept a one-class set's NaN: the report is JSON.
        "curve": [{**point, "per_set": {k: v for k, v in point["per_set"].items() if not math.isnan(v)}}
                  for point in state["curve"]],
        "torch": torch.__version__, "threads": args.threads,
        "device": torch.cuda.get_device_name() if args.device == "cuda" else "cpu",
    }
    (out / "encoder-report.json").write_text(json.dumps(report, indent=2))
    log("where the time went: " + ", ".join(f"{k} {v:.0f} s" for k, v in timings.items()))
    log(f"wrote {out / 'cross-encoder.onnx'} and {out / 'encoder-report.json'}")


if __name__ == "__main__":
    main()
