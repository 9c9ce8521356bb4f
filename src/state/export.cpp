#include "export.h"

#include <cmath>

#include "core/one_hot_matmul.h"
#include "i18n/i18n.h"
#include "parse.h"
#include "training.h"

namespace el {

// Tables up to this many numbers are written out whole; larger ones as the looked-up
// rows (and any non-finite cell): every other row is multiplied by 0 in all the
// printed results, so it cannot change them.
constexpr int64_t kWholeTableLimit = 4096;

static std::string py_float(float v, const char* module) {
    if (std::isnan(v)) return std::string(module) + ".nan";
    if (std::isinf(v)) return std::string(v > 0 ? "" : "-") + module + ".inf";
    return format_float(v);
}

static std::string py_row(const float* row, int n, const char* module) {
    std::string out = "[";
    for (int i = 0; i < n; i++) out += (i ? ", " : "") + py_float(row[i], module);
    return out + "]";
}

static std::string py_matrix(const std::vector<float>& m, int rows, int cols, const char* module) {
    std::string out = "[";
    for (int r = 0; r < rows; r++) out += (r ? ",\n     " : "") + py_row(&m[size_t(r) * cols], cols, module);
    return out + "]";
}

static std::string py_ids(const std::vector<int>& ids) {
    std::string out = "[";
    for (size_t i = 0; i < ids.size(); i++) out += (i ? ", " : "") + std::to_string(ids[i]);
    return out + "]";
}

// Prints a (V, d) gradient held in `var`: whole while the table is written whole; past that only its
// looked-up rows, the only ones it can reach, and whether every other row is 0 (a 100,000 x 167
// gradient printed whole was 94 MB of output, 99 % zeros). `others` marks those rows (first call).
static std::string print_grad(const AppState& s, const char* name, const char* var, const char* module, bool first) {
    if (int64_t(s.V) * s.d <= kWholeTableLimit) return format("print('%s =', %s.tolist())\n", name, var);
    return format("%sprint('%s rows =', {k: %s[k].tolist() for k in rows})\nprint('%s is 0 in every other row:', not %s[others].any())\n",
                  first ? format("rows = sorted(set(ids.tolist()))  # the looked-up ids\nothers = %s.ones(V, dtype=bool); others[rows] = False\n", module).c_str() : "",
                  name, var, name, var);
}

// "W = ..." for the table: whole, or the rows that matter.
// np.array(...) or torch.tensor(...): PyTorch has no torch.array.
static std::string make_array(const char* module) {
    return std::string(module) + (std::string(module) == "torch" ? ".tensor(" : ".array(");
}

// The one-hot block (B, V) past kOneHotRowsFloats numbers is built R rows at a time, as the page builds it
// (core/one_hot_matmul.h): whole, at B = 1,024 and V = 100,000, it was 410 MB in NumPy and 1.2 GB in
// PyTorch (F.one_hot's int64 block and its float copy). The same numbers: each output is one sum over V.
static bool one_hot_in_pieces(const AppState& s) { return int64_t(s.B()) * s.V > kOneHotRowsFloats; }
static std::string one_hot_pieces_line(const AppState& s) {
    return format("R = max(1, %lld // V)  # the one-hot block (B, V) whole is %lld floats: R rows at a time, 4 MB, as the page does\n",
                  (long long)kOneHotRowsFloats, (long long)s.B() * s.V);
}

// W is the table as the lookup finds it: before max_norm's rescaling, when it rescaled rows.
static std::string table_lines(const AppState& s, const char* module, const char* zeros) {
    const std::vector<float> before = s.written_back.rows.empty() ? std::vector<float>{} : table_before_lookup(s);
    const std::vector<float>& W = before.empty() ? s.W : before;
    if (int64_t(s.V) * s.d <= kWholeTableLimit)
        return "W = " + make_array(module) + py_matrix(W, s.V, s.d, module) + ", dtype=" + module +
               ".float32)  # (V, d)\n";
    std::string out = "# W has " + std::to_string(int64_t(s.V) * s.d) +
                      " numbers; only the looked-up rows (and any inf/nan cell) change the results below,\n"
                      "# since every other row is multiplied by 0.\n";
    out += "W = " + std::string(zeros) + "\n";
    for (const auto [id, count] : count_ids(s.ids))
        out += "W[" + std::to_string(id) + "] = " + make_array(module) + py_row(&W[size_t(id) * s.d], s.d, module) +
               ")\n";
    for (int r = 0; r < s.V; r++)
        for (int c = 0; c < s.d; c++)
            if (!std::isfinite(W[size_t(r) * s.d + c]))
                out += "W[" + std::to_string(r) + ", " + std::to_string(c) + "] = " +
                       py_float(W[size_t(r) * s.d + c], module) + "\n";
    return out;
}

// The rows max_norm rescaled, as the page lists them ("rows 2, 5"), for the scripts' comments.
static std::string rescaled_rows_text(const AppState& s) {
    std::string out;
    for (int k : s.written_back.rows) out += (out.empty() ? "" : ", ") + std::to_string(k);
    return out;
}

// EmbeddingBag in NumPy, in the page's order of operations (so, bit for bit): each bag's rows added
// (or compared, for max) in batch order, then divided by n_j; and the bag matrix M times W, whose
// sums run over blocks of 512 ids, as the page's matmul kernel adds them.
static std::string numpy_bag_lines(const AppState& s, const Derived& d) {
    const char* mode = s.bag == BagChoice::Sum ? "sum" : s.bag == BagChoice::Mean ? "mean" : "max";
    std::string py = std::string("\n# EmbeddingBag, mode ") + mode + ": bag j reduces ids[offsets[j]:offsets[j+1]]" +
                     (d.result.padding_row >= 0 ? ", the padding id left out" : "") + "\n";
    py += "offsets = " + py_ids(s.offsets) + "\n";
    py += "bag_ids = [[k for k in ids[a:b]" +
          (d.result.padding_row >= 0 ? " if k != " + std::to_string(d.result.padding_row) : std::string()) +
          "] for a, b in zip(offsets, offsets[1:] + [len(ids)])]\n";
    const bool max = s.bag == BagChoice::Max;
    py += "bags = np.zeros((len(offsets), d), dtype=np.float32)  # (bags, d)\n";
    if (max) py += "arg = np.full((len(offsets), d), -1)  # the id holding each bag's max, per column (the first, if tied)\n";
    py += "for j, ks in enumerate(bag_ids):\n";
    py += "    for i, k in enumerate(ks):\n";
    py += max ? "        win = W[k] > bags[j] if i else np.ones(d, dtype=bool)\n"
                "        bags[j], arg[j] = np.where(win, W[k], bags[j]), np.where(win, k, arg[j])\n"
              : "        bags[j] += W[k]\n";
    if (s.bag == BagChoice::Mean) py += "    if ks: bags[j] /= np.float32(len(ks))\n";
    py += "print('bags =', bags.tolist())\n";
    // The bag's own backward, as the page's autograd runs it: one upstream row per bag (G's first rows),
    // each looked-up id's term s_k * (w * g_bag_j) added in batch order.
    const bool scaled = s.lookup.scale_grad_by_freq;
    py += format("n = min(len(offsets), len(ids))\n"
                 "G_bags = np.zeros((len(offsets), d), dtype=np.float32); G_bags[:n] = G[:n]  # (bags, d): G's first rows, as the page takes\n"
                 "dW_bag = np.zeros_like(W)  # EmbeddingBag's gradient: %s",
                 max ? "column c of g_bag_j goes to the row holding that column's max\n"
                       "for j, c in zip(*np.nonzero(arg >= 0)): dW_bag[arg[j, c], c] += G_bags[j, c]\n"
                     : "dW_bag = M^T @ G_bags\nfor j, ks in enumerate(bag_ids):\n    for k in ks: dW_bag[k] += ");
    if (!max)
        py += format("%s%sG_bags[j]%s\n", scaled ? "np.float32(1) / np.float32(counts[k]) * (" : "",
                     s.bag == BagChoice::Mean ? "np.float32(1) / np.float32(len(ks)) * " : "", scaled ? ")" : "");
    py += print_grad(s, "bag_grad", "dW_bag", "np", false);
    if (d.bag.matrix.empty()) return py;  // max is not linear; over the one-hot limit the page has no M either
    py += "M = np.zeros((len(offsets), V), dtype=np.float32)  # the bag matrix: a multi-hot row per bag\n";
    py += "for j, ks in enumerate(bag_ids):\n";
    py += s.bag == BagChoice::Mean ? "    for k in ks: M[j, k] += np.float32(1) / np.float32(len(ks))\n"
                                   : "    for k in ks: M[j, k] += 1\n";
    py += "bags_matmul = None\n";
    py += "for k0 in range(0, V, 512):\n";
    py += "    part = np.zeros((len(offsets), d), dtype=np.float32)\n";
    py += "    for k in range(k0, min(k0 + 512, V)): part += M[:, k:k + 1] * W[k]\n";
    py += "    bags_matmul = part if bags_matmul is None else bags_matmul + part\n";
    if (int64_t(d.bag.bags) * s.V <= kWholeTableLimit) py += "print('M =', M.tolist())\n";
    py += "print('bags_matmul =', bags_matmul.tolist())  # M @ W\n";
    return py;
}

std::string numpy_script(const AppState& s, const Derived& d) {
    const EmbeddingOptions& o = s.lookup;
    std::string py = "# Embedding Lab: this state in NumPy (float32 throughout). Letters as on the page:\n"
                     "# V ids, width d, a batch of B ids, upstream gradient G = dL/dout.\n"
                     "import numpy as np\n\n";
    py += "V, d = " + std::to_string(s.V) + ", " + std::to_string(s.d) + "\n";
    py += table_lines(s, "np", "np.zeros((V, d), dtype=np.float32)");
    py += "ids = np.array(" + py_ids(s.ids) + ")  # (B,)\n";
    py += "G = np.array(" + py_matrix(s.upstream, s.B(), s.d, "np") + ", dtype=np.float32)  # (B, d)\n\n";
    if (o.max_norm) {
        py += "# max_norm: looked-up rows longer than max_norm are rescaled in place first";
        py += s.written_back.rows.empty() ? "\n" : " (here rows " + rescaled_rows_text(s) + ", as on the page)\n";
        py += "for k in sorted(set(ids.tolist())):\n";
        py += "    # the norm in float32, then widened, as PyTorch takes it; PyTorch adds the squares in another\n";
        py += "    # order, so a rescaled row can differ from the page's in its last bits\n";
        py += "    norm = float(np.linalg.norm(W[k], ord=" + py_float(o.norm_type, "np") + "))\n";
        py += "    if norm > " + format_float(float(*o.max_norm)) + ":\n";
        py += "        W[k] = W[k] * np.float32(" + format_float(float(*o.max_norm)) + " / (norm + 1e-7))\n";
    }
    py += "gather = W[ids]                              # (B, d) the lookup\n";
    const bool pieces = one_hot_in_pieces(s);
    if (!pieces) {
        py += "onehot = np.zeros((len(ids), V), dtype=np.float32)  # (B, V): only the B one-hot rows, never V x V\n";
        py += "onehot[np.arange(len(ids)), ids] = 1         # e_i for each id\n";
        py += "matmul = onehot @ W                          # (B, d) the same numbers, every zero multiplied\n\n";
    } else {
        py += one_hot_pieces_line(s);
        py += "def onehot_rows(b0):                         # rows b0 .. b0+R-1 of the one-hot block, (R, V)\n"
              "    piece = np.zeros((len(ids[b0:b0 + R]), V), dtype=np.float32)\n"
              "    piece[np.arange(len(piece)), ids[b0:b0 + R]] = 1  # e_i for each id\n"
              "    return piece\n";
        py += "matmul = np.concatenate([onehot_rows(b0) @ W for b0 in range(0, len(ids), R)])  # (B, d) the same numbers, every zero multiplied\n\n";
    }
    py += "# backward: row k of dW sums g_b over the positions b whose id is k\n";
    if (o.sparse && o.scale_grad_by_freq)
        py += "# (PyTorch refuses this backward: sparse=True with scale_grad_by_freq=True raises a RuntimeError, and the\n"
              "# page computes none. What it would be, dense:)\n";
    std::string scale = "G";
    if (o.scale_grad_by_freq) {
        py += "counts = np.bincount(ids, minlength=V)\n";
        py += "s = (np.float32(1) / counts[ids].astype(np.float32))[:, None]  # scale_grad_by_freq: s_k = 1/c_k\n";
        scale = "G * s";
        if (!pieces) py += "S = onehot * s\n";
    }
    py += "keep = np.ones(len(ids), dtype=bool)\n";
    if (o.padding_idx) py += "keep = ids != (" + std::to_string(*o.padding_idx) + " % V)  # padding_idx: no gradient\n";
    py += "dW = np.zeros_like(W)\n";
    py += "np.add.at(dW, ids[keep], (" + scale + ")[keep])   # scatter-add: repeated ids accumulate\n";
    if (!pieces)
        py += std::string("dW_matmul = (") + (o.scale_grad_by_freq ? "S" : "onehot") + " * keep[:, None]).T @ G  # (V, d) the one-hot route\n\n";
    else
        py += std::string("dW_matmul = np.zeros_like(W)  # (V, d) the one-hot route: S^T @ G, R rows of S at a time\n"
                          "for b0 in range(0, len(ids), R):\n"
                          "    dW_matmul += (onehot_rows(b0)") + (o.scale_grad_by_freq ? " * s[b0:b0 + R]" : "") +
              " * keep[b0:b0 + R, None]).T @ G[b0:b0 + R]\n\n";
    py += "print('gather =', gather.tolist())\n";
    py += "print('matmul =', matmul.tolist())\n";
    py += print_grad(s, "grad", "dW", "np", true);
    py += "print('routes agree (forward):', np.array_equal(gather, matmul, equal_nan=True))\n";
    // nan where one route has nan and the other not (0 * inf in the one-hot route): the routes differ
    // there, which np.nanmax would skip; the same inf or nan in both counts as agreeing.
    py += "same = (dW == dW_matmul) | (np.isnan(dW) & np.isnan(dW_matmul))\n";
    py += "diff = np.subtract(dW, dW_matmul, out=np.zeros_like(dW), where=~same)\n";
    py += "print('largest difference between the two gradients:', float(np.abs(diff).max()) if dW.size else 0.0)\n";
    if (s.bag != BagChoice::None && d.bag.bags > 0) py += numpy_bag_lines(s, d);
    return py;
}

// The training lab's Step in PyTorch: one step of its optimizer and loss from W as the page holds it, the
// optimizer started afresh (as the page's first Step after Reset, or on a link). `args`: the lookup's.
static std::string pytorch_step_lines(const AppState& s, std::string args) {
    const OptimizerConfig& o = s.optimizer;
    const OptimizerKind kind = o.kind;
    if (kind == OptimizerKind::kLazySGD) return "\n# Step: PyTorch has no lazy SGD\n";
    if (!training_optimizer_check(s).ok()) return "\n# Step: PyTorch refuses these settings, as the page\n";
    std::string py = "\n# The training lab's Step, a fresh optimizer (as after Reset)\nW1 = W.detach().clone().requires_grad_(True)\nopt = torch.optim.";
    const auto arg = [&](const char* name, float v) { py += std::string(", ") + name + "=" + format_float(v); };
    py += kind == OptimizerKind::kSGD ? "SGD" : kind == OptimizerKind::kAdam ? "Adam" : kind == OptimizerKind::kAdamW ? "AdamW" : "SparseAdam";
    py += "([W1]";
    arg("lr", o.lr);
    if (kind == OptimizerKind::kSGD) arg("momentum", o.momentum), arg("dampening", o.dampening), py += o.nesterov ? ", nesterov=True" : "";
    else py += ", betas=(" + format_float(o.beta1) + ", " + format_float(o.beta2) + ")", arg("eps", o.eps);
    if (kind != OptimizerKind::kLazyAdam) arg("weight_decay", o.weight_decay);
    py += ")\nout1 = F.embedding(ids, W1" + args + ")\n";
    if (s.loss == LossKind::Mse) {
        py += "T = torch.zeros(V, d)  # the targets of the looked-up ids\n";
        for (const auto [k, count] : count_ids(s.ids)) {
            py += format("T[%d] = torch.tensor([", k);
            for (int c = 0; c < s.d; c++) py += (c ? ", " : "") + format_float(training_target(s, k, c));
            py += "])\n";
        }
        py += "F.mse_loss(out1, T[ids]).backward()\n";
    } else
        py += "(out1 * G).sum().backward()\n";
    // SparseAdam takes only a sparse gradient. A dense lookup's, made sparse as the page reads it: the rows
    // whose gradient is not 0 (sparse=True in the lookup kept rows whose terms cancel, and refused
    // scale_grad_by_freq, which the page's lazy Adam takes).
    if (kind == OptimizerKind::kLazyAdam && !s.lookup.sparse) py += "W1.grad = W1.grad.to_sparse(1)  # its rows not 0\n";
    py += "opt.step()\n";
    // The page's lookup of the new W rescales it in place, as the next forward pass would.
    if (s.lookup.max_norm) py += "with torch.no_grad(): F.embedding(ids, W1" + args + ")\n";
    if (int64_t(s.V) * s.d > kWholeTableLimit) return py + "print('stepped rows =', {k: W1[k].tolist() for k in rows})\n";
    return py + "print('rows changed:', (W1 != W).any(1).nonzero().flatten().tolist())\nprint('stepped =', W1.tolist())\n";
}

std::string pytorch_script(const AppState& s, const Derived& /*d: the rows max_norm rescaled are in s.written_back*/) {
    const EmbeddingOptions& o = s.lookup;
    std::string py = "# Embedding Lab: this state in PyTorch. Letters as on the page:\n"
                     "# V ids, width d, a batch of B ids, upstream gradient G = dL/dout.\n"
                     "import torch\nimport torch.nn.functional as F\n\n";
    py += "V, d = " + std::to_string(s.V) + ", " + std::to_string(s.d) + "\n";
    py += table_lines(s, "torch", "torch.zeros(V, d)");
    py += "W = W.clone().requires_grad_(True)\n";
    py += "ids = torch.tensor(" + py_ids(s.ids) + ")  # (B,)\n";
    py += "G = torch.tensor(" + py_matrix(s.upstream, s.B(), s.d, "torch") + ")  # (B, d)\n\n";
    std::string args;
    if (o.padding_idx) args += ", padding_idx=" + std::to_string(*o.padding_idx);
    if (o.max_norm)
        args += ", max_norm=" + format_float(float(*o.max_norm)) +
                ", norm_type=" + (std::isinf(o.norm_type) ? std::string("float('inf')") : format_float(o.norm_type));
    if (o.scale_grad_by_freq) args += ", scale_grad_by_freq=True";
    if (o.sparse) args += ", sparse=True";
    if (o.max_norm) {
        py += "# max_norm rescales each looked-up row of W whose norm exceeds it, in place, during the forward pass";
        py += s.written_back.rows.empty() ? " (none here: no looked-up row of this W is longer)\n"
                                            : " (here rows " + rescaled_rows_text(s) + ", as on the page)\n";
        py += "W_before = W.detach().clone()\n";
    }
    py += "out = F.embedding(ids, W" + args + ")  # (B, d) the lookup\n";
    if (!one_hot_in_pieces(s)) {
        py += "onehot = F.one_hot(ids, V).float()       # (B, V)\n";
        py += "matmul = onehot @ W.detach()              # (B, d) the same numbers, every zero multiplied\n";
    } else {
        py += one_hot_pieces_line(s);
        py += "matmul = torch.cat([F.one_hot(ids[b0:b0 + R], V).float() @ W.detach() for b0 in range(0, len(ids), R)])"
              "  # (B, d) the same numbers, every zero multiplied\n";
    }
    // PyTorch's backward raises for sparse with scale_grad_by_freq, as the page refuses it: left out.
    const bool refused = o.sparse && o.scale_grad_by_freq;
    if (refused)
        py += "# No backward: PyTorch refuses sparse=True with scale_grad_by_freq=True (RuntimeError), and the\n"
              "# page does not compute it either.\n";
    else
        py += "out.backward(G)                           # dW: rows of the looked-up ids only\n";
    if (o.scale_grad_by_freq && !refused)  // (WebAssembly has no fused multiply-add; the page's two routes stay equal)
        py += "# PyTorch's CPU kernel adds s_k * g_b with a fused multiply-add (one rounding): a row it scales can\n"
              "# differ from the page's in its last bit (the page rounds the product first)\n";
    py += "\n";
    py += "print('gather =', out.tolist())\n";
    if (o.max_norm)
        py += "print('rows max_norm rescaled:', (~torch.isclose(W.detach(), W_before, rtol=0, atol=0, equal_nan=True))"
              ".any(1).nonzero().flatten().tolist())\n";
    py += "print('matmul =', matmul.tolist())\n";
    if (refused) py += "print('grad: not computed (sparse with scale_grad_by_freq)')\n";
    else py += format("dW = W.grad%s\n", o.sparse ? ".to_dense()" : "") + print_grad(s, "grad", "dW", "torch", true) +
               pytorch_step_lines(s, args);
    if (s.bag != BagChoice::None) {  // after the lookup's prints: where the page refuses the bags, PyTorch stops here
        const char* mode = s.bag == BagChoice::Sum ? "sum" : s.bag == BagChoice::Mean ? "mean" : "max";
        py += "\noffsets = torch.tensor(" + py_ids(s.offsets) + ")  # bag j: ids[offsets[j]:offsets[j+1]]\n";
        // The bag's own backward: one upstream row per bag (the page takes G's first rows), not G
        // per position (the grad printed above is the per-position lookup's).
        py += "W_bag = W.detach().clone().requires_grad_(True)  # W as the lookup left it\n";
        py += std::string("bags = F.embedding_bag(ids, W_bag, offsets, mode='") + mode + "'" +
              (o.padding_idx ? ", padding_idx=" + std::to_string(*o.padding_idx) : std::string()) +
              // (max refuses either, as the page does: the script stops here with PyTorch's message)
              (o.scale_grad_by_freq ? ", scale_grad_by_freq=True" : "") + (o.sparse ? ", sparse=True" : "") + ")  # (bags, d)\n";
        py += "print('bags =', bags.tolist())\n";
        if (!refused) {
            py += "n = min(len(offsets), len(ids))\n";
            py += "G_bags = torch.zeros(len(offsets), d); G_bags[:n] = G[:n]  # (bags, d): G's first rows, as the page takes\n";
            py += "bags.backward(G_bags)  # the bag's gradient: dW_bag = M^T @ G_bags (max: to the rows holding it)\n";
            if (o.scale_grad_by_freq)  // (a bag of max refuses it: the script stopped above)
                py += "# PyTorch's CPU kernel before pytorch/pytorch#190264 divides some rows by another id's count here\n"
                      "# (issue #190063): where its dW_bag differs, the page's divides row k by c_k, as documented\n";
            py += format("dW_bag = W_bag.grad%s\n", o.sparse ? ".to_dense()" : "") + print_grad(s, "bag_grad", "dW_bag", "torch", false);
        }
    }
    return py;
}

}  // namespace el
