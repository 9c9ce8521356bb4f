// Question cards: the right answers come from the state, for the page's batch and seeded ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "core/embedding.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/questions.h"
#include "i18n/i18n.h"

std::string english_as_catalog();  // test_i18n.cpp: the English texts, set as a German catalog

using el::AppState;

static AppState loaded(const std::string& link) {
    AppState s;
    CAPTURE(link);
    REQUIRE(el::decode_link(link, s).errors.empty());
    return s;
}

TEST_CASE("nonzero rows of dW: the looked-up rows, less padding and cancelled terms", "[questions]") {
    SECTION("the lesson's repeated id") {
        const el::Question q = el::nonzero_rows_question(loaded("v=1&V=3&d=3&ids=2,0,2,2"), 0);
        CHECK(q.error.empty());
        CHECK(q.rows == std::vector<int>{0, 2});
        CHECK(q.id == "nonzero-rows");
        CHECK(el::rows_correct(q, {2, 0, 2}));
        CHECK_FALSE(el::rows_correct(q, {0, 1, 2}));
        CHECK_FALSE(el::rows_correct(q, {2}));
    }
    SECTION("the padding row gets no gradient") {
        CHECK(el::nonzero_rows_question(loaded("v=1&V=3&d=3&ids=2,0,2,2&pad=2"), 0).rows == std::vector<int>{0});
    }
    SECTION("terms that cancel leave a looked-up row at zero") {
        const AppState s = loaded("v=1&V=4&d=1&ids=1,1,3&g=0:0:0.5,1:0:-0.5,2:0:1");
        CHECK(el::nonzero_rows_question(s, 0).rows == std::vector<int>{3});
    }
    SECTION("a row the card cannot show is said, not asked") {
        const el::Question q = el::nonzero_rows_question(loaded("v=1&V=100&d=2&ids=1,40"), 0);
        CHECK(q.error.find("includes row 40") != std::string::npos);
    }
}

TEST_CASE("row r of dW sums G over the positions that looked r up", "[questions]") {
    const AppState s = loaded("v=1&V=3&d=3&ids=2,0,2,2&g=0:0:0.1,2:1:0.5,3:2:-0.3");
    const el::Question q = el::grad_row_question(s, 0);
    REQUIRE(q.error.empty());
    CHECK(q.row == 2);  // the id used most often
    REQUIRE(q.values.size() == 3);
    for (int c = 0; c < 3; c++) {  // g_0 + g_2 + g_3, summed here by hand in the same order
        const float want = (s.upstream[size_t(0 * 3 + c)] + s.upstream[size_t(2 * 3 + c)]) + s.upstream[size_t(3 * 3 + c)];
        CHECK(q.values[size_t(c)] == want);
    }
    bool correct = false;
    std::string typed;
    for (int c = 0; c < 3; c++) typed += el::format_float(q.values[size_t(c)]) + (c < 2 ? ", " : "");
    REQUIRE(el::grade_grad_row(q, typed, correct).ok());
    CHECK(correct);
    REQUIRE(el::grade_grad_row(q, "[0.1 0.1 0.1]", correct).ok());
    CHECK_FALSE(correct);
    CHECK(el::grade_grad_row(q, "0.1, 0.2", correct).error == "row 2 of dW has d = 3 numbers; you typed 2");
    CHECK(el::grade_grad_row(q, "0.1, x, 0.3", correct).error.find("number 2: ") == 0);
    // In German a comma between digits is a decimal one: "0,02,-0,04,0,06" cannot be read, and the message
    // quotes what was typed (it quoted '-0.04.0.06', text the learner never wrote).
    REQUIRE(el::set_language("de", english_as_catalog()).ok);
    CHECK(el::grade_grad_row(q, "0,02,-0,04,0,06", correct).error == "number 2: '-0,04,0,06' is not a number");
    CHECK(el::grade_grad_row(q, "0,1; 0,1; 0,1", correct).ok());
    el::set_english();
}

TEST_CASE("moved rows: momentum carries the step before's rows along", "[questions]") {
    SECTION("mu = 0.9: the previous batch's row moves though the new batch does not touch it") {
        const el::Question q = el::moved_rows_question(loaded("v=1&V=3&d=3&ids=2,2"), 0);
        REQUIRE(q.error.empty());
        CHECK(q.previous_ids == std::vector<int>{0});
        CHECK(q.rows == std::vector<int>{0, 2});
        CHECK(q.optimizer.momentum == 0.9f);
    }
    SECTION("the page's own SGD with momentum is used when it has one") {
        const el::Question q = el::moved_rows_question(loaded("v=1&V=4&d=2&ids=3&opt=sgd&mom=0.5&lr=0.2"), 0);
        CHECK(q.optimizer.momentum == 0.5f);
        CHECK(q.rows == std::vector<int>{0, 3});
    }
    SECTION("only mu and lr are the page's: the prompt names no weight decay, dampening or nesterov") {
        // With the page's wd = 0.1 every row would move; with dampening = 1 the second batch's G would not.
        for (const char* extra : {"&wd=0.1", "&damp=1"}) {
            CAPTURE(extra);
            const el::Question q = el::moved_rows_question(loaded(std::string("v=1&V=4&d=2&ids=3&opt=sgd&mom=0.5") + extra), 0);
            CHECK(q.rows == std::vector<int>{0, 3});
            CHECK(q.optimizer.weight_decay == 0.0f);
            CHECK(q.optimizer.dampening == 0.0f);
        }
    }
    SECTION("a seeded card's step before looks up rows the batch does not use, so momentum shows") {
        for (uint32_t seed : {1u, 2u, 3u, 4u, 5u, 17u}) {
            const el::Question q = el::moved_rows_question(loaded("v=1&V=6&d=3&quiz=step:" + std::to_string(seed)), seed);
            CAPTURE(seed, q.prompt);
            REQUIRE(q.error.empty());
            for (int id : q.previous_ids) CHECK(std::find(q.ids.begin(), q.ids.end(), id) == q.ids.end());
            CHECK(q.rows.size() > std::set<int>(q.ids.begin(), q.ids.end()).size());  // more rows than the batch's
        }
    }
}

TEST_CASE("seeded cards draw their own batch and their answers match a direct computation", "[questions]") {
    const uint32_t seed = GENERATE(1u, 2u, 3u, 17u, 99u, 12345u);
    const int V = GENERATE(1, 3, 40);
    CAPTURE(seed, V);
    const AppState s = loaded("v=1&V=" + std::to_string(V) + "&d=2&init=normal&seed=4&ids=0&quiz=cards:" +
                              std::to_string(seed));
    const std::vector<el::Question> cards = el::make_questions(s);
    REQUIRE(cards.size() == 3);
    for (const el::Question& q : cards) {
        CAPTURE(q.id, q.prompt);
        REQUIRE(q.error.empty());
        CHECK(q.V == std::min(V, el::kMaxClickRows));
        CHECK(q.ids.size() >= 3);
        for (int id : q.ids) CHECK((id >= 0 && id < q.V));
    }
    // dW by the naive scatter-add reference, then its nonzero rows and row r.
    for (int k : {0, 1}) {
        const el::Question& q = cards[size_t(k)];
        std::vector<float> dW(size_t(q.V) * 2, 0.0f);
        el::embedding_backward_naive(dW.data(), q.upstream.data(), q.ids.data(), int(q.ids.size()), 2);
        std::vector<int> nonzero;
        for (int r = 0; r < q.V; r++)
            if (dW[size_t(r) * 2] != 0.0f || dW[size_t(r) * 2 + 1] != 0.0f) nonzero.push_back(r);
        if (k == 0) CHECK(q.rows == nonzero);
        else CHECK((q.values[0] == dW[size_t(q.row) * 2] && q.values[1] == dW[size_t(q.row) * 2 + 1]));
    }
    // Plain SGD with momentum from a zero buffer: the second step moves the union of both batches'
    // nonzero-gradient rows (every G here is a multiple of 0.1 below 1: no step cancels exactly).
    const el::Question& m = cards[2];
    std::set<int> rows(m.previous_ids.begin(), m.previous_ids.end());
    std::vector<float> dW(size_t(m.V) * 2, 0.0f);
    el::embedding_backward_naive(dW.data(), m.upstream.data(), m.ids.data(), int(m.ids.size()), 2);
    for (int r = 0; r < m.V; r++)
        if (dW[size_t(r) * 2] != 0.0f || dW[size_t(r) * 2 + 1] != 0.0f) rows.insert(r);
    CHECK(m.rows == std::vector<int>(rows.begin(), rows.end()));
    // The same seed gives the same cards.
    CHECK(el::make_questions(s)[0].ids == cards[0].ids);
}

TEST_CASE("quiz sets pick their cards; the claims are cards too", "[questions]") {
    CHECK(el::make_questions(loaded("v=1&quiz=backward")).size() == 2);
    CHECK(el::make_questions(loaded("v=1&quiz=step")).size() == 1);
    const auto all = el::make_questions(loaded("v=1&quiz=all"));
    REQUIRE(all.size() == 10);  // 2 backward + 1 step + 7 claims
    CHECK(all[3].id == "claim-0");
    CHECK(all[3].kind == el::QuestionKind::Claim);
    CHECK_FALSE(all[3].truth);
    CHECK(el::make_questions(AppState{}).empty());
}

TEST_CASE("a card's revealed answer names its right rows and numbers", "[questions]") {
    const AppState s = loaded("v=1&V=3&d=3&ids=2,0,2,2");
    const el::Question rows = el::nonzero_rows_question(s, 0);
    CHECK(el::question_answer(rows).rfind("Nonzero rows of dW: 0, 2. ", 0) == 0);
    const el::Question row = el::grad_row_question(s, 0);
    std::string numbers;
    for (float v : row.values) numbers += (numbers.empty() ? "" : ", ") + el::format_float(v);
    CAPTURE(el::question_answer(row));
    CHECK(el::question_answer(row).rfind("Row " + std::to_string(row.row) + " of dW = [" + numbers + "]", 0) == 0);
    CHECK(el::question_answer(row).find(": the sum of g_b over the positions b whose id is 2.") != std::string::npos);
    // The page's scale_grad_by_freq and padding_idx make the row: the answer says so (PyTorch: dW[1] = G's
    // rows of id 1 summed, / 3 when scaled, and 0 for padding_idx).
    const el::Question scaled = el::grad_row_question(loaded("v=1&V=3&d=3&ids=1,1,1,2&freqscale=1"), 0);
    CHECK(scaled.row == 1);
    CHECK(el::question_answer(scaled).find("whose id is 1, divided by their count c_1 (scale_grad_by_freq).") != std::string::npos);
    const el::Question padding = el::grad_row_question(loaded("v=1&V=3&d=3&ids=0,2,0&pad=0&freqscale=1"), 0);
    CHECK(padding.row == 0);
    CHECK(padding.values == std::vector<float>{0, 0, 0});
    CHECK(el::question_answer(padding) == "Row 0 of dW = [0, 0, 0]: id 0 is padding_idx, whose row gets no gradient.");
    const el::Question moved = el::moved_rows_question(s, 0);
    CHECK(el::question_answer(moved).rfind("Rows that moved: 0, 1, 2: each row with a nonzero gradient in either step. ", 0) == 0);
    CHECK(el::rows_text({}) == "none");
    const el::Question claim = el::claim_question(3);
    CHECK_FALSE(el::question_answer(claim).empty());
}
