#include "tour.h"

namespace el {

// Every link below must decode without an error (tests/core/test_tour.cpp checks).

static const std::vector<TourStep> kBasics = {
    {"One row per id",
     "An embedding layer owns one table W with V rows and d columns: here V = 3 ids, each with d = 3 numbers, "
     "so V*d = 9 parameters. Nothing else is inside the layer: no bias, no activation.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelTable},
    {"Looking up an id returns its row",
     "Give the layer id 1 and it returns the row W[1] = [0.4, 0.5, 0.6]: a dense vector of length d. In the "
     "gather picture the id goes straight to row 1 of W and on to out. Click another row's label in the table "
     "to look that id up too.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {"A batch of ids, repeats allowed",
     "Ids usually come in a batch of B ids, such as the tokens of a sentence. The output has one row per "
     "position, B x d; an id that appears twice is simply returned twice.",
     "v=1&V=3&d=3&init=example&ids=2,0,2", kPanelIds},
    {"The output is dense, not one-hot",
     "The input can be thought of as one-hot (a single 1 among V numbers), but the output is the row itself: "
     "d ordinary numbers, none of them forced to 0 or 1.",
     "v=1&V=5&d=4&init=normal&seed=7&ids=3", kPanelForward},
    {"The rows are learned",
     "W is a weight like any other. Training starts from random rows and moves them to lower the task's loss. "
     "The gradient dL/dW can reach only the rows the batch looked up; every other row gets exactly zero.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelBackward},
    {"Try it",
     "Click a cell in row 1 of the table and type a new value: the output changes with it. Put id 0 in the "
     "batch and watch a second row of the gradient light up.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelTable},
};

static const std::vector<TourStep> kSolid = {
    {"The one-hot vector e_i",
     "Write id i as e_i, a vector of length V with a 1 at position i and 0 elsewhere. For id 1 with V = 3 "
     "that is [0, 1, 0]: the lit row of the one-hot block in the picture, its 1 in column 1 lined up with "
     "row 1 of W. Hover a row to light its id up everywhere.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {"e_i @ W cancels every row but one",
     "out[c] = sum over r of e_i[r] * W[r][c]. Every term with r != i is multiplied by 0, so out = W[i]. "
     "Click a number of out in the picture and press Walk: the matmul walks down the column through all V "
     "terms, greying those against zero; the gather jumps to one.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {"Same function, exactly",
     "A bias-free linear layer fed a one-hot vector is the embedding lookup. For a finite table the two routes "
     "agree exactly, not approximately: adding exact zeros changes no float. The badge checks every output.",
     "v=1&V=8&d=4&init=normal&seed=11&ids=5,1,5", kPanelForward},
    {"So the layer is linear",
     "The output is a linear function of W (and of the one-hot input). On its own the layer adds nothing "
     "beyond 'each id gets its own free vector': all nonlinearity lives in the layers after it.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {"Why nobody computes the matmul",
     "With V = 50,000 and d = 128 every output number costs 50,000 multiply-adds, 49,999 of them against "
     "zero, and a batch of B = 256 needs a 256 x 50,000 one-hot block: 51.2 MB holding 256 ones. The gather "
     "copies 128 numbers per id. Run the measurement in your own browser.",
     "v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256", kPanelCost},
    {"The backward pass is an outer product",
     "dL/dW = outer(e_i, g): row i equals the upstream gradient g, every other row is exactly zero. Through "
     "the matmul route the same numbers come from dW = onehot^T @ G.",
     "v=1&V=3&d=3&init=example&ids=1", kPanelBackward},
    {"Repeated ids add up",
     "Row k's gradient is the sum of g_b over every position b whose id is k. Here id 2 sits at positions "
     "0, 2 and 3, so row 2 = g_0 + g_2 + g_3: three terms, added, never overwritten. In the backward picture "
     "the bands from G's rows 0, 2 and 3 meet in dW's row 2.",
     "v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3", kPanelBackward},
    {"Where the equivalence breaks",
     "In floating point 0 x inf = nan. With inf in W[0][2], column 2 of the matmul route sums 0 x inf = nan for "
     "every id except 0 (for id 0 the term is 1 x inf = inf, as the gather gives): id 1 gets nan there, while "
     "the gather returns row 1 untouched. The equivalence holds for finite tables only.",
     "v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf", kPanelForward},
};

static const std::vector<TourStep> kDeeper = {
    {"Rows train at the rate of their id's frequency",
     "A frequent id gets an update in most batches, a rare one a handful per epoch, with the same learning "
     "rate and shape. Run the experiment: ids drawn from a Zipf distribution, error against frequency rank.",
     "v=1&V=3&d=3&init=example&ids=1&opt=adam&lr=0.01&panels=tour,frequency", kPanelFrequency},
    {"Untouched is not unchanged: momentum",
     "Only touched rows have gradient, but SGD with momentum keeps moving a row after its id leaves the "
     "batch: its buffer b still holds the past. Step with ids 1, 2, then change the batch and step again.",
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&mom=0.9&panels=tour,training,table,ids",
     kPanelTraining},
    {"Weight decay moves every row",
     "AdamW shrinks every row by lr*lambda of itself on every step, touched or not. Coupled L2 decay "
     "instead adds lambda*W to every row's gradient, so every row counts as having gradient.",
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=adamw&lr=0.01&wd=0.1&panels=tour,training,table,ids",
     kPanelTraining},
    {"Lazy optimizers touch only touched rows",
     "Lazy Adam, as PyTorch's SparseAdam, updates the moments and values of the batch's rows only (every row "
     "in the sparse gradient, even one whose terms sum to 0); every other row stays exactly as it was. Dense "
     "Adam keeps moving rows whose m is not 0. SparseAdam adds eps to sqrt(v) before the bias correction.",
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=lazyadam&lr=0.01&panels=tour,training,table,ids",
     kPanelTraining},
    {"A sparse gradient, a dense table",
     "With V = 100,000 rows and a batch of 3 ids, the gradient is zero in 99,997 rows. The table itself "
     "stays fully dense: on a given step it is the gradient that is mostly zero, not W.",
     "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000", kPanelBackward},
    {"What frameworks add",
     "PyTorch's padding_idx row receives no gradient; scale_grad_by_freq divides row k's terms by its count "
     "c_k in the batch; max_norm rescales each looked-up row whose norm exceeds max_norm, in place, during "
     "the forward pass.",
     "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0&cells=0:0:0,0:1:0,0:2:0", kPanelBackward},
    {"Where the modelling effort goes",
     "The layer is a linear re-parameterisation of the first dense layer: d free numbers per id, V*d in all. "
     "With millions of ids that is most of a model's parameters, and rare ids barely train. Hashing ids into "
     "fewer rows (colliding ids share a row) or factorising W as (V x k) @ (k x d) with k < d (V*k + k*d "
     "numbers) can spend parameters better, when the lost capacity costs the task less than it saves.",
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000", kPanelBudget},
    {"Where the parameters go: a budget",
     "A full table spends d numbers on every id, the rarest included. Train the same task with a full table, a "
     "hashed one (k shared rows), a factorised one (A @ P, rank r) and a split (the top N ids own a row) at about "
     "1,000 table parameters each, and compare head, middle and tail ids. The text reports what this run measured.",
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000&panels=tour,budget&deeper=1",
     kPanelBudget},
    {"Still a one-hot product",
     "Each variant is again a one-hot product: hashed is onehot(ids) @ H @ W_k, with H holding one 1 per id; ids "
     "whose hash collides share a row and its gradient. Factorised is onehot(ids) @ A @ P: the gradient reaches "
     "the looked-up rows of A and every number of P.",
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&panels=tour,budget&deeper=1", kPanelBudget},
    {"An activation on the rows only narrows them",
     "The other half of 'does it need an activation?': tanh(rows) fitted to the same targets as the raw rows "
     "reaches only (-1, 1) and saturates, while representing nothing the raw rows could not.",
     "v=1&V=3&d=3&init=example&ids=1&aspread=2&asteps=300&panels=tour,budget&deeper=1", kPanelBudget},
    {"It does not compress the input",
     "An embedding of width d and a d x h layer have V*d + d*h parameters against the one-hot dense layer's V*h: "
     "fewer when d < h. It is the same linear map, restricted to rank d: a re-parameterisation.",
     "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=tour,budget&deeper=1", kPanelBudget},
};

const std::vector<TourStep>& tour_steps(TourDepth depth) {
    static const std::vector<TourStep> none;
    switch (depth) {
        case TourDepth::Basics: return kBasics;
        case TourDepth::Solid: return kSolid;
        case TourDepth::Deeper: return kDeeper;
        case TourDepth::None: break;
    }
    return none;
}

const char* tour_depth_name(TourDepth depth) {
    const int i = int(depth);
    return i >= 0 && i <= int(TourDepth::Deeper) ? kTourNames[i] : kTourNames[0];
}

const char* tour_depth_summary(TourDepth depth) {
    switch (depth) {
        case TourDepth::Basics: return "the table, the lookup, learned rows";
        case TourDepth::Solid: return "why the lookup is a one-hot matmul, and why it is not computed as one";
        case TourDepth::Deeper: return "frequency, optimizers moving untouched rows, sparse vs dense, parameter budgets";
        case TourDepth::None: break;
    }
    return "";
}

const std::vector<FollowUpQuestion>& follow_up_questions() {
    static const std::vector<FollowUpQuestion> list = {
        {"Why not feed the raw integer id to a dense layer?",
         "A dense layer on the raw id computes w*id + b: every id lands on one line, ordered by its number, and "
         "id 900 sits 300 times as far from the bias b as id 3 does: an order and a spacing that nominal ids do "
         "not have. An embedding gives each id its own unconstrained vector; related ids end up close only if "
         "the loss puts them there.",
         "v=1&V=3&d=3&init=example&ids=1&panels=tour,experiments"},
        {"Does the layer need a bias or an activation?",
         "Normally neither. A bias adds the same vector c to every row. If the lookup (or a mean over a bag) "
         "goes straight into a linear layer, that layer's bias absorbs c @ A. A sum over a bag adds n_j * c, "
         "which depends on the bag's size, and a normalisation or nonlinearity before the next linear layer "
         "also stops the absorption. An activation on free parameters only re-parameterises them (a saturating "
         "one also limits their range).",
         "v=1&V=3&d=3&init=example&ids=1&aspread=2&panels=tour,experiments,budget&deeper=1"},
        {"After one step on a batch of 64 ids, which rows changed?",
         "Only the rows those ids indexed can have nonzero gradient (a row used three times sums three terms); "
         "the padding row, or terms that cancel, leave an indexed row at zero. With plain SGD only rows with "
         "gradient change; momentum or weight decay can move more rows than the batch touched. The training "
         "lab answers it for the optimizer you pick.",
         "v=1&V=200&d=8&init=normal&seed=2&ids=1&opt=sgd&lr=0.1&mom=0.9&panels=tour,training"},
        {"Does an embedding compress its input?",
         "It depends on what it replaces. Against the one-hot input it is the first dense layer itself, d free "
         "numbers per id (V*d, for large V more than the rest of the model). But a width-d embedding followed "
         "by a d x h layer is a rank-d factorisation of a V x h first layer: V*d + d*h parameters instead of "
         "V*h, fewer when d < h.",
         "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=tour,budget&deeper=1"},
    };
    return list;
}

const std::vector<WrongClaim>& wrong_claims() {
    static const std::vector<WrongClaim> list = {
        {"The embedding layer is a nonlinear transformation.",
         "False. out = e_i @ W: linear in W and in the one-hot input. The matmul route gives the very same "
         "numbers, and a matmul is linear.",
         "v=1&V=3&d=3&init=example&ids=1&panels=tour,forward"},
        {"The lookup learns a different function than the one-hot matmul.",
         "False. Same outputs and the same gradient, number for number: the backward check compares the "
         "scatter-add with onehot^T @ G.",
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&panels=tour,forward,backward"},
        {"Every row of the table receives gradient on every training step.",
         "False. Only the looked-up rows can get gradient (not the padding row); the rest get exactly 0. "
         "Whether a row without gradient still moves depends on the optimizer: not with plain SGD, yes with "
         "momentum carried over, and under AdamW every row changes on every step.",
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&panels=tour,training,table"},
        {"A sparse gradient means the weight matrix is sparse.",
         "False. The table stays fully dense; it is the gradient of a step that is mostly zero.",
         "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000&panels=tour,table,backward"},
        {"The layer outputs a one-hot vector.",
         "False. The input side is conceptually one-hot; the output is the row, dense, of width d.",
         "v=1&V=5&d=4&init=normal&seed=7&ids=3&panels=tour,forward"},
        {"An id's output depends on the other ids in the batch.",
         "False. out[b] = W[ids[b]]: each position gets its own id's row, whatever else is in the batch. The "
         "batch decides only which rows get gradient (and, with scale_grad_by_freq, how it is scaled).",
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&panels=tour,forward"},
    };
    return list;
}

}  // namespace el
