"""The training script's own test: one step on four pairs, then the exported model and the report,
a resumed run, and a finished run extended by a second epoch; and the second base, MiniLM-L3,
rebuilt from its ONNX graph (bases.py checks it against the graph's output) and trained one step.
Needs the training environment (not CI's):
  python -m unittest server/detector/training/encoder/test_train.py
"""
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).parent
PAIRS = [
    {"claim": "The bridge opened in 1937.", "evidence": "The bridge opened on May 27, 1937.",
     "label": 0, "set": "a", "source": "labelled"},
    {"claim": "The bridge opened in 1952.", "evidence": "The bridge opened on May 27, 1937.",
     "label": 1, "set": "a", "source": "labelled"},
    {"claim": "It is red.", "evidence": "The bridge is painted international orange.",
     "label": 1, "set": "b", "source": "negation"},
    {"claim": "It is orange.", "evidence": "The bridge is painted international orange.",
     "label": 0, "set": "b", "source": "labelled"},
]


def train(tmp, steps, *extra):
    """train.py on PAIRS (as training and validation pairs) into tmp/run, `steps` steps of 2."""
    pairs = Path(tmp) / "pairs.jsonl"
    pairs.write_text("".join(json.dumps(p) + "\n" for p in PAIRS))
    command = [sys.executable, str(HERE / "train.py"), "--pairs", str(pairs), "--val", str(pairs),
               "--out", str(Path(tmp) / "run"), "--batch", "2", "--evals", "1",
               "--steps", str(steps), "--max-len", "32", *extra]
    return subprocess.run(command, capture_output=True, text=True)


class OneStep(unittest.TestCase):
    def test_one_step_then_export_and_resume(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "run"
            first = train(tmp, 1)
            self.assertEqual(first.returncode, 0, first.stderr)
            report = json.loads((out / "encoder-report.json").read_text())
            self.assertEqual(report["steps"], 1)
            self.assertEqual(report["pairsSeen"], 2)
            self.assertEqual(report["curve"][-1]["step"], 1)
            for name in ["cross-encoder.onnx", "bi-encoder.onnx", "vocab.txt", "checkpoint.pt"]:
                self.assertTrue((out / name).stat().st_size > 0, name)
            # A rerun goes on from the checkpoint instead of starting over.
            second = train(tmp, 2)
            self.assertEqual(second.returncode, 0, second.stderr)
            self.assertIn("resumed at step 1", second.stderr)
            self.assertEqual(json.loads((out / "encoder-report.json").read_text())["steps"], 2)
            # Two steps were one epoch of four pairs: a second epoch extends the finished run.
            third = train(tmp, 4, "--epochs", "2")
            self.assertEqual(third.returncode, 0, third.stderr)
            self.assertIn("the plan changed from 2 to 4 steps", third.stderr)
            report = json.loads((out / "encoder-report.json").read_text())
            self.assertEqual((report["steps"], report["epochs"], report["extendedFrom"]), (4, 2, [2]))


class OtherBase(unittest.TestCase):
    def test_minilm_l3_is_rebuilt_from_its_graph_and_trains(self):
        with tempfile.TemporaryDirectory() as tmp:
            result = train(tmp, 1, "--base", "minilm-l3")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("MiniLM-L3 rebuilt from its ONNX graph", result.stderr)
            config = json.loads((Path(tmp) / "base-minilm-l3" / "config.json").read_text())
            self.assertEqual(config["num_hidden_layers"], 3)
            report = json.loads((Path(tmp) / "run" / "encoder-report.json").read_text())
            self.assertEqual(report["base"], "minilm-l3")


if __name__ == "__main__":
    unittest.main()
