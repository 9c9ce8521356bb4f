#include "questions.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/lesson.h"
#include "core/random.h"
#include "i18n/i18n.h"
#include "parse.h"
#include "tour.h"

namespace el {

//-----------------------------------------------------------------------------
// The batch a card asks about
//-----------------------------------------------------------------------------

static std::string ids_text(const std::vector<int>& ids) {
    std::string out = "[";
    for (size_t i = 0; i < ids.size() && i < 16; i++) out += (i ? ", " : "") + std::to_string(ids[i]);
    return out + (ids.size() > 16 ? ", ...]" : "]");
}

// The page's table, batch and G (seed 0), or a small batch drawn from the seed over the first
// rows: 3 to 5 ids from a pool of up to 6 rows (so ids repeat), G in tenths from -0.4 to 0.4
// (so terms can cancel). W is the page's, cut to the rows the card can show.
static Question base_question(const AppState& s, uint32_t seed, QuestionKind kind, const char* id) {
    Question q;
    q.kind = kind, q.id = id, q.d = s.d;
    if (seed == 0) {
        q.V = s.V, q.ids = s.ids, q.upstream = s.upstream;
        return q;
    }
    q.V = std::min(s.V, kMaxClickRows);
    Rng rng(uint64_t(seed) * 3 + uint64_t(kind));  // each card of a set its own batch
    const int pool = std::min(q.V, 6), B = 3 + rng.below(3);
    for (int b = 0; b < B; b++) q.ids.push_back(rng.below(pool));
    q.upstream.resize(size_t(B) * size_t(q.d));
    for (float& g : q.upstream) g = float(rng.below(9) - 4) / 10.0f;
    return q;
}

// The lookup options for a card's table: the page's, with a padding row the card's rows cannot
// reach dropped (a seeded card has at most kMaxClickRows rows).
static EmbeddingOptions card_options(const AppState& s, int V) {
    EmbeddingOptions o = s.lookup;
    if (o.padding_idx) {
        const int p = *o.padding_idx < 0 ? *o.padding_idx + s.V : *o.padding_idx;
        if (V == s.V) return o;
        if (p < V) o.padding_idx = p;
        else o.padding_idx.reset();
    }
    return o;
}

// dW for the card's batch by the lesson's own backward pass (the scatter-add).
static Status card_gradient(const AppState& s, const Question& q, const std::vector<int>& ids,
                            const std::vector<float>& upstream, LessonResult& r) {
    LessonInput in;
    in.V = q.V, in.d = q.d;
    in.W.assign(s.W.begin(), s.W.begin() + int64_t(q.V) * q.d);  // W is (V,d): its first q.V rows
    in.ids = ids, in.upstream = upstream;
    in.options = card_options(s, q.V);
    in.options.max_norm.reset();  // the gradient does not depend on W; no renorm needed
    return compute_lesson(in, r);
}

static void check_clickable(Question& q) {
    if (!q.error.empty()) return;
    for (int r : q.rows)
        if (r >= kMaxClickRows)
            q.error = format(TR(teach_card_rows_beyond), kMaxClickRows - 1, r);
}

//-----------------------------------------------------------------------------
// The cards
//-----------------------------------------------------------------------------

Question nonzero_rows_question(const AppState& s, uint32_t seed) {
    Question q = base_question(s, seed, QuestionKind::NonzeroRows, "nonzero-rows");
    q.prompt = format(TR(teach_card_nonzero_prompt), ids_text(q.ids).c_str());
    LessonResult r;
    if (Status st = card_gradient(s, q, q.ids, q.upstream, r); !st.ok()) return q.error = st.error, q;
    q.rows = r.touched_rows;  // rows whose gradient has a nonzero number, ascending
    check_clickable(q);
    return q;
}

Question grad_row_question(const AppState& s, uint32_t seed) {
    Question q = base_question(s, seed, QuestionKind::GradRow, "grad-row");
    if (q.ids.empty()) return q.error = TR(teach_card_empty_batch), q;
    if (seed == 0) {  // the id used most often (ties: the smallest): the row where terms add up
        IdCount best = {-1, 0};
        for (const IdCount c : count_ids(q.ids))
            if (c.count > best.count) best = c;
        q.row = best.id;
    } else {
        Rng rng(uint64_t(seed) * 7 + 1);
        q.row = q.ids[size_t(rng.below(int(q.ids.size())))];
    }
    q.prompt = format(q.d == 1 ? TR(teach_card_grad_prompt_one) : TR(teach_card_grad_prompt_many), q.row,
                      ids_text(q.ids).c_str(), q.d);
    LessonResult r;
    if (Status st = card_gradient(s, q, q.ids, q.upstream, r); !st.ok()) return q.error = st.error, q;
    const float* row = r.grad_scatter.data() + size_t(q.row) * size_t(q.d);
    q.values.assign(row, row + q.d);
    // The page's padding_idx and scale_grad_by_freq hold for the card too: its answer says which made the row.
    const EmbeddingOptions o = card_options(s, q.V);
    if (o.padding_idx && (*o.padding_idx + q.V) % q.V == q.row) q.rule = Question::RowRule::Padding;
    else if (o.scale_grad_by_freq) q.rule = Question::RowRule::Scaled;
    return q;
}

Question moved_rows_question(const AppState& s, uint32_t seed) {
    Question q = base_question(s, seed, QuestionKind::MovedRows, "moved-rows");
    if (q.ids.empty()) return q.error = TR(teach_card_empty_batch), q;
    // Plain SGD with momentum, as the prompt says: mu and lr of the page's optimizer if it is SGD with
    // momentum, else mu = 0.9, lr = 0.1 (no weight decay, dampening or nesterov, which the prompt does not name).
    const OptimizerConfig& o = s.optimizer;
    q.optimizer.kind = OptimizerKind::kSGD, q.optimizer.lr = 0.1f, q.optimizer.momentum = 0.9f;
    if (o.kind == OptimizerKind::kSGD && o.momentum > 0.0f) q.optimizer.lr = o.lr, q.optimizer.momentum = o.momentum;
    // The step before looks up ids the batch does not use (if there are any), so momentum has something to carry:
    // the smallest, or for a seeded card one or two drawn from them.
    std::vector<int> free_rows;
    for (int r = 0; r < q.V; r++)
        if (std::find(q.ids.begin(), q.ids.end(), r) == q.ids.end()) free_rows.push_back(r);
    if (free_rows.empty()) free_rows = {q.ids[0]};
    if (seed == 0) {
        q.previous_ids = {free_rows[0]};
    } else {
        Rng rng(uint64_t(seed) * 11 + 5);
        const int n = 1 + rng.below(2);
        for (int i = 0; i < n; i++) q.previous_ids.push_back(free_rows[size_t(rng.below(int(free_rows.size())))]);
    }
    q.prompt = format(TR(teach_card_moved_prompt), display_float(q.optimizer.momentum).c_str(),
                      display_float(q.optimizer.lr).c_str(), ids_text(q.previous_ids).c_str(), ids_text(q.ids).c_str());

    // Two real steps on a copy of W: G of the first batch is the default [0.01, -0.02, 0.03].
    std::vector<float> previous_g(q.previous_ids.size() * size_t(q.d));
    for (size_t i = 0; i < previous_g.size(); i++) previous_g[i] = default_upstream(int(i % size_t(q.d)));
    LessonResult first, second;
    if (Status st = card_gradient(s, q, q.previous_ids, previous_g, first); !st.ok()) return q.error = st.error, q;
    if (Status st = card_gradient(s, q, q.ids, q.upstream, second); !st.ok()) return q.error = st.error, q;
    Optimizer opt;
    if (Status st = opt.init(q.optimizer, q.V, q.d); !st.ok()) return q.error = st.error, q;
    std::vector<float> W(s.W.begin(), s.W.begin() + int64_t(q.V) * q.d);
    StepReport report;
    if (Status st = opt.step(W.data(), first.grad_scatter.data(), q.V, q.d, report); !st.ok()) return q.error = st.error, q;
    if (Status st = opt.step(W.data(), second.grad_scatter.data(), q.V, q.d, report); !st.ok()) return q.error = st.error, q;
    q.rows = report.changed_rows;
    check_clickable(q);
    return q;
}

Question claim_question(int index) {
    Question q;
    const auto& claims = wrong_claims();
    q.kind = QuestionKind::Claim;
    q.id = "claim-" + std::to_string(index);
    if (index < 0 || index >= int(claims.size())) return q.error = TR(teach_card_no_claim), q;
    q.prompt = format(TR(teach_card_claim_prompt), tr(claims[size_t(index)].claim));
    q.truth = false;  // every claim of the self-check is a common wrong one
    return q;
}

std::vector<Question> make_questions(const AppState& s) {
    const QuizSet set = s.teach.quiz;
    const uint32_t seed = s.teach.quiz_seed;
    std::vector<Question> out;
    if (set == QuizSet::Backward || set == QuizSet::Cards || set == QuizSet::All)
        out.push_back(nonzero_rows_question(s, seed)), out.push_back(grad_row_question(s, seed));
    if (set == QuizSet::Step || set == QuizSet::Cards || set == QuizSet::All) out.push_back(moved_rows_question(s, seed));
    if (set == QuizSet::Claims || set == QuizSet::All)
        for (int i = 0; i < int(wrong_claims().size()); i++) out.push_back(claim_question(i));
    return out;
}

//-----------------------------------------------------------------------------
// Grading
//-----------------------------------------------------------------------------

bool rows_correct(const Question& q, std::vector<int> picked) {
    std::sort(picked.begin(), picked.end());
    picked.erase(std::unique(picked.begin(), picked.end()), picked.end());
    return picked == q.rows;
}

Status grade_grad_row(const Question& q, std::string_view typed, bool& correct) {
    std::vector<float> numbers;
    size_t start = 0;
    std::string text(typed);
    // In a language that writes 0,5 a comma between two digits is the decimal one (the numbers are
    // then split by ';' or spaces), unless the text is written the English way (a '.' and no ';').
    const bool comma_decimal = active_language().decimal == ',' &&
                               (text.find(';') != std::string::npos || text.find('.') == std::string::npos);
    for (size_t i = 0; i < text.size(); i++) {
        char& c = text[i];
        const bool decimal = comma_decimal && c == ',' && i > 0 && i + 1 < text.size() &&
                             std::isdigit((unsigned char)text[i - 1]) && std::isdigit((unsigned char)text[i + 1]);
        if (decimal) c = '.';
        else if (c == ',' || c == ';' || c == '[' || c == ']' || c == '\t') c = ' ';
    }
    while (start < text.size()) {
        const size_t begin = text.find_first_not_of(' ', start);
        if (begin == std::string::npos) break;
        size_t end = text.find(' ', begin);
        if (end == std::string::npos) end = text.size();
        float v = 0.0f;
        const std::string_view token = std::string_view(text).substr(begin, end - begin);
        if (Status st = parse_float(token, v); !st.ok()) {
            // Quoted as typed ("-0,04,0,06"), not as read here ("-0.04.0.06": the learner never wrote that).
            quote_as_typed(st.error, token, typed.substr(begin, end - begin), 24);
            return Status::Fail(format(TR(teach_card_number_error), int(numbers.size()) + 1, st.error.c_str()));
        }
        numbers.push_back(v);
        start = end;
    }
    if (int(numbers.size()) != q.d)
        return Status::Fail(format(q.d == 1 ? TR(teach_card_count_one) : TR(teach_card_count_many), q.row, q.d,
                                   int(numbers.size())));
    correct = true;
    for (int c = 0; c < q.d; c++) {
        const double want = q.values[size_t(c)], got = numbers[size_t(c)];
        if (!(std::fabs(got - want) <= 1e-6 + 1e-3 * std::fabs(want))) correct = false;
    }
    return Status::Ok();
}

std::string rows_text(const std::vector<int>& rows) {
    if (rows.empty()) return TR(teach_rows_none);
    std::string out;
    for (size_t i = 0; i < rows.size(); i++) out += (i ? ", " : "") + std::to_string(rows[i]);
    return out;
}

std::string question_answer(const Question& q) {
    switch (q.kind) {
        case QuestionKind::NonzeroRows:
            return format(TR(teach_answer_nonzero), rows_text(q.rows).c_str());
        case QuestionKind::GradRow: {
            std::string numbers;  // shown: the language's decimal and list separator
            for (int c = 0; c < q.d; c++)
                numbers += (c ? active_language().list_separator : "") + display_float(q.values[size_t(c)]);
            return format(q.rule == Question::RowRule::Padding  ? TR(teach_answer_grad_row_padding)
                          : q.rule == Question::RowRule::Scaled ? TR(teach_answer_grad_row_scaled)
                                                                : TR(teach_answer_grad_row),
                          q.row, numbers.c_str(), q.row, q.row);
        }
        case QuestionKind::MovedRows:
            return format(TR(teach_answer_moved), rows_text(q.rows).c_str());
        case QuestionKind::Claim: {
            const int i = std::clamp(q.id.back() - '0', 0, int(wrong_claims().size()) - 1);
            return tr(wrong_claims()[size_t(i)].explanation);
        }
    }
    return "";
}

}  // namespace el
