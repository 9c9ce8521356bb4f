#include "presets.h"

namespace el {

// Every link here must decode without an error and stay under 2,000 characters
// (tests/core/test_presets.cpp checks both).
const std::vector<Preset>& presets() {
    static const std::vector<Preset> list = {
        {"canonical", "The 3 x 3 example: id 1 gives [0.4, 0.5, 0.6] both ways",
         "v=1&V=3&d=3&init=example&ids=1"},
        {"duplicates", "A repeated id accumulates: row 2 gets g_0 + g_2 + g_3",
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3"},
        {"nonfinite", "An inf in W[0][2]: the matmul turns column 2 to nan for every id but 0, the gather does not",
         "v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf"},
        {"padding", "The padding row: id 0 is looked up but gets no gradient",
         "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0&cells=0:0:0,0:1:0,0:2:0"},
        {"freqscale", "scale_grad_by_freq: a row used 3 times gets the mean, not the sum",
         "v=1&V=3&d=3&init=example&ids=1,1,1,2&freqscale=1"},
        {"momentum", "Momentum keeps moving a row after its id leaves the batch",
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&mom=0.9&panels=training,table,ids"},
        {"adamw", "AdamW shrinks every row each step, touched or not",
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=adamw&lr=0.01&wd=0.1&panels=training,table,ids"},
        {"lazyadam", "Lazy Adam leaves untouched rows exactly as they were",
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=lazyadam&lr=0.01&panels=training,table,ids"},
        {"padsgd", "With SGD the padding row never moves: it gets no gradient",
         "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,0&pad=0&cells=0:0:0,0:1:0,0:2:0&opt=sgd&lr=0.1"
         "&panels=training,table,ids"},
        {"maxnorm", "max_norm rescales each looked-up row whose norm exceeds it, during the forward pass",
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&maxnorm=1&opt=sgd&lr=0.1&panels=training,table,ids"},
        {"followup", "One step on 64 ids: which rows changed? (after a first step, momentum moves more rows than the batch touched)",
         "v=1&V=500&d=8&init=normal&seed=2&ids=3,7,7,11&opt=sgd&lr=0.1&mom=0.9&loss=mse&panels=training,ids"},
        {"frequency", "Rare ids learn slowly: updates and error against frequency rank",
         "v=1&V=3&d=3&init=example&ids=1&zipf=1.1&fV=2000&fsteps=3000&panels=frequency"},
        {"bagmean", "EmbeddingBag mean: bag [0, 1] and bag [2, 3, 3] each become the mean of their rows",
         "v=1&V=4&d=3&init=example&ids=0,1,2,3,3&bag=mean&offsets=0,2"},
        {"cost", "The cost at 50,000 x 128 with a batch of 256, measured in your browser",
         "v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256&panels=cost"},
        {"rawid", "Raw integer id vs embedding: a line through the ids vs a free value per id",
         "v=1&V=3&d=3&init=example&ids=1&panels=experiments"},
        {"bias", "A bias on the table is absorbed by the next linear layer's bias (one lookup straight into it)",
         "v=1&V=3&d=3&init=example&ids=1&panels=experiments"},
        {"large", "A 100,000-row table: the heatmap draws only the rows in view",
         "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000"},
        {"budget", "Parameter budget: full table vs hashed, factorised and split at about 1,000 table parameters each",
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000&panels=budget&deeper=1"},
        {"budget4k", "A looser budget, about 4,000 table parameters each: k = 256, r = 4, N = 128 + 128 shared",
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=256&br=4&bN=128&bsk=128&bsteps=1000&panels=budget&deeper=1"},
        {"budgetsteep", "A steeper Zipf (s = 1.5): most ids are rarely drawn; where does each table's accuracy go?",
         "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bzipf=1.5&bsteps=1000&panels=budget&deeper=1"},
        {"tanhrows", "Activation on the rows: tanh(rows) cannot reach targets outside (-1, 1)",
         "v=1&V=3&d=3&init=example&ids=1&aspread=2&asteps=300&panels=budget&deeper=1"},
        {"compress", "Embedding + layer vs a one-hot dense layer: fewer parameters when d < h, a rank-d map",
         "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=budget&deeper=1"},
    };
    return list;
}

}  // namespace el
