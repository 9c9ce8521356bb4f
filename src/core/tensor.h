// A small tensor with autograd at tensor granularity, in the manner of micrograd:
// every op makes its output with its parents and an op tag, attaches a backward
// closure, and returns it. backward() is a topological sort, then one reverse sweep.
// Gradients always accumulate (+=), so a tensor used twice (or an id looked up three
// times) needs no special case. Zeroing gradients is its own call.
//
// Every tensor is a float32 matrix (rows, cols), row-major: a table W is (V,d), a batch of
// looked-up rows is (B,d), a scalar loss is (1,1). Letters as in the lesson:
// V = ids/rows of the table, d = width, B = ids looked up at once.
//
// Errors travel inside the handle: an op given bad shapes returns a tensor with
// ok() == false and a message, and any op given such a tensor passes the first error
// on. A chain of ops is checked once, at the end, and nothing crashes on bad input.
#pragma once
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "limits.h"
#include "status.h"

namespace el {

// No tensor is larger than the largest table, V x d at their limits (51.2 M numbers).
constexpr int64_t kMaxTensorNumbers = int64_t(kMaxV) * kMaxD;

// A sparse gradient, as PyTorch's sparse=True embedding gives it: one (index, row)
// pair per looked-up occurrence, not summed. Rows of the same index add up.
struct SparseGrad {
    int cols = 0;
    std::vector<int> indices;  // (n,)   row of the table each pair belongs to
    std::vector<float> rows;   // (n,cols) the gradient rows, in the order produced
    bool empty() const { return indices.empty(); }
};

struct TensorNode;

// A counted reference to a node, as std::shared_ptr would hold it: the last one deletes it.
// Not std::shared_ptr: its control block's base class is compiled in the C++ library with RTTI,
// so the page's wasm linked the library's type_info classes and __dynamic_cast with it (the page
// is built without RTTI): 3.9 KB of wasm, 1.5 KB gzip.
// Op closures hold plain TensorNode* (see autograd.cpp): only tensors and parents count.
class NodeRef {
public:
    NodeRef() = default;
    explicit NodeRef(TensorNode* n);  // takes a new node (its count 0)
    NodeRef(const NodeRef& other);
    NodeRef(NodeRef&& other) noexcept : node_(other.node_) { other.node_ = nullptr; }
    NodeRef& operator=(NodeRef other) noexcept { std::swap(node_, other.node_); return *this; }
    ~NodeRef();
    TensorNode* get() const { return node_; }
    TensorNode* operator->() const { return node_; }

private:
    TensorNode* node_ = nullptr;
};

struct TensorNode {
    int rows = 0, cols = 0;
    std::vector<float> data;  // (rows,cols)
    std::vector<float> grad;  // (rows,cols) dL/d(data), added into by backward
    SparseGrad sparse_grad;   // filled instead of grad by ops in sparse mode
    std::vector<NodeRef> parents;
    std::function<void()> backward;  // adds this node's grad into its parents' grads
    std::string op;                  // tag for display: "leaf", "matmul", "embedding", ...
    uint64_t visited = 0;            // the last backward() pass that reached it (its topological sort)
    int64_t refs = 0;                // NodeRefs to it
};

inline NodeRef::NodeRef(TensorNode* n) : node_(n) { node_->refs++; }
inline NodeRef::NodeRef(const NodeRef& other) : node_(other.node_) { if (node_) node_->refs++; }
inline NodeRef::~NodeRef() { if (node_ && --node_->refs == 0) delete node_; }

class Tensor {
public:
    Tensor() : error_("empty tensor") {}
    static Tensor zeros(int rows, int cols);
    // Copies `values`, which must hold rows*cols numbers.
    static Tensor from(int rows, int cols, std::vector<float> values);
    static Tensor scalar(float value) { return from(1, 1, {value}); }
    static Tensor failed(std::string message);

    bool ok() const { return node_.get() != nullptr; }
    Status status() const { return ok() ? Status::Ok() : Status::Fail(error_); }

    int rows() const { return node_->rows; }
    int cols() const { return node_->cols; }
    int64_t size() const { return int64_t(node_->rows) * node_->cols; }
    const std::string& op() const { return node_->op; }

    float* data() { return node_->data.data(); }
    const float* data() const { return node_->data.data(); }
    float* grad() { return node_->grad.data(); }
    const float* grad() const { return node_->grad.data(); }
    std::vector<float>& values() { return node_->data; }
    const std::vector<float>& values() const { return node_->data; }
    std::vector<float>& grads() { return node_->grad; }
    const std::vector<float>& grads() const { return node_->grad; }
    SparseGrad& sparse_grad() { return node_->sparse_grad; }
    const SparseGrad& sparse_grad() const { return node_->sparse_grad; }

    // Cheap views of one row (no copy): row r of the data or of the gradient.
    std::span<float> row(int r) { return {data() + int64_t(r) * cols(), size_t(cols())}; }
    std::span<const float> row(int r) const { return {data() + int64_t(r) * cols(), size_t(cols())}; }
    std::span<float> grad_row(int r) { return {grad() + int64_t(r) * cols(), size_t(cols())}; }
    std::span<const float> grad_row(int r) const { return {grad() + int64_t(r) * cols(), size_t(cols())}; }
    float& at(int r, int c) { return node_->data[size_t(int64_t(r) * cols() + c)]; }
    float at(int r, int c) const { return node_->data[size_t(int64_t(r) * cols() + c)]; }
    // The first number (the value of a (1,1) loss); NaN for a failed tensor.
    float item() const { return ok() ? node_->data[0] : std::numeric_limits<float>::quiet_NaN(); }

    // Sets every gradient of this tensor to zero (dense and sparse). Its own call:
    // backward only ever adds.
    void zero_grad();
    // Backpropagates from this tensor, which must be a (1,1) scalar: seeds dL/dL = 1,
    // sorts the graph topologically and runs each node's backward once, last to first.
    Status backward();

    // For ops: a new output node with the given parents (all ok) and tag.
    static Tensor make(int rows, int cols, std::vector<Tensor> parents, std::string op);
    TensorNode* node() const { return node_.get(); }

private:
    static Tensor leaf(int rows, int cols, std::vector<float> values);  // zeros and from

    NodeRef node_;
    std::string error_;
};

// Zeroes the gradients of every tensor in the list.
void zero_grad(std::vector<Tensor>& params);

// The sparse gradient summed into a dense (rows,cols) buffer: what the dense route gives.
std::vector<float> sparse_to_dense(const SparseGrad& g, int rows);

// Flat indices where two equal-sized buffers differ (NaN matches NaN, see same_value).
std::vector<int> differing_values(const std::vector<float>& a, const std::vector<float>& b);

// "a (2,3) tensor"-style shape text for error messages.
std::string shape_text(int rows, int cols);

}  // namespace el
