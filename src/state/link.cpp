#include "link.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "core/cost.h"
#include "core/embedding_bag.h"
#include "core/limits.h"
#include "decimal.h"
#include "i18n/i18n.h"
#include "json_writer.h"
#include "parse.h"
#include "teach.h"
#include "tour.h"

namespace el {

//-----------------------------------------------------------------------------
// Value types: how a field's number is written and read back.
//-----------------------------------------------------------------------------

enum class LinkType { Int, Float, Bool, Choice, Custom };

// Settings read in phase 0; data that depends on them (ids need V, cells need V and d)
// in phase 1, after the table has been regenerated.
enum class Phase { Settings, Data };

// One row of the table (fields() below, written with designated initialisers): a member a
// row leaves out is one its type never reads.
struct LinkField {
    const char* key;
    const char* meaning;  // for link_field_info (the README's table, the fuzz dictionary)
    LinkType type;
    Phase phase = Phase::Settings;
    bool always = false;  // written even at its default (keeps links readable)
    double lo = 0, hi = 0;  // Int, Float: inclusive limits
    const char* const* choices = nullptr;  // Choice: names in enum order, null-terminated
    // Int, Float, Bool, Choice: the state's value as a number, and back.
    double (*get)(const AppState&) = nullptr;
    void (*set)(AppState&, double) = nullptr;
    // Custom: the field's own text codec; decode_noting for one that may also say what it did
    // with a value it took (a cell given twice).
    std::string (*encode)(const AppState&) = nullptr;
    Status (*decode)(AppState&, std::string_view) = nullptr;
    Status (*decode_noting)(AppState&, std::string_view, std::vector<std::string>& notices) = nullptr;
    // Custom: the number it takes when typed (Int, Float), read in the page's language ("1,5" in German)
    // as the Int and Float fields are; its words (none, off) as they are.
    LinkType typed_as = LinkType::Custom;
    // decode_noting's notes are the link's problems (errors), the value still taken: a teacher's
    // misspelt lock is a lock missing, not a remark (the names it knows hold).
    bool notes_are_errors = false;
    // Int: a range that depends on a field read before this one (step: its tour's steps). Returns
    // false where there is none (lo..hi apply); else sets the value, moved into that range with a
    // notice naming it when it was outside.
    bool (*within)(AppState&, int64_t value, std::string_view text, std::vector<std::string>& notices) = nullptr;
};

static std::string quoted(std::string_view text) { return quote_text(text, 32); }

// A limit as people write it, in the page's language: 100,000 (never 1e+05; 100.000 in German),
// 0.999 (0,999) as the float32 the field holds.
static std::string format_limit(double v, LinkType type) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (type == LinkType::Int || (std::trunc(v) == v && std::fabs(v) < 1e15)) return format_count(int64_t(v));
    return display_float(float(v));
}

// A whole number (parse_whole: "100", "1e2"); one past every limit comes back as +-1e18, for the
// range check to name, never as "not a whole number".
static Status parse_int(std::string_view text, int64_t& out) {
    if (parse_whole(text, out) != Whole::Ok) return Status::Fail(format(TR(msg_not_whole_number), quoted(text).c_str()));
    return Status::Ok();
}

//-----------------------------------------------------------------------------
// Custom fields: the table's edited cells, the ids, the upstream's edited cells,
// optional lookup settings, the visible panels.
//-----------------------------------------------------------------------------

static bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Row r's cells that differ from `base(r, c)`, appended to `out` as ",r:c:value" (no comma first).
template <class Base>
static void append_row_cells(std::string& out, const float* row, int r, int cols, Base base) {
    for (int c = 0; c < cols; c++) {
        if (same_bits(row[c], base(r, c))) continue;
        if (!out.empty()) out += ',';
        out += std::to_string(r) + ':' + std::to_string(c) + ':' + format_float(row[c]);
    }
}

// "r:c:value,r:c:value" for cells of a (rows, cols) grid that differ from `base(r, c)`.
template <class Base>
static std::string encode_cells(const std::vector<float>& grid, int rows, int cols, Base base) {
    std::string out;
    for (int r = 0; r < rows; r++) append_row_cells(out, &grid[size_t(r) * cols], r, cols, base);
    return out;
}

static Status decode_cells(std::string_view text, std::vector<float>& grid, int rows, int cols,
                           const char* row_letter, const char* col_letter, std::vector<std::string>& notices) {
    std::vector<std::pair<size_t, float>> writes;  // applied only if every entry is good
    std::map<size_t, int> first_entry;  // cell -> the entry that gave it first (which is used, as for keys)
    // A repeated cell's notice is given once, however often it repeats (5,000 entries of one cell had
    // given 4,999 notices): its count, and its first repeat, which orders the notices.
    struct Repeat { size_t cell; int first, second, times; };
    std::vector<Repeat> repeated;
    std::map<size_t, size_t> repeat_of;  // cell -> its index in `repeated`
    size_t start = 0;
    int entry = 0;
    bool empty_entry = false;  // "0:0:1,,1:1:2", or a link cut after a comma: the rest is taken, with a word
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view item = text.substr(start, end - start);
        start = end + 1;
        if (item.empty()) {
            empty_entry |= !text.empty();
            if (end == text.size()) break;
            continue;
        }
        const size_t c1 = item.find(':'), c2 = c1 == std::string_view::npos ? c1 : item.find(':', c1 + 1);
        const std::string where = quoted(item);
        if (c2 == std::string_view::npos) return Status::Fail(format(TR(msg_cell_not_triple), entry, where.c_str()));
        int64_t r = 0, c = 0;
        float v = 0.0f;
        if (!parse_int(item.substr(0, c1), r).ok() || !parse_int(item.substr(c1 + 1, c2 - c1 - 1), c).ok())
            return Status::Fail(format(TR(msg_cell_not_two_numbers), entry, where.c_str()));
        const std::string row_text(item.substr(0, c1)), col_text(item.substr(c1 + 1, c2 - c1 - 1));
        if (r < 0 || r >= rows)
            return Status::Fail(
                format(TR(msg_cell_row_outside), entry, where.c_str(), row_text.c_str(), rows - 1, row_letter, rows));
        if (c < 0 || c >= cols)
            return Status::Fail(
                format(TR(msg_cell_col_outside), entry, where.c_str(), col_text.c_str(), cols - 1, col_letter, cols));
        if (Status st = parse_float(item.substr(c2 + 1), v); !st.ok())
            return Status::Fail(format(TR(msg_cell_bad_value), entry, where.c_str(), st.error.c_str()));
        const size_t cell = size_t(r) * size_t(cols) + size_t(c);
        if (auto [it, first] = first_entry.emplace(cell, entry); first)
            writes.emplace_back(cell, v);
        else if (auto [at, new_repeat] = repeat_of.emplace(cell, repeated.size()); new_repeat)
            repeated.push_back({cell, it->second, entry, 2});
        else
            repeated[at->second].times++;
        entry++;
    }
    for (auto [i, v] : writes) grid[i] = v;
    if (empty_entry) notices.push_back(TR(msg_empty_entry));
    for (const Repeat& n : repeated) {
        const long long r = (long long)(n.cell / size_t(cols)), c = (long long)(n.cell % size_t(cols));
        const std::string used = format_float(grid[n.cell]);
        notices.push_back(n.times == 2 ? format(TR(msg_cell_twice), r, c, n.first, n.second, used.c_str())
                                       : format(TR(msg_cell_times), r, c, format_count(n.times).c_str(), n.first, used.c_str()));
    }
    return Status::Ok();
}

// Comparing every cell with generated_cell costs a log and a cos each (about 180 ms at V = 100,000 x 16),
// and a commit encodes the link more than once (the address, snapshot(), the text view). So each row's
// text is kept with a 64-bit hash of the numbers it came from (8 bytes a row, not a copy of W, which may
// be 64 MB), and a later call works out again only the rows whose numbers changed (the same text as
// encode_cells gives; test_link.cpp checks it after edits of every kind). A row is the table as this
// revision's lookup found it (row_before_lookup): opening the link runs the lookup, and max_norm
// rescales the same rows again.
static uint64_t row_hash(const float* row, int cols) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (int c = 0; c < cols; c++) {
        uint32_t bits;
        std::memcpy(&bits, &row[c], sizeof bits);
        h = (h ^ bits) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}
static std::string encode_table_cells(const AppState& s) {
    static struct { TableInit init; uint32_t seed; int d = -1; std::vector<uint64_t> hashes; std::vector<std::string> rows; } memo;
    if (memo.init != s.init || memo.seed != s.seed || memo.d != s.d) memo.hashes.clear(), memo.rows.clear();
    memo.init = s.init, memo.seed = s.seed, memo.d = s.d;
    const size_t fresh = memo.hashes.size();  // rows past it have no text yet
    memo.rows.resize(size_t(s.V)), memo.hashes.resize(size_t(s.V));
    const auto generated = [&s](int r, int c) { return generated_cell(s.init, s.seed, s.d, r, c); };
    std::string out;
    for (int r = 0; r < s.V; r++) {
        const float* row = row_before_lookup(s, r);
        const uint64_t h = row_hash(row, s.d);
        std::string& text = memo.rows[size_t(r)];
        if (size_t(r) >= fresh || h != memo.hashes[size_t(r)])
            text.clear(), append_row_cells(text, row, r, s.d, generated), memo.hashes[size_t(r)] = h;
        if (!text.empty()) out += (out.empty() ? "" : ",") + text;
    }
    if (memo.rows.capacity() > 2 * memo.rows.size()) memo.rows.shrink_to_fit(), memo.hashes.shrink_to_fit();
    return out;
}
static Status decode_table_cells(AppState& s, std::string_view text, std::vector<std::string>& notices) {
    return decode_cells(text, s.W, s.V, s.d, "V", "d", notices);
}

static std::string encode_upstream_cells(const AppState& s) {
    return encode_cells(s.upstream, s.B(), s.d, [](int, int c) { return default_upstream(c); });
}
static Status decode_upstream_cells(AppState& s, std::string_view text, std::vector<std::string>& notices) {
    return decode_cells(text, s.upstream, s.B(), s.d, "B", "d", notices);
}

static std::string encode_ids(const AppState& s) {
    std::string out;
    for (size_t i = 0; i < s.ids.size(); i++) out += (i ? "," : "") + std::to_string(s.ids[i]);
    return out;
}
static Status decode_ids(AppState& s, std::string_view text, std::vector<std::string>& notices) {
    std::vector<int> ids;
    std::string empty_entry;  // "ids=1,,2", or a link cut after "ids=4,": the rest is taken, with a word
    if (Status st = parse_ids(text, s.V, ids, &empty_entry); !st.ok()) return st;
    if (!empty_entry.empty()) notices.push_back(std::move(empty_entry));
    s.ids = std::move(ids);
    fit_upstream(s, s.d);
    return Status::Ok();
}

static std::string encode_offsets(const AppState& s) {
    std::string out;
    for (size_t i = 0; i < s.offsets.size(); i++) out += (i ? "," : "") + std::to_string(s.offsets[i]);
    return out;
}
static Status decode_offsets(AppState& s, std::string_view text, std::vector<std::string>& notices) {
    // As the ids: "0,2", "0, 2" (typed into the text view's field), "0,,2" or a link cut after "offsets=0,"
    // (the rest taken, with a word).
    std::string notice;
    if (Status st = parse_offsets(text, s.B(), s.offsets, &notice); !st.ok()) return st;
    if (!notice.empty()) notices.push_back(notice);
    return Status::Ok();
}

// padding_idx's "none" and max_norm's "off": a link writes the English word, a field shows the page's
// language's ("keine", "aus" in German: typed_link_value); both read either, in any case ("None", as
// Python writes it).
static bool is_word(std::string_view text, std::string_view english, std::string_view language) {
    return equals_nocase(text, english) || equals_nocase(text, language);
}

static std::string encode_padding(const AppState& s) {
    return s.lookup.padding_idx ? std::to_string(*s.lookup.padding_idx) : "none";
}
static Status decode_padding(AppState& s, std::string_view text) {
    if (is_word(text, "none", TR(word_none))) {
        s.lookup.padding_idx.reset();
        return Status::Ok();
    }
    int64_t p = 0;
    if (Status st = parse_int(text, p); !st.ok()) return Status::Fail(format(TR(msg_or_none), st.error.c_str()));
    if (p < -s.V || p >= s.V)
        return Status::Fail(format(TR(msg_padding_outside), quoted(text).c_str(), -s.V, s.V - 1));
    s.lookup.padding_idx = int(p);
    return Status::Ok();
}

// The link and the exports write max_norm as its float's shortest decimal ("0.3"); the lookup uses
// that decimal's double, which is what PyTorch is given (max_norm=0.3 in the scripts).
static std::string encode_max_norm(const AppState& s) {
    return s.lookup.max_norm ? format_float(float(*s.lookup.max_norm)) : "off";
}
static Status decode_max_norm(AppState& s, std::string_view text) {
    if (is_word(text, "off", TR(word_off))) {
        s.lookup.max_norm.reset();
        return Status::Ok();
    }
    float v = 0.0f;
    if (Status st = parse_float(text, v); !st.ok()) return Status::Fail(format(TR(msg_or_off), st.error.c_str()));
    if (!(v > 0.0f) || !std::isfinite(v)) return Status::Fail(format(TR(msg_max_norm_positive), quoted(text).c_str()));
    s.lookup.max_norm = decimal_to_double(format_float(v));
    return Status::Ok();
}

// "auto" (the default, so never written): the page follows the system; else a theme's name.
static std::string encode_theme(const AppState& s) {
    return s.theme_follows_system ? "auto" : kThemeNames[int(s.theme)];
}
static Status decode_theme(AppState& s, std::string_view text) {
    if (text == "auto") return s.theme_follows_system = true, Status::Ok();
    for (int i = 0; kThemeNames[i]; i++)
        if (text == kThemeNames[i]) return s.theme = Theme(i), s.theme_follows_system = false, Status::Ok();
    return Status::Fail(format(TR(msg_theme_not_known), quoted(text).c_str()));
}

// "auto" (the default, so never written): the browser's language; else a language's code.
static std::string encode_lang(const AppState& s) { return s.lang.empty() ? "auto" : s.lang; }
static Status decode_lang(AppState& s, std::string_view text) {
    if (text == "auto") return s.lang.clear(), Status::Ok();
    if (find_language(text)) return s.lang = std::string(text), Status::Ok();
    std::string codes;
    for (int i = 0; i < kLanguageCount; i++) codes += std::string(kLanguages[i].code) + ", ";
    return Status::Fail(format(TR(msg_not_one_of), quoted(text).c_str(), (codes + "auto").c_str()));
}

std::string encode_name_list(uint32_t bits, const char* const* names, int count) {
    std::string out;
    for (int i = 0; i < count; i++)
        if (bits & (1u << i)) out += (out.empty() ? "" : ",") + std::string(names[i]);
    return out;
}

Status decode_name_list(std::string_view text, const char* const* names, int count, const char* what,
                        uint32_t& bits, std::vector<std::string>* unknown) {
    uint32_t found_bits = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(',', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view name = text.substr(start, end - start);
        start = end + 1;
        if (name.empty()) continue;
        int found = -1;
        for (int i = 0; i < count; i++)
            if (name == names[i]) found = i;
        if (found < 0) {
            std::string known;
            for (int i = 0; i < count; i++) known += (i ? ", " : "") + std::string(names[i]);
            // Whole sentences for the callers' lists (link.cpp, teach.cpp); any other is told by `what`.
            const std::string q = quoted(name);
            const std::string_view w = what;
            std::string message = w == "a panel" ? format(TR(msg_not_a_panel), q.c_str(), known.c_str())
                                  : w == "a lock" ? format(TR(msg_not_a_lock), q.c_str(), known.c_str())
                                  : w == "a control that can be hidden" ? format(TR(msg_not_hideable), q.c_str(), known.c_str())
                                  : format(TR(msg_not_known_name), q.c_str(), what, known.c_str());
            if (!unknown) return Status::Fail(std::move(message));
            unknown->push_back(std::move(message));
            continue;
        }
        found_bits |= 1u << found;
    }
    bits = found_bits;
    return Status::Ok();
}

Status decode_known_names(std::string_view text, const char* const* names, int count, const char* what,
                          uint32_t& bits, std::vector<std::string>& unknown) {
    std::vector<std::string> said;
    uint32_t found = 0;
    decode_name_list(text, names, count, what, found, &said);
    if (!found && !said.empty()) return Status::Fail(said[0]);
    unknown.insert(unknown.end(), said.begin(), said.end());
    bits = found;
    return Status::Ok();
}

// In a tour (read before the step) a step outside it opens the nearer end, saying so with the tour's
// real steps, the same below as above. Without one a step opens nothing: it is left out, said so
// (it stayed in the link, and in every link shared from it, meaning nothing).
static bool tour_step_within(AppState& s, int64_t step, std::string_view text, std::vector<std::string>& notices) {
    const int steps = int(tour_steps(s.tour).size());
    const std::string given(text);  // as written: 1e30 is past every step, and said as 1e30
    if (steps == 0) {
        if (step != 0) notices.push_back(format(TR(msg_tour_step_without_tour), given.c_str()));
        s.tour_step = 0;
        return true;
    }
    const int used = int(std::clamp<int64_t>(step, 0, steps - 1));
    if (step < 0)
        notices.push_back(format(TR(msg_tour_step_before_start), tour_depth_name(s.tour), steps, steps - 1, given.c_str(), used));
    else if (step >= steps)
        notices.push_back(format(TR(msg_tour_step_past_end), tour_depth_name(s.tour), steps, steps - 1, given.c_str(), used));
    s.tour_step = used;
    return true;
}

static std::string encode_panels(const AppState& s) { return encode_name_list(s.panels, kPanelNames, kPanelCount); }
// A name it does not know is left out and said; the others are shown. (Refusing the whole list for one
// typo, "panels=forward,nosuch", showed all eleven panels: a small embed became the whole page.)
static Status decode_panels(AppState& s, std::string_view text, std::vector<std::string>& notices) {
    uint32_t panels = 0;
    if (Status st = decode_known_names(text, kPanelNames, kPanelCount, "a panel", panels, notices); !st.ok()) return st;
    if (!panels) return Status::Fail(TR(msg_no_panel));
    s.panels = panels;
    return Status::Ok();
}

//-----------------------------------------------------------------------------
// The table of fields: declared once, in the order they are written and read.
//-----------------------------------------------------------------------------

#define EL_GET(expr) [](const AppState& s) { return double(s.expr); }
#define EL_SET(expr, T) [](AppState& s, double v) { s.expr = T(v); }

static const std::vector<LinkField>& fields() {
    using L = LinkType;
    using P = Phase;
    static const std::vector<LinkField> table = {
        {.key = "V", .meaning = "rows of W (ids)", .type = L::Int, .always = true, .lo = 1, .hi = kMaxV,
         .get = EL_GET(V), .set = EL_SET(V, int)},
        {.key = "d", .meaning = "columns of W (width)", .type = L::Int, .always = true, .lo = 1, .hi = kMaxD,
         .get = EL_GET(d), .set = EL_SET(d, int)},
        {.key = "init", .meaning = "how W is generated: example, normal, uniform, zeros", .type = L::Choice,
         .always = true, .choices = kInitNames, .get = EL_GET(init), .set = EL_SET(init, TableInit)},
        {.key = "seed", .meaning = "seed of the normal/uniform table", .type = L::Int, .lo = 0, .hi = 4294967295.0,
         .get = EL_GET(seed), .set = EL_SET(seed, uint32_t)},
        {.key = "maxnorm", .meaning = "max_norm of the lookup, or off", .type = L::Custom,
         .encode = encode_max_norm, .decode = decode_max_norm, .typed_as = L::Float},
        {.key = "normtype", .meaning = "norm_type for max_norm", .type = L::Float, .lo = 0.1, .hi = INFINITY,
         .get = EL_GET(lookup.norm_type), .set = EL_SET(lookup.norm_type, float)},
        {.key = "freqscale", .meaning = "scale_grad_by_freq", .type = L::Bool,
         .get = EL_GET(lookup.scale_grad_by_freq), .set = EL_SET(lookup.scale_grad_by_freq, bool)},
        {.key = "sparse", .meaning = "sparse gradient as (index, row) pairs", .type = L::Bool,
         .get = EL_GET(lookup.sparse), .set = EL_SET(lookup.sparse, bool)},
        {.key = "opt", .meaning = "optimizer: sgd, adam, adamw, lazysgd, lazyadam", .type = L::Choice,
         .choices = kOptimizerKeys, .get = EL_GET(optimizer.kind), .set = EL_SET(optimizer.kind, OptimizerKind)},
        {.key = "lr", .meaning = "learning rate", .type = L::Float, .lo = 0, .hi = 100, .get = EL_GET(optimizer.lr),
         .set = EL_SET(optimizer.lr, float)},
        {.key = "mom", .meaning = "momentum mu", .type = L::Float, .lo = 0, .hi = 0.999,
         .get = EL_GET(optimizer.momentum), .set = EL_SET(optimizer.momentum, float)},
        {.key = "damp", .meaning = "dampening tau", .type = L::Float, .lo = 0, .hi = 1,
         .get = EL_GET(optimizer.dampening), .set = EL_SET(optimizer.dampening, float)},
        {.key = "nesterov", .meaning = "Nesterov momentum", .type = L::Bool, .get = EL_GET(optimizer.nesterov),
         .set = EL_SET(optimizer.nesterov, bool)},
        {.key = "wd", .meaning = "weight decay lambda", .type = L::Float, .lo = 0, .hi = 10,
         .get = EL_GET(optimizer.weight_decay), .set = EL_SET(optimizer.weight_decay, float)},
        {.key = "b1", .meaning = "Adam beta1", .type = L::Float, .lo = 0, .hi = 0.9999,
         .get = EL_GET(optimizer.beta1), .set = EL_SET(optimizer.beta1, float)},
        {.key = "b2", .meaning = "Adam beta2", .type = L::Float, .lo = 0, .hi = 0.999999,
         .get = EL_GET(optimizer.beta2), .set = EL_SET(optimizer.beta2, float)},
        {.key = "eps", .meaning = "Adam epsilon", .type = L::Float, .lo = 1e-12, .hi = 1,
         .get = EL_GET(optimizer.eps), .set = EL_SET(optimizer.eps, float)},
        {.key = "loss", .meaning = "what Step minimises: upstream (G) or mse (targets)", .type = L::Choice,
         .choices = kLossNames, .get = EL_GET(loss), .set = EL_SET(loss, LossKind)},
        {.key = "zipf", .meaning = "frequency experiment: Zipf exponent s", .type = L::Float, .lo = 0,
         .hi = kMaxZipfExponent, .get = EL_GET(frequency.zipf_exponent),
         .set = EL_SET(frequency.zipf_exponent, float)},
        {.key = "fV", .meaning = "frequency experiment: V", .type = L::Int, .lo = 2, .hi = kMaxFrequencyV,
         .get = EL_GET(frequency.V), .set = EL_SET(frequency.V, int)},
        {.key = "fseed", .meaning = "frequency experiment: seed", .type = L::Int, .lo = 0, .hi = 4294967295.0,
         .get = EL_GET(frequency.seed), .set = EL_SET(frequency.seed, uint32_t)},
        {.key = "fsteps", .meaning = "frequency experiment: steps", .type = L::Int, .lo = 1,
         .hi = kMaxFrequencySteps, .get = EL_GET(frequency.steps), .set = EL_SET(frequency.steps, int)},
        {.key = "ffreqscale", .meaning = "frequency experiment: scale_grad_by_freq", .type = L::Bool,
         .get = EL_GET(frequency.scale_grad_by_freq), .set = EL_SET(frequency.scale_grad_by_freq, bool)},
        {.key = "flazy", .meaning = "frequency experiment: lazy Adam instead of dense", .type = L::Bool,
         .get = EL_GET(frequency.lazy), .set = EL_SET(frequency.lazy, bool)},
        {.key = "fwd", .meaning = "frequency experiment: weight decay (AdamW)", .type = L::Bool,
         .get = EL_GET(frequency.weight_decay), .set = EL_SET(frequency.weight_decay, bool)},
        {.key = "bV", .meaning = "budget experiment: V", .type = L::Int, .lo = 2, .hi = kMaxBudgetV,
         .get = EL_GET(budget.V), .set = EL_SET(budget.V, int)},
        {.key = "bd", .meaning = "budget experiment: d", .type = L::Int, .lo = 1, .hi = kMaxBudgetD,
         .get = EL_GET(budget.d), .set = EL_SET(budget.d, int)},
        {.key = "bk", .meaning = "budget experiment: hashed buckets k", .type = L::Int, .lo = 1, .hi = kMaxBudgetV,
         .get = EL_GET(budget.buckets), .set = EL_SET(budget.buckets, int)},
        {.key = "br", .meaning = "budget experiment: factorised rank r", .type = L::Int, .lo = 1, .hi = kMaxBudgetD,
         .get = EL_GET(budget.rank), .set = EL_SET(budget.rank, int)},
        {.key = "bN", .meaning = "budget experiment: split, ids with their own row",
         .type = L::Int, .lo = 0, .hi = kMaxBudgetV,
         .get = EL_GET(budget.own_rows), .set = EL_SET(budget.own_rows, int)},
        {.key = "bsk", .meaning = "budget experiment: split, shared buckets",
         .type = L::Int, .lo = 0, .hi = kMaxBudgetV,
         .get = EL_GET(budget.split_buckets), .set = EL_SET(budget.split_buckets, int)},
        {.key = "bzipf", .meaning = "budget experiment: Zipf exponent s",
         .type = L::Float, .lo = 0, .hi = kMaxZipfExponent,
         .get = EL_GET(budget.zipf_exponent), .set = EL_SET(budget.zipf_exponent, float)},
        {.key = "bseed", .meaning = "budget experiment: seed", .type = L::Int, .lo = 0, .hi = 4294967295.0,
         .get = EL_GET(budget.seed), .set = EL_SET(budget.seed, uint32_t)},
        {.key = "bsteps", .meaning = "budget experiment: steps", .type = L::Int, .lo = 1, .hi = kMaxBudgetSteps,
         .get = EL_GET(budget.steps), .set = EL_SET(budget.steps, int)},
        {.key = "aspread", .meaning = "activation on the rows: targets from -spread to spread",
         .type = L::Float, .lo = 0.01, .hi = kMaxActivationSpread,
         .get = EL_GET(rows_activation.spread), .set = EL_SET(rows_activation.spread, float)},
        {.key = "asteps", .meaning = "activation on the rows: steps",
         .type = L::Int, .lo = 1, .hi = kMaxActivationSteps,
         .get = EL_GET(rows_activation.steps), .set = EL_SET(rows_activation.steps, int)},
        {.key = "xV", .meaning = "compresses the input: V", .type = L::Int, .lo = 1, .hi = kMaxV,
         .get = EL_GET(compression.V), .set = EL_SET(compression.V, int)},
        {.key = "xd", .meaning = "compresses the input: embedding width d",
         .type = L::Int, .lo = 1, .hi = kMaxCompressionWidth,
         .get = EL_GET(compression.d), .set = EL_SET(compression.d, int)},
        {.key = "xh", .meaning = "compresses the input: first layer width h",
         .type = L::Int, .lo = 1, .hi = kMaxCompressionWidth,
         .get = EL_GET(compression.h), .set = EL_SET(compression.h, int)},
        {.key = "costV", .meaning = "V of the cost benchmark", .type = L::Int, .lo = 1, .hi = kMaxV,
         .get = EL_GET(cost.V), .set = EL_SET(cost.V, int)},
        {.key = "costd", .meaning = "d of the cost benchmark", .type = L::Int, .lo = 1, .hi = kMaxD,
         .get = EL_GET(cost.d), .set = EL_SET(cost.d, int)},
        {.key = "costB", .meaning = "B of the cost benchmark", .type = L::Int, .lo = 1, .hi = kMaxB,
         .get = EL_GET(cost.B), .set = EL_SET(cost.B, int)},
        {.key = "reps", .meaning = "repeats of the cost benchmark", .type = L::Int, .lo = 1, .hi = kMaxCostRepeats,
         .get = EL_GET(cost.repeats), .set = EL_SET(cost.repeats, int)},
        {.key = "bag", .meaning = "EmbeddingBag reduction: none, sum, mean, max", .type = L::Choice,
         .choices = kBagNames, .get = EL_GET(bag), .set = EL_SET(bag, BagChoice)},
        {.key = "theme", .meaning = "light, dark, contrast (high contrast on black) or contrastlight (on white); without it (or auto) the system's preference",
         .type = L::Custom, .encode = encode_theme, .decode = decode_theme},
        {.key = "lang", .meaning = "the page's language: en or de; without it (or auto) the browser's",
         .type = L::Custom, .encode = encode_lang, .decode = decode_lang},
        {.key = "view", .meaning = "canvas or text", .type = L::Choice, .choices = kViewNames,
         .get = EL_GET(view), .set = EL_SET(view, View)},
        {.key = "embed", .meaning = "course-page mode", .type = L::Bool, .get = EL_GET(embed),
         .set = EL_SET(embed, bool)},
        {.key = "deeper", .meaning = "load the deeper tier's experiments with the page", .type = L::Bool,
         .get = EL_GET(deeper_tier), .set = EL_SET(deeper_tier, bool)},
        {.key = "panels", .meaning = "panels shown", .type = L::Custom, .encode = encode_panels,
         .decode_noting = decode_panels},
        // Opens a section that starts closed (and its panel) and scrolls to it once (panels_experiments.cpp);
        // written while its panel is shown, and the page clears it when the section is closed.
        {.key = "section", .meaning = "a section of the experiments panel opened and scrolled to: rawid, bias, nonfinite",
         .type = L::Choice, .choices = kSectionNames,
         .get = [](const AppState& s) { return s.panels & kPanelExperiments ? double(s.section) : 0.0; },
         .set = [](AppState& s, double v) { s.section = int(v), s.panels |= v ? uint32_t(kPanelExperiments) : 0u; }},
        {.key = "tour", .meaning = "guided tour depth", .type = L::Choice, .choices = kTourNames,
         .get = EL_GET(tour), .set = EL_SET(tour, TourDepth)},
        {.key = "step", .meaning = "tour step", .type = L::Int, .lo = 0, .hi = 99, .get = EL_GET(tour_step),
         .set = EL_SET(tour_step, int), .within = tour_step_within},
        // Teacher controls (src/state/teach.h).
        {.key = "lock", .meaning = "what learners may not change: table, ids, upstream, options, optimizer, size",
         .type = L::Custom, .encode = encode_locks, .decode_noting = decode_locks, .notes_are_errors = true},
        {.key = "linklocks", .meaning = "later links may change the locks (default: the opening link's hold)",
         .type = L::Bool, .get = EL_GET(teach.link_locks), .set = EL_SET(teach.link_locks, bool)},
        {.key = "hide", .meaning = "single controls hidden: fill, resize, options, random, bag, gfill, overview, openfull",
         .type = L::Custom, .encode = encode_hidden, .decode_noting = decode_hidden, .notes_are_errors = true},
        {.key = "quiz", .meaning = "question cards: none, backward, step, cards, claims, all; :seed draws a batch",
         .type = L::Custom, .encode = encode_quiz, .decode = decode_quiz},
        {.key = "height", .meaning = "embed frame height: fixed, or auto (grows with the content)", .type = L::Choice,
         .choices = kHeightNames, .get = EL_GET(teach.auto_height), .set = EL_SET(teach.auto_height, bool)},
        {.key = "maxheight", .meaning = "auto height's cap in CSS pixels; beyond it the page scrolls inside",
         .type = L::Int, .lo = kMinFrameHeight, .hi = kMaxFrameHeight, .get = EL_GET(teach.max_height),
         .set = EL_SET(teach.max_height, int)},
        // Data: read after V, d, init and seed have made the table.
        {.key = "ids", .meaning = "the batch", .type = L::Custom, .phase = P::Data, .always = true,
         .encode = encode_ids, .decode_noting = decode_ids},
        {.key = "offsets", .meaning = "where each bag starts in ids (EmbeddingBag)", .type = L::Custom,
         .phase = P::Data, .encode = encode_offsets, .decode_noting = decode_offsets},
        {.key = "pad", .meaning = "padding_idx, or none", .type = L::Custom, .phase = P::Data,
         .encode = encode_padding, .decode = decode_padding, .typed_as = L::Int},
        {.key = "cells", .meaning = "cells of W that differ from the generator, row:col:value", .type = L::Custom,
         .phase = P::Data, .encode = encode_table_cells, .decode_noting = decode_table_cells},
        {.key = "g", .meaning = "cells of G that differ from [0.01,-0.02,0.03], b:col:value", .type = L::Custom,
         .phase = P::Data, .encode = encode_upstream_cells, .decode_noting = decode_upstream_cells},
    };
    return table;
}

#undef EL_GET
#undef EL_SET

//-----------------------------------------------------------------------------
// One loop encodes ...
//-----------------------------------------------------------------------------

static std::string field_text(const LinkField& f, const AppState& s) {
    switch (f.type) {
        case LinkType::Int: return std::to_string(int64_t(f.get(s)));
        case LinkType::Float: return format_float(float(f.get(s)));
        case LinkType::Bool: return f.get(s) != 0.0 ? "1" : "0";
        case LinkType::Choice: return f.choices[int(f.get(s))];
        case LinkType::Custom: return f.encode(s);
    }
    return "";
}

// A field not at its default (or one every link writes) as "&key=value". The defaults' cells= is "" (their
// table is their generator's): working it out would also undo encode_table_cells's kept rows.
static void append_field(std::string& out, const LinkField& f, const AppState& s) {
    static const AppState defaults;
    const std::string text = field_text(f, s);
    if (!f.always && text == (f.encode == encode_table_cells ? "" : field_text(f, defaults))) return;
    out += '&';
    out += f.key;
    out += '=';
    out += percent_encode(text);
}

std::string encode_link(const AppState& s) {
    std::string out = "v=" + std::to_string(kLinkVersion);
    for (const LinkField& f : fields()) append_field(out, f, s);
    return out;
}

std::string encode_link_keys(const AppState& s, std::initializer_list<std::string_view> keys, std::string_view link) {
    const auto named = [&](std::string_view key) {
        for (size_t at = 0;;) {
            const size_t end = std::min(link.find('&', at), link.size());
            const std::string_view part = link.substr(at, end - at);
            if (part.size() > key.size() && part.substr(0, key.size()) == key && part[key.size()] == '=') return true;
            if (end == link.size()) return false;
            at = end + 1;
        }
    };
    std::string out;
    for (const LinkField& f : fields())
        for (std::string_view key : keys)
            if (key == f.key && !named(key)) append_field(out, f, s);
    return out;
}

//-----------------------------------------------------------------------------
// ... and one loop decodes.
//-----------------------------------------------------------------------------

static Status decode_field(const LinkField& f, AppState& s, std::string_view text, std::vector<std::string>& notices) {
    if (f.decode_noting) return f.decode_noting(s, text, notices);
    if (f.type == LinkType::Custom) return f.decode(s, text);
    double v = 0.0;
    switch (f.type) {
        case LinkType::Int: {
            int64_t i = 0;
            if (Status st = parse_int(text, i); !st.ok()) return st;
            if (f.within && f.within(s, i, text, notices)) return Status::Ok();
            v = double(i);
            break;
        }
        case LinkType::Float: {
            float x = 0.0f;
            if (Status st = parse_float(text, x); !st.ok()) return st;
            if (std::isnan(x)) return Status::Fail(TR(msg_nan_not_allowed));
            v = x;
            break;
        }
        case LinkType::Bool:
            if (text == "1" || text == "true") f.set(s, 1);
            else if (text == "0" || text == "false") f.set(s, 0);
            else return Status::Fail(format(TR(msg_not_0_or_1), quoted(text).c_str()));
            return Status::Ok();
        case LinkType::Choice: {
            int found = -1;
            std::string names;
            for (int i = 0; f.choices[i]; i++) {
                if (text == f.choices[i]) found = i;
                names += (i ? ", " : "") + std::string(f.choices[i]);
            }
            if (found < 0) return Status::Fail(format(TR(msg_not_one_of), quoted(text).c_str(), names.c_str()));
            f.set(s, found);
            return Status::Ok();
        }
        case LinkType::Custom: break;
    }
    // A float field compares as the float32 it holds: 0.999 (0.99900001) is within "0 to 0.999".
    const bool outside = f.type == LinkType::Float ? float(v) < float(f.lo) || float(v) > float(f.hi)
                                                   : v < f.lo || v > f.hi;
    if (outside)
        return Status::Fail(format(TR(msg_out_of_limits), quoted(text).c_str(), format_limit(f.lo, f.type).c_str(),
                                   format_limit(f.hi, f.type).c_str()));
    f.set(s, v);
    return Status::Ok();
}

using LinkValues = std::map<std::string, std::string, std::less<>>;

// One "key=value" pair, percent-decoded, into `values`; the first of a repeated key wins, and its notice
// is given once (`twice`: the keys noticed), however often it repeats.
static void read_pair(std::string_view pair, LinkValues& values, std::set<std::string, std::less<>>& twice, LinkMessages& msg) {
    const size_t eq = pair.find('=');
    std::string key, value;
    if (!percent_decode(pair.substr(0, eq), key)) {
        msg.errors.push_back(format(TR(msg_key_broken_escape), quoted(pair.substr(0, eq)).c_str()));
        return;
    }
    if (eq == std::string_view::npos) {
        // Bytes no one could type (control characters) are not a key someone forgot to finish.
        const bool unreadable = std::all_of(key.begin(), key.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
        });
        if (unreadable)
            msg.errors.push_back(format(TR(msg_control_bytes), quoted(key).c_str(), key.size()));
        else {
            const std::string shown = quoted(key);  // control bytes shown as '?'
            msg.errors.push_back(format(TR(msg_no_value), shown.c_str(), shown.substr(1, shown.size() - 2).c_str()));
        }
        return;
    }
    if (!percent_decode(pair.substr(eq + 1), value)) {
        msg.errors.push_back(format(TR(msg_value_broken_escape), key.c_str(), quoted(pair.substr(eq + 1)).c_str()));
        return;
    }
    if (key.empty()) {  // "=5", named as written (as an empty key: "'' is given more than once", "unknown key ''")
        msg.notices.push_back(format(TR(msg_empty_key), quoted(pair).c_str()));
        return;
    }
    if (values.count(key)) {
        if (twice.insert(key).second) msg.notices.push_back(format(TR(msg_key_twice), key.c_str()));
        return;
    }
    values.emplace(std::move(key), std::move(value));
}

// Every pair of a fragment, in order; a key given twice keeps its first value.
static void read_pairs(std::string_view fragment, LinkValues& values, LinkMessages& msg) {
    std::set<std::string, std::less<>> twice;
    for (size_t start = 0; start < fragment.size();) {
        size_t end = fragment.find('&', start);
        if (end == std::string_view::npos) end = fragment.size();
        if (end > start) read_pair(fragment.substr(start, end - start), values, twice, msg);
        start = end + 1;
    }
}

// The version this page reads, and keys the table does not have (ignored with a notice).
static void check_keys(const LinkValues& values, LinkMessages& msg) {
    if (auto it = values.find("v"); it != values.end() && it->second != std::to_string(kLinkVersion))
        msg.errors.push_back(format(TR(msg_link_version), quoted(it->second).c_str(), kLinkVersion, kLinkVersion));
    for (const auto& [key, value] : values) {
        bool known = key == "v";
        for (const LinkField& f : fields()) known |= key == f.key;
        if (!known) msg.notices.push_back(format(TR(msg_unknown_key), quoted(key).c_str()));
    }
}

// What a field's value is when typed or written by hand: its type, or for a Custom field the number it takes.
static LinkType typed_type(const LinkField& f) { return f.type == LinkType::Custom ? f.typed_as : f.type; }

// Every field of one phase that the link gives; a bad value is named and skipped, and what the page
// uses instead said when it is short: "V: 'abc' is not a whole number (still using 3)".
static void apply_phase(Phase phase, const LinkValues& values, AppState& s, LinkMessages& msg) {
    for (const LinkField& f : fields()) {
        if (f.phase != phase) continue;
        auto it = values.find(f.key);
        if (it == values.end()) continue;
        std::vector<std::string> notices;
        // A decimal written with a comma, as German and many languages write it ("lr=0,5", a link typed by
        // hand): the point a link writes. (A list's commas are its own: only a field of one decimal.)
        std::string text = it->second;
        const bool decimal = typed_type(f) == LinkType::Float;
        if (decimal && std::count(text.begin(), text.end(), ',') == 1 && text.find('.') == std::string::npos)
            text[text.find(',')] = '.';
        if (Status st = decode_field(f, s, text, notices); !st.ok()) {
            quote_as_typed(st.error, text, it->second, 32);
            std::string e = std::string(f.key) + ": " + st.error, now;
            if (link_value(s, f.key, now) && !now.empty() && now.size() <= 24) {
                if (decimal) now = localized_number(now);  // "0,1" in German
                e = format(TR(lesson_still_using), e.c_str(), now.c_str());
            }
            msg.errors.push_back(e);
        }
        for (const std::string& n : notices) (f.notes_are_errors ? msg.errors : msg.notices).push_back(std::string(f.key) + ": " + n);
    }
}

// Between the settings and the data: what the settings imply, recomputed, never read from the link.
static void settle_settings(AppState& s, LinkMessages& msg) {
    if (Status st = check_table_size(s.V, s.d); !st.ok()) {
        msg.errors.push_back(format(TR(msg_link_size_fallback), st.error.c_str()));
        s.V = 3, s.d = 3;
    }
    regenerate_table(s);
    s.ids = {s.V > 1 ? 1 : 0};
    fit_upstream(s, s.d);
}

// A banner (and the live line reading it) lists a few; the rest are counted: "... and 4,990 more".
static void fold_long_list(std::vector<std::string>& list, int& left_out) {
    if (list.size() <= kMaxListedMessages) return;
    left_out = int(list.size() - (kMaxListedMessages - 1));
    list.resize(kMaxListedMessages - 1);
    list.push_back(format(TR(msg_list_more), format_count(left_out).c_str()));
}

LinkMessages decode_link(std::string_view fragment, AppState& out, std::string_view base) {
    LinkMessages msg;
    AppState s;  // defaults, and the base's settings over them
    if (!base.empty()) {
        LinkValues kept;
        LinkMessages unsaid;
        read_pairs(base, kept, unsaid);
        apply_phase(Phase::Settings, kept, s, unsaid);
    }
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    if (fragment.size() > kMaxLinkBytes) {
        msg.errors.push_back(format(TR(msg_link_too_long), format_count((long long)fragment.size()).c_str(),
                                    format_count((long long)kMaxLinkBytes).c_str()));
        msg.none_applied = true;
        return msg;
    }
    LinkValues values;
    read_pairs(fragment, values, msg);
    // A link naming a tour step and no V, which every link the page writes carries (an instructor's
    // "#tour=solid&step=6"), opens the step as Next does: the step's own link gives the keys this one
    // leaves out.
    const auto given = [&values](const char* key) { auto it = values.find(key); return it == values.end() ? nullptr : &it->second; };
    if (given("tour") && given("step") && !given("V")) {
        AppState at;  // the tour and its step alone (a V ends the recursion), encoded again: an '&' in
                      // them is a character of the value, not another key ("basics%26V%3D50" is no tour)
        decode_link("V=3&tour=" + percent_encode(*given("tour")) + "&step=" + percent_encode(*given("step")), at);
        const std::vector<TourStep>& steps = tour_steps(at.tour);
        LinkMessages twice;  // the step's keys that the link gives too: the link's own count, unremarked
        if (size_t(at.tour_step) < steps.size()) read_pairs(steps[size_t(at.tour_step)].link, values, twice);
    }
    check_keys(values, msg);
    apply_phase(Phase::Settings, values, s, msg);
    settle_settings(s, msg);
    apply_phase(Phase::Data, values, s, msg);
    out = std::move(s);
    fold_long_list(msg.errors, msg.errors_left_out);
    fold_long_list(msg.notices, msg.notices_left_out);
    return msg;
}

bool link_value(const AppState& s, std::string_view key, std::string& out) {
    for (const LinkField& f : fields())
        if (key == f.key) return out = field_text(f, s), true;
    return false;
}

bool typed_link_value(const AppState& s, std::string_view key, std::string& out) {
    if (!link_value(s, key, out)) return false;
    if (key == "pad" && out == "none") out = TR(word_none);
    if (key == "maxnorm" && out == "off") out = TR(word_off);
    return true;
}

static std::string field_json(const LinkField& f, const AppState& s) {
    switch (f.type) {
        case LinkType::Int:
        case LinkType::Float: return json_number(f.type == LinkType::Float ? double(float(f.get(s))) : f.get(s));
        case LinkType::Bool: return json_bool(f.get(s) != 0.0);
        case LinkType::Choice:
        case LinkType::Custom: return json_string(field_text(f, s));
    }
    return "null";
}

bool link_value_json(const AppState& s, std::string_view key, std::string& out) {
    for (const LinkField& f : fields())
        if (key == f.key) return out = field_json(f, s), true;
    return false;
}

std::string link_settings_json(const AppState& s) {
    std::string out = "{";
    for (const LinkField& f : fields()) {
        if (out.size() > 1) out += ',';
        out += json_string(f.key) + ':' + field_json(f, s);
    }
    return out + '}';
}

Status set_link_field(AppState& s, std::string_view key, std::string_view text, std::vector<std::string>* notices) {
    for (const LinkField& f : fields())
        if (key == f.key) {
            std::vector<std::string> noted;
            Status st = decode_field(f, s, text, noted);
            if (notices) *notices = std::move(noted);
            return st;
        }
    return Status::Fail(TR(msg_no_such_setting));
}

Status type_link_field(AppState& s, std::string_view key, std::string_view typed, std::vector<std::string>* notices) {
    std::string text(typed);
    for (const LinkField& f : fields())
        if (const LinkType t = typed_type(f); key == f.key && t <= LinkType::Float) {
            if (Status st = refuse_point_or_grouping(typed); t == LinkType::Float && !st.ok()) return st;
            text = t == LinkType::Int ? whole_from_locale(typed) : number_from_locale(typed);
        }
    Status st = set_link_field(s, key, text, notices);
    // Quoted as typed ("'1,5' ... (0 bis 0,999)", "'50.000' ..."), not as the link took it (1.5, 50000).
    quote_as_typed(st.error, text, typed, 32);
    return st;
}

std::vector<LinkFieldInfo> link_fields() {
    std::vector<LinkFieldInfo> info = {{"v", "link format version (1)"}};
    for (const LinkField& f : fields()) info.push_back({f.key, f.meaning});
    return info;
}

//-----------------------------------------------------------------------------
// Percent encoding
//-----------------------------------------------------------------------------

std::vector<std::string> link_pairs(std::string_view fragment) {
    std::vector<std::string> out;
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    size_t start = 0;
    while (start < fragment.size()) {
        size_t end = fragment.find('&', start);
        if (end == std::string_view::npos) end = fragment.size();
        if (end > start) out.emplace_back(fragment.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

bool link_pair(std::string_view pair, std::string& key, std::string& value) {
    const size_t eq = pair.find('=');
    if (eq == std::string_view::npos) return false;
    return percent_decode(pair.substr(0, eq), key) && percent_decode(pair.substr(eq + 1), value);
}

std::string percent_encode(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        const bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                          c == '.' || c == '_' || c == '~' || c == ',' || c == ':' || c == '+';
        if (keep) out += char(c);
        else out += '%', out += hex[c >> 4], out += hex[c & 15];
    }
    return out;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool percent_decode(std::string_view text, std::string& out) {
    out.clear();
    for (size_t i = 0; i < text.size(); i++) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return false;
        const int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
        if (hi < 0 || lo < 0) return false;
        out += char(hi * 16 + lo);
        i += 2;
    }
    return true;
}

}  // namespace el
