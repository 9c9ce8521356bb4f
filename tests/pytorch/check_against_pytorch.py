#!/usr/bin/python3
"""PyTorch as the referee: runs the core's driver, then PyTorch on the same inputs, and compares.

    /usr/bin/python3 tests/pytorch/check_against_pytorch.py build/native/pytorch_differential_driver

Debian's python3-torch (PyTorch 1.13) on Debian's python3. The driver writes one JSON line per case
(tests/pytorch/differential_driver.cpp); float arrays arrive as their exact bits. Bounds:
  forward, gather and one-hot matmul vs F.embedding    bit for bit (nan counts equal to nan)
  W after max_norm (embedding_renorm_)                 bit for bit
  table gradient                                       bit for bit where the summation order is the
                                                       same, else 1e-6 relative (see rel() below)
  embedding_bag output and gradients                   1e-6 relative
  optimizer runs, W after each of 10 steps             1e-5 relative (SGD incl. sparse gradients, Adam,
                                                       AdamW, sparse SGD vs lazy SGD); lazy Adam vs SparseAdam
                                                       1e-6 (it follows SparseAdam's own formula; the dense-Adam
                                                       form it had before differed by 2.9e-6)
Prints the worst difference per category and exits 1 if any is above its bound.
"""
import json
import subprocess
import sys

import numpy as np
import torch
import torch.nn.functional as F

torch.set_num_threads(1)

BOUNDS = {"forward gather": 0.0, "forward one-hot matmul": 0.0, "W after max_norm": 0.0,
          "table gradient": 1e-6, "table gradient, one-hot route": 1e-6, "bag output": 1e-6,
          "bag table gradient": 1e-6, "bag per_sample_weights gradient": 1e-6,
          "SGD steps": 1e-5, "Adam steps": 1e-5, "AdamW steps": 1e-5,
          "lazy Adam steps vs SparseAdam": 1e-6, "lazy SGD steps vs SGD on sparse gradients": 1e-5}
OPTIMIZER_CATEGORY = {"SGD": "SGD steps", "Adam": "Adam steps", "AdamW": "AdamW steps",
                      "lazy Adam": "lazy Adam steps vs SparseAdam",
                      "lazy SGD": "lazy SGD steps vs SGD on sparse gradients"}


def arr(bits):
    """The exact float32 values of a driver array (8 hex digits of IEEE-754 bits each)."""
    return np.frombuffer(bytes.fromhex(bits), dtype=">u4").view(">f4").astype(np.float32)


def num(text):
    return float.fromhex(text) if text not in ("inf", "-inf", "nan") else float(text)


class Category:
    def __init__(self, name):
        self.name, self.values, self.exact, self.worst, self.where = name, 0, 0, 0.0, ""

    def compare(self, case, core, ref, scale=None):
        """core and ref: float32 arrays. Relative difference |core - ref| / max(|ref|, scale), where
        scale (default: the largest |ref| of the array, at least 1e-30) keeps numbers that cancel
        to nearly zero from counting as large relative errors."""
        core, ref = np.asarray(core, np.float32).ravel(), np.asarray(ref, np.float32).ravel()
        if core.shape != ref.shape:
            self.worst, self.where = float("inf"), f"{case}: {core.shape} numbers vs PyTorch's {ref.shape}"
            return
        both_nan = np.isnan(core) & np.isnan(ref)
        same_bits = (core.view(np.uint32) == ref.view(np.uint32)) | both_nan
        self.values += core.size
        self.exact += int(same_bits.sum())
        if same_bits.all():
            return
        finite = np.isfinite(ref) & np.isfinite(core)
        if not np.array_equal(np.isfinite(core) | both_nan, np.isfinite(ref) | both_nan) or \
                (~finite & ~same_bits).any():
            rel = float("inf")
        else:
            if scale is None:
                scale = max(float(np.abs(ref[finite]).max(initial=0.0)), 1e-30)
            d = np.abs(core.astype(np.float64) - ref.astype(np.float64))
            rels = d / np.maximum(np.abs(ref.astype(np.float64)), scale)
            rel = float(rels.max())
        if rel > self.worst or self.worst == 0.0:
            i = int(np.argmax(~same_bits)) if rel == float("inf") else int(np.argmax(rels))
            self.worst, self.where = max(rel, self.worst), f"{case}: index {i}, core {core[i]!r} vs PyTorch {ref[i]!r}"

    def line(self):
        bound = BOUNDS[self.name]
        ok = self.worst <= bound
        text = (f"{'ok  ' if ok else 'FAIL'} {self.name:34s} {self.values:8d} numbers, {self.exact:8d} bit for bit, "
                f"worst relative difference {self.worst:.3g} (bound {bound:g})")
        if self.worst > 0:
            text += f"\n       worst: {self.where}"
        return ok, text


CATS = {name: Category(name) for name in BOUNDS}


def ids_tensor(ids):
    return torch.tensor(ids, dtype=torch.long)


def check_embedding(c):
    V, d, o = c["V"], c["d"], c["options"]
    W = torch.from_numpy(arr(c["W"]).reshape(V, d).copy()).requires_grad_(True)
    ids = ids_tensor(c["ids"])
    G = torch.from_numpy(arr(c["G"]).reshape(len(c["ids"]), d).copy())
    kwargs = dict(padding_idx=o["padding_idx"], scale_grad_by_freq=o["scale_grad_by_freq"], sparse=o["sparse"])
    if o["max_norm"] is not None:
        kwargs.update(max_norm=float(o["max_norm"]), norm_type=num(o["norm_type"]))
    out = F.embedding(ids, W, **kwargs)
    out.backward(G)
    grad = W.grad.to_dense() if W.grad.is_sparse else W.grad
    W_after, grad = W.detach().numpy(), grad.numpy()
    name = c["name"]
    CATS["forward gather"].compare(name, arr(c["gather"]), out.detach().numpy())
    if "matmul" in c:
        matmul = (F.one_hot(ids, V).float() @ W.detach()).numpy() if len(c["ids"]) else np.zeros((0, d), np.float32)
        CATS["forward one-hot matmul"].compare(name, arr(c["matmul"]), matmul)
        if np.isfinite(arr(c["W"])).all():  # a finite table: the one-hot route equals F.embedding itself
            CATS["forward one-hot matmul"].compare(name + " (vs F.embedding)", arr(c["matmul"]), out.detach().numpy())
    if "W_after" in c:
        if o["max_norm"] is not None:
            CATS["W after max_norm"].compare(name, arr(c["W_after"]), W_after)
        CATS["table gradient"].compare(name, arr(c["grad"]), grad)
        if "grad_matmul" in c:
            CATS["table gradient, one-hot route"].compare(name, arr(c["grad_matmul"]), grad)
    else:  # a large table: the looked-up rows, and nothing else moved or got gradient in PyTorch
        rows = c["rows"]
        if o["max_norm"] is not None:
            CATS["W after max_norm"].compare(name, arr(c["W_after_rows"]), W_after[rows])
        CATS["table gradient"].compare(name, arr(c["grad_rows"]), grad[rows])
        others = np.ones(V, dtype=bool)
        others[rows] = False
        CATS["W after max_norm"].compare(name + " (rows not looked up)", arr(c["W"]).reshape(V, d)[others],
                                         W_after[others])
        CATS["table gradient"].compare(name + " (rows not looked up)", np.zeros((int(others.sum()), d)),
                                       grad[others])


def check_bag(c):
    V, d = c["V"], c["d"]
    W = torch.from_numpy(arr(c["W"]).reshape(V, d).copy()).requires_grad_(True)
    psw = None
    if c["per_sample_weights"] is not None:
        psw = torch.from_numpy(arr(c["per_sample_weights"]).copy()).requires_grad_(True)
    out = F.embedding_bag(ids_tensor(c["ids"]), W, ids_tensor(c["offsets"]), mode=c["mode"],
                          per_sample_weights=psw, padding_idx=c["padding_idx"])
    out.backward(torch.from_numpy(arr(c["G"]).reshape(out.shape).copy()))
    name = f"{c['name']} (bag {c['mode']})"
    CATS["bag output"].compare(name, arr(c["out"]), out.detach().numpy())
    CATS["bag table gradient"].compare(name, arr(c["grad"]), W.grad.to_dense().numpy())
    if psw is not None:
        CATS["bag per_sample_weights gradient"].compare(name, arr(c["grad_weights"]), psw.grad.numpy())


def make_optimizer(c, params):
    lr, wd = num(c["lr"]), num(c["weight_decay"])
    betas, eps = (num(c["beta1"]), num(c["beta2"])), num(c["eps"])
    kind = c["optimizer"]
    if kind in ("SGD", "lazy SGD"):  # lazy SGD against SGD on sparse gradients (no momentum there)
        return torch.optim.SGD(params, lr=lr, momentum=num(c["momentum"]), dampening=num(c["dampening"]),
                               nesterov=c["nesterov"], weight_decay=wd)
    if kind == "Adam":
        return torch.optim.Adam(params, lr=lr, betas=betas, eps=eps, weight_decay=wd)
    if kind == "AdamW":
        return torch.optim.AdamW(params, lr=lr, betas=betas, eps=eps, weight_decay=wd)
    if kind == "lazy Adam":
        return torch.optim.SparseAdam(params, lr=lr, betas=betas, eps=eps)
    raise SystemExit(f"unknown optimizer {kind!r} in case {c['name']}")


def check_optim(c):
    V, d, o = c["V"], c["d"], c["options"]
    W = torch.nn.Parameter(torch.from_numpy(arr(c["W"]).reshape(V, d).copy()))
    opt = make_optimizer(c, [W])
    for t in range(10):
        ids = c["first"] if t < 5 else c["second"]
        G = torch.from_numpy(arr(c["G"][t]).reshape(len(ids), d).copy())
        opt.zero_grad(set_to_none=True)
        kwargs = dict(padding_idx=o["padding_idx"], scale_grad_by_freq=o["scale_grad_by_freq"], sparse=o["sparse"])
        if o["max_norm"] is not None:
            kwargs.update(max_norm=float(o["max_norm"]), norm_type=num(o["norm_type"]))
        out = F.embedding(ids_tensor(ids), W, **kwargs)
        (out * G).sum().backward()
        opt.step()
        # relative to the table's scale: a value that shrinks towards 0 is judged against the row sizes
        CATS[OPTIMIZER_CATEGORY[c["optimizer"]]].compare(f"{c['name']} ({c['optimizer']}, step {t + 1})", arr(c["W_steps"][t]),
                                        W.detach().numpy())


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: check_against_pytorch.py <path to pytorch_differential_driver> [states]")
    states = sys.argv[2] if len(sys.argv) > 2 else "200"
    run = subprocess.run([sys.argv[1], states], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"the driver failed (exit {run.returncode}):\n{run.stderr}")
    kinds = {"embedding": check_embedding, "bag": check_bag, "optim": check_optim}
    counts = {}
    for line in run.stdout.splitlines():
        c = json.loads(line)
        kinds[c["kind"]](c)
        counts[c["kind"]] = counts.get(c["kind"], 0) + 1
    print(f"PyTorch {torch.__version__}: {counts.get('embedding', 0)} embedding cases, {counts.get('bag', 0)} bags, "
          f"{counts.get('optim', 0)} optimizer runs of 10 steps")
    ok_all = True
    for cat in CATS.values():
        ok, text = cat.line()
        ok_all &= ok and cat.values > 0
        if cat.values == 0:
            text += "  <- nothing compared"
        print(text)
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
