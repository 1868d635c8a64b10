"""Writes the encoder's reference fixture for the TypeScript tests: the reference tokenizer's ids
for texts and pairs, and onnxruntime's outputs of the committed int8 models for a few pairs and
texts. Run once after `deno task train:encoder`, with its environment:
  python server/detector/training/encoder/reference.py
"""
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import onnxruntime
from transformers import AutoTokenizer

sys.path.insert(0, str(Path(__file__).parent))
from train import base_path, encode  # noqa: E402

ROOT = Path(__file__).resolve().parents[4]
MODEL = ROOT / "server/detector/model"
OUT = ROOT / "tests/detector/fixtures/encoder-reference.json"
MAX_LEN, CLAIM_TOKENS = 128, 48

TEXTS = [
    "Hello, world!",
    "The Eiffel Tower is 330 m (1,083 ft) tall.",
    "Café résumé naïve — “quotes” and ‘single’",
    "北京是中国的首都。",
    "e-mail: john.doe@example.com, $3.5bn; 50% off!!!",
    "Emoji 🎉 and tabs\tand\nnewlines",
    "Supercalifragilisticexpialidocious antidisestablishmentarianism",
    "x" * 120,
    "Ünïcödé ÅNGSTRÖM ﬁ ligature",
    "I can't won't don't",
    "Zero\u200bwidth\u00adsoft",
    "Ça coûte 12,50 €.",
    "The 1990s' GDP grew 3.2%/yr.",
    "<html>&amp; tags</html>",
    "Μια ελληνική φράση",
    "Русский текст",
    "عربى",
    "日本語のテキスト",
    "한국어",
    "mixed\u00a0nbsp",
]

EVIDENCE = (
    "The Golden Gate Bridge opened on May 27, 1937. Its main span is 1,280 metres long. "
    "It was designed by Joseph Strauss, with Leon Moisseiff and Charles Ellis."
)
PAIRS = [
    {"claim": "The bridge opened in 1937.", "evidence": EVIDENCE},
    {"claim": "The bridge opened in 1952.", "evidence": EVIDENCE},
    {"claim": "Its main span is 1,280 metres long.", "evidence": EVIDENCE},
    {"claim": "Joseph Strauss did not design the bridge.", "evidence": EVIDENCE},
    {"claim": "The bridge is painted green and spans the Thames.", "evidence": EVIDENCE},
    {"claim": " ".join(["A very long claim"] * 40), "evidence": EVIDENCE * 5},
]


def main():
    tokenizer = AutoTokenizer.from_pretrained(base_path("minilm-l6"))
    ids, mask, types = encode(tokenizer, PAIRS, MAX_LEN, CLAIM_TOKENS)
    cross = onnxruntime.InferenceSession(str(MODEL / "cross-encoder.onnx"))
    logits = []
    for i in range(len(PAIRS)):  # one run per pair, as served
        n = int(mask[i].sum())
        feed = {"input_ids": ids[i : i + 1, :n].numpy(), "attention_mask": mask[i : i + 1, :n].numpy(),
                "token_type_ids": types[i : i + 1, :n].numpy()}
        logits.append(float(cross.run(["logit"], feed)[0][0]))
    bi = onnxruntime.InferenceSession(str(MODEL / "bi-encoder.onnx"))
    embeddings = []
    for text in [p["claim"] for p in PAIRS[:3]]:
        t = tokenizer(text, return_tensors="np", truncation=True, max_length=MAX_LEN)
        feed = {k: t[k] for k in ["input_ids", "attention_mask", "token_type_ids"]}
        embeddings.append([float(v) for v in bi.run(["embedding"], feed)[0][0]])
    fixture = {
        "made_by": "server/detector/training/encoder/reference.py (reference tokenizer, onnxruntime "
        "Python on the committed int8 models)",
        "maxTokens": MAX_LEN,
        "claimTokens": CLAIM_TOKENS,
        "texts": [{"text": t, "ids": tokenizer.encode(t, add_special_tokens=False)} for t in TEXTS],
        "pairs": [
            {**p, "ids": [int(v) for v, m in zip(ids[i], mask[i]) if m],
             "types": [int(v) for v, m in zip(types[i], mask[i]) if m], "logit": logits[i]}
            for i, p in enumerate(PAIRS)
        ],
        "embeddings": [{"text": PAIRS[i]["claim"], "embedding": e} for i, e in enumerate(embeddings)],
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(fixture, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
