#include "tensor.h"

#include <algorithm>

#include "lesson.h"
#include "limits.h"

namespace el {

Tensor Tensor::zeros(int rows, int cols) { return leaf(rows, cols, {}); }

// A leaf holding `values`, or zeros when there are none; its gradient zeros. (from() filled the
// data with zeros and then replaced it: 6.4 MB written for nothing, twice a commit, at V = 100,000.)
Tensor Tensor::leaf(int rows, int cols, std::vector<float> values) {
    if (rows < 1 || cols < 1) return failed("a tensor needs at least one row and one column, not " +
                                            shape_text(rows, cols));
    if (int64_t(rows) * cols > kMaxTensorNumbers)
        return failed("a " + shape_text(rows, cols) + " tensor would hold more than the " +
                      std::to_string(kMaxTensorNumbers) + " numbers of the largest table (V x d at their limits)");
    Tensor t;
    t.node_ = NodeRef(new TensorNode());
    t.node_->rows = rows, t.node_->cols = cols;
    if (values.empty()) values.assign(size_t(rows) * size_t(cols), 0.0f);
    t.node_->data = std::move(values);
    t.node_->grad.assign(size_t(rows) * size_t(cols), 0.0f);
    t.node_->sparse_grad.cols = cols;
    t.node_->op = "leaf";
    t.error_.clear();
    return t;
}

Tensor Tensor::from(int rows, int cols, std::vector<float> values) {
    if (int64_t(values.size()) != int64_t(rows) * cols)
        return failed("a " + shape_text(rows, cols) + " tensor needs " + std::to_string(int64_t(rows) * cols) +
                      " numbers, got " + std::to_string(values.size()));
    return leaf(rows, cols, std::move(values));
}

Tensor Tensor::failed(std::string message) {
    Tensor t;
    t.error_ = std::move(message);
    return t;
}

Tensor Tensor::make(int rows, int cols, std::vector<Tensor> parents, std::string op) {
    Tensor t = zeros(rows, cols);
    if (!t.ok()) return t;
    for (Tensor& p : parents) t.node_->parents.push_back(p.node_);
    t.node_->op = std::move(op);
    return t;
}

void Tensor::zero_grad() {
    std::fill(node_->grad.begin(), node_->grad.end(), 0.0f);
    node_->sparse_grad.indices.clear();
    node_->sparse_grad.rows.clear();
}

Status Tensor::backward() {
    if (!ok()) return status();
    if (size() != 1)
        return Status::Fail("backward starts from a scalar loss, not a " + shape_text(rows(), cols()) + " tensor");
    // topological order: every node after all of its parents (iterative DFS, no recursion limit)
    // (a node is marked with this pass's number, not kept in a set: no hash table in the page)
    static uint64_t pass = 0;
    pass++;
    std::vector<TensorNode*> topo;
    std::vector<std::pair<TensorNode*, size_t>> stack{{node_.get(), 0}};
    node_->visited = pass;
    while (!stack.empty()) {
        auto& [n, next_parent] = stack.back();
        if (next_parent < n->parents.size()) {
            TensorNode* p = n->parents[next_parent++].get();
            if (p->visited != pass) p->visited = pass, stack.push_back({p, 0});
        } else {
            topo.push_back(n);
            stack.pop_back();
        }
    }
    // intermediate gradients restart from zero, so a second backward through the same graph
    // adds exactly one more gradient into the leaves (leaves keep accumulating)
    for (TensorNode* n : topo)
        if (!n->parents.empty()) std::fill(n->grad.begin(), n->grad.end(), 0.0f);
    // one reverse sweep, from the loss back to the leaves
    node_->grad[0] += 1.0f;
    for (auto it = topo.rbegin(); it != topo.rend(); ++it)
        if ((*it)->backward) (*it)->backward();
    return Status::Ok();
}

void zero_grad(std::vector<Tensor>& params) {
    for (Tensor& p : params)
        if (p.ok()) p.zero_grad();
}

std::vector<float> sparse_to_dense(const SparseGrad& g, int rows) {
    std::vector<float> dense(size_t(rows) * size_t(g.cols), 0.0f);
    for (size_t n = 0; n < g.indices.size(); n++) {
        float* dense_ix = dense.data() + int64_t(g.indices[n]) * g.cols;
        const float* row_n = g.rows.data() + int64_t(n) * g.cols;
        for (int c = 0; c < g.cols; c++) dense_ix[c] += row_n[c];
    }
    return dense;
}

std::vector<int> differing_values(const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<int> out;
    for (size_t i = 0; i < a.size() && i < b.size(); i++)
        if (!same_value(a[i], b[i])) out.push_back(int(i));
    return out;
}

std::string shape_text(int rows, int cols) {
    std::string text = "(";
    text += std::to_string(rows);
    text += ",";
    text += std::to_string(cols);
    text += ")";
    return text;  // built step by step: g++ 12 warns (falsely, -Wrestrict) on "(" + ...
}

}  // namespace el
