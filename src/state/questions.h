// Predict-then-reveal question cards (quiz= in a link). The right answer is computed from the
// state by the core (the lesson's backward pass, the optimizer), so a card works for any batch:
// the page's own (quiz=cards), or one drawn from a seed (quiz=cards:7), then a learner's answer
// is graded against it. Pure: no UI header.
//
//   nonzero-rows  "Which rows of dW will be nonzero?"         answer: rows, ascending
//   grad-row      "What is row r of dW for this batch?"       answer: d numbers
//   moved-rows    "After one SGD step with momentum, which rows moved?"  answer: rows, ascending
//   claim-0..5    the self-check's true/false claims (src/state/tour.h: every one is false)
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "app_state.h"
#include "core/optim.h"
#include "core/status.h"

namespace el {

enum class QuestionKind { NonzeroRows, GradRow, MovedRows, Claim };

// Cards let the learner click rows 0 .. kMaxClickRows-1; a seeded batch draws ids below it.
constexpr int kMaxClickRows = 16;

struct Question {
    QuestionKind kind = QuestionKind::NonzeroRows;
    std::string id;       // "nonzero-rows", "grad-row", "moved-rows", "claim-3": what an answer message names
    std::string prompt;   // the question in words (the active language), with the numbers it is about
    int V = 0, d = 0;
    std::vector<int> ids;            // (B,) the batch asked about
    std::vector<float> upstream;     // (B,d) its G
    std::vector<int> previous_ids;   // moved-rows: the batch of the step before
    OptimizerConfig optimizer;       // moved-rows: SGD with momentum
    int row = -1;                    // grad-row: r
    enum class RowRule { Sum, Scaled, Padding } rule = RowRule::Sum;  // grad-row: how row r of dW is made
    // The right answer.
    std::vector<int> rows;           // nonzero-rows, moved-rows: ascending
    std::vector<float> values;       // grad-row: (d,) row r of dW
    bool truth = false;              // claim: the claim's truth (all are false)
    std::string error;               // set when the card cannot be asked for this state, saying why
};

// The cards of the state's question set (s.teach.quiz, s.teach.quiz_seed), in order.
std::vector<Question> make_questions(const AppState& s);
// One card, for the page's batch (seed 0) or a batch drawn from `seed`.
Question nonzero_rows_question(const AppState& s, uint32_t seed);
Question grad_row_question(const AppState& s, uint32_t seed);
Question moved_rows_question(const AppState& s, uint32_t seed);
Question claim_question(int index);

// Grading. Rows: the same set (order and repeats do not matter).
bool rows_correct(const Question& q, std::vector<int> picked);
// Typed numbers "0.03, -0.06, 0.09": ok with `correct` set, or why the text is not d numbers.
// A number counts as right within 1e-6 + 1e-3 * |answer| (the page shows short decimals).
Status grade_grad_row(const Question& q, std::string_view typed, bool& correct);

// Rows as the cards write them: "0, 2, 5", or "none" (in the active language).
std::string rows_text(const std::vector<int>& rows);
// The answer a card reveals, in words (the active language), with its numbers.
std::string question_answer(const Question& q);

}  // namespace el
