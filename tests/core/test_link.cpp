// Share links: round trips, defaults, and bad links that must be explained, not crash.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <string>

#include "core/limits.h"
#include "state/commit.h"
#include "i18n/i18n.h"
#include "state/decimal.h"
#include "state/link.h"
#include "state/parse.h"
#include "state/tour.h"

using el::AppState;
using el::decode_link;
using el::encode_link;

static bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);  // (memcmp of null: UB)
}

// Every field a link carries, compared exactly (floats bit for bit).
static void require_same_state(const AppState& a, const AppState& b) {
    REQUIRE(a.V == b.V);
    REQUIRE(a.d == b.d);
    REQUIRE(a.init == b.init);
    REQUIRE(a.seed == b.seed);
    REQUIRE(same_bits(a.W, b.W));
    REQUIRE(a.ids == b.ids);
    REQUIRE(same_bits(a.upstream, b.upstream));
    REQUIRE(a.lookup.padding_idx == b.lookup.padding_idx);
    REQUIRE(a.lookup.max_norm == b.lookup.max_norm);
    REQUIRE(a.lookup.norm_type == b.lookup.norm_type);
    REQUIRE(a.lookup.scale_grad_by_freq == b.lookup.scale_grad_by_freq);
    REQUIRE(a.lookup.sparse == b.lookup.sparse);
    REQUIRE(a.optimizer.kind == b.optimizer.kind);
    REQUIRE(a.optimizer.lr == b.optimizer.lr);
    REQUIRE(a.optimizer.momentum == b.optimizer.momentum);
    REQUIRE(a.optimizer.dampening == b.optimizer.dampening);
    REQUIRE(a.optimizer.nesterov == b.optimizer.nesterov);
    REQUIRE(a.optimizer.weight_decay == b.optimizer.weight_decay);
    REQUIRE(a.optimizer.beta1 == b.optimizer.beta1);
    REQUIRE(a.optimizer.beta2 == b.optimizer.beta2);
    REQUIRE(a.optimizer.eps == b.optimizer.eps);
    REQUIRE(a.loss == b.loss);
    REQUIRE(a.frequency.zipf_exponent == b.frequency.zipf_exponent);
    REQUIRE(a.frequency.V == b.frequency.V);
    REQUIRE(a.frequency.seed == b.frequency.seed);
    REQUIRE(a.frequency.steps == b.frequency.steps);
    REQUIRE(a.frequency.scale_grad_by_freq == b.frequency.scale_grad_by_freq);
    REQUIRE(a.frequency.lazy == b.frequency.lazy);
    REQUIRE(a.frequency.weight_decay == b.frequency.weight_decay);
    REQUIRE(a.budget.V == b.budget.V);
    REQUIRE(a.budget.d == b.budget.d);
    REQUIRE(a.budget.buckets == b.budget.buckets);
    REQUIRE(a.budget.rank == b.budget.rank);
    REQUIRE(a.budget.own_rows == b.budget.own_rows);
    REQUIRE(a.budget.split_buckets == b.budget.split_buckets);
    REQUIRE(a.budget.zipf_exponent == b.budget.zipf_exponent);
    REQUIRE(a.budget.seed == b.budget.seed);
    REQUIRE(a.budget.steps == b.budget.steps);
    REQUIRE(a.rows_activation.spread == b.rows_activation.spread);
    REQUIRE(a.rows_activation.steps == b.rows_activation.steps);
    REQUIRE(a.compression.V == b.compression.V);
    REQUIRE(a.compression.d == b.compression.d);
    REQUIRE(a.compression.h == b.compression.h);
    REQUIRE(a.cost.V == b.cost.V);
    REQUIRE(a.cost.d == b.cost.d);
    REQUIRE(a.cost.B == b.cost.B);
    REQUIRE(a.cost.repeats == b.cost.repeats);
    REQUIRE(a.theme == b.theme);
    REQUIRE(a.theme_follows_system == b.theme_follows_system);
    REQUIRE(a.embed == b.embed);
    REQUIRE(a.panels == b.panels);
    REQUIRE(a.tour == b.tour);
    REQUIRE(a.tour_step == b.tour_step);
    REQUIRE(a.section == b.section);
    REQUIRE(a.bag == b.bag);
    REQUIRE(a.offsets == b.offsets);
}

// A German learner's review (D10): a link written by hand with a decimal comma ("lr=0,5") was "not a number".
TEST_CASE("a link's single decimal may be written with a comma, as German writes it; lists keep their commas", "[link]") {
    el::AppState s;
    el::LinkMessages m = el::decode_link("v=1&lr=0,5&maxnorm=1,5&opt=sgd", s);
    CHECK(m.errors.empty());
    CHECK(s.optimizer.lr == 0.5f);
    CHECK(s.lookup.max_norm == 1.5);
    m = el::decode_link("v=1&lr=0,5x", s);
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0] == "lr: '0,5x' is not a number (still using 0.1)");  // quoted as written
    m = el::decode_link("v=1&lr=1,000.5", s);  // a point besides: not a decimal comma
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0].rfind("lr: '1,000.5'", 0) == 0);
    m = el::decode_link("v=1&V=3&d=3&ids=0,2", s);  // a list's commas separate
    CHECK(m.errors.empty());
    CHECK(s.ids == std::vector<int>{0, 2});
}

// A German learner's review (D8): the text view's padding_idx and max_norm fields took only the English
// words "none" and "off", and showed them, on a German page.
TEST_CASE("padding_idx's none and max_norm's off are shown and typed in the page's language; a link reads either", "[link]") {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)el::catalog_fingerprint());
    std::string german = std::string(hex) + '\x1e';  // the English texts but for the two words
    for (int i = 0; i < el::kMessageCount; i++)
        german += std::string(el::Msg(i) == el::Msg::word_none ? "keine" : el::Msg(i) == el::Msg::word_off ? "aus" : el::english_text(el::Msg(i))) + '\x1e';
    el::AppState s;
    std::string shown;
    for (const char* none : {"none", "None", "NONE"}) {
        REQUIRE(el::decode_link("v=1&pad=1&maxnorm=2", s).errors.empty());
        CHECK(el::type_link_field(s, "pad", none).ok());
        CHECK(el::decode_link(std::string("v=1&V=3&d=3&maxnorm=Off&pad=") + none, s).errors.empty());
        CHECK(!s.lookup.padding_idx);
        CHECK(!s.lookup.max_norm);
    }
    CHECK(el::typed_link_value(s, "pad", shown));
    CHECK(shown == "none");
    REQUIRE(el::set_language("de", german).ok);
    CHECK(el::typed_link_value(s, "pad", shown));
    CHECK(shown == "keine");
    CHECK(el::typed_link_value(s, "maxnorm", shown));
    CHECK(shown == "aus");
    CHECK(el::encode_link(s) == "v=1&V=3&d=3&init=example&ids=1");  // the link keeps the English words (here, defaults)
    REQUIRE(el::type_link_field(s, "pad", "1").ok());
    REQUIRE(el::type_link_field(s, "maxnorm", "0,5").ok());
    CHECK(el::typed_link_value(s, "pad", shown));
    CHECK(shown == "1");
    CHECK(el::type_link_field(s, "pad", "Keine").ok());
    CHECK(el::type_link_field(s, "maxnorm", "aus").ok());
    CHECK(!s.lookup.padding_idx);
    CHECK(!s.lookup.max_norm);
    CHECK(el::type_link_field(s, "pad", "none").ok());  // the English word still reads
    CHECK(el::encode_link(s).find("pad") == std::string::npos);
    const el::Status refused = el::type_link_field(s, "pad", "kein");
    CHECK(!refused.ok());
    CHECK(refused.error.find("(or none)") != std::string::npos);  // this catalog's msg_or_none is the English one
    el::set_english();
    CHECK(!el::type_link_field(s, "pad", "keine").ok());
}

TEST_CASE("the default state's link is short and readable", "[link]") {
    AppState s;
    CHECK(encode_link(s) == "v=1&V=3&d=3&init=example&ids=1");
}

TEST_CASE("a hand-written link gives defaults for the keys it leaves out", "[link]") {
    AppState s;
    const el::LinkMessages m = decode_link("#v=1&V=3&d=3&init=example&ids=1,1,2", s);
    CHECK(m.errors.empty());
    CHECK(m.notices.empty());
    CHECK(s.ids == std::vector<int>{1, 1, 2});
    CHECK(s.W == std::vector<float>{0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f});
    CHECK(s.upstream.size() == 9);
    CHECK(s.optimizer.kind == el::OptimizerKind::kSGD);
}

TEST_CASE("edited cells travel as differences from the generator and round-trip exactly", "[link]") {
    AppState s;
    s.init = el::TableInit::Normal, s.seed = 7;
    REQUIRE(el::resize_table(s, 1000, 64).ok());
    el::regenerate_table(s);
    s.W[5 * 64 + 3] = -0.0f;
    s.W[999 * 64 + 63] = INFINITY;
    s.W[0] = 1e-45f;
    s.ids = {5, 5, 999};
    el::fit_upstream(s, s.d);
    s.upstream[2] = NAN;
    const std::string link = encode_link(s);
    CAPTURE(link);
    CHECK(link.size() < 300);  // a 1000 x 64 table in a short link
    CHECK(link.find("cells=0:0:1e-45,5:3:-0,999:63:inf") != std::string::npos);
    AppState back;
    REQUIRE(decode_link(link, back).errors.empty());
    require_same_state(s, back);
}

TEST_CASE("decode(encode(state)) == state for random states", "[link][property]") {
    const unsigned seed = GENERATE(range(1u, 41u));
    std::mt19937 rng(seed);
    auto pick = [&](int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); };
    auto any_float = [&] {
        uint32_t bits = rng();
        float f;
        std::memcpy(&f, &bits, 4);
        return std::isnan(f) ? 0.5f : f;
    };
    AppState s;
    s.init = el::TableInit(pick(0, 3));
    s.seed = rng();
    REQUIRE(el::resize_table(s, pick(1, 300), pick(1, 40)).ok());
    el::regenerate_table(s);
    for (int k = pick(0, 20); k > 0; k--) s.W[size_t(pick(0, s.V * s.d - 1))] = any_float();
    s.ids.clear();
    for (int k = pick(1, 30); k > 0; k--) s.ids.push_back(pick(0, s.V - 1));
    el::fit_upstream(s, s.d);
    for (int k = pick(0, 5); k > 0; k--) s.upstream[size_t(pick(0, s.B() * s.d - 1))] = any_float();
    if (rng() % 2) s.lookup.padding_idx = pick(-s.V, s.V - 1);
    if (rng() % 2)  // as the page holds a max_norm: the double of its float's decimal (link.cpp)
        s.lookup.max_norm = el::decimal_to_double(el::format_float(float(pick(1, 1000)) / 7.0f));
    s.lookup.norm_type = rng() % 3 == 0 ? INFINITY : float(pick(1, 40)) / 8.0f;
    s.lookup.scale_grad_by_freq = rng() % 2;
    s.lookup.sparse = rng() % 2;
    s.optimizer.kind = el::OptimizerKind(pick(0, 4));
    s.optimizer.lr = float(pick(0, 1000)) / 997.0f;
    s.optimizer.momentum = float(pick(0, 99)) / 100.0f;
    s.optimizer.dampening = float(pick(0, 10)) / 10.0f;
    s.optimizer.nesterov = rng() % 2;
    s.optimizer.weight_decay = float(pick(0, 100)) / 1000.0f;
    s.optimizer.beta1 = float(pick(0, 999)) / 1000.0f;
    s.optimizer.beta2 = float(pick(0, 9999)) / 10000.0f;
    s.optimizer.eps = std::ldexp(1.0f, -pick(1, 30));
    s.loss = el::LossKind(pick(0, 1));
    s.frequency.zipf_exponent = float(pick(0, 1000)) / 101.0f;
    s.frequency.V = pick(2, el::kMaxFrequencyV);
    s.frequency.seed = rng();
    s.frequency.steps = pick(1, el::kMaxFrequencySteps);
    s.frequency.scale_grad_by_freq = rng() % 2;
    s.frequency.lazy = rng() % 2;
    s.frequency.weight_decay = rng() % 2;
    s.budget.V = pick(2, el::kMaxBudgetV);
    s.budget.d = pick(1, el::kMaxBudgetD);
    s.budget.buckets = pick(1, s.budget.V);
    s.budget.rank = pick(1, s.budget.d);
    s.budget.own_rows = pick(0, s.budget.V);
    s.budget.split_buckets = pick(0, s.budget.V - s.budget.own_rows);
    s.budget.zipf_exponent = float(pick(0, 1000)) / 101.0f;
    s.budget.seed = rng();
    s.budget.steps = pick(1, el::kMaxBudgetSteps);
    s.rows_activation.spread = float(pick(1, 1000)) / 101.0f;
    s.rows_activation.steps = pick(1, el::kMaxActivationSteps);
    s.compression = {pick(1, el::kMaxV), pick(1, el::kMaxCompressionWidth), pick(1, el::kMaxCompressionWidth)};
    s.cost = {pick(1, el::kMaxV), pick(1, el::kMaxD), pick(1, el::kMaxB), pick(1, 50)};
    s.theme_follows_system = pick(0, 3) == 0;  // then the link has no theme, and the page picks it
    s.theme = s.theme_follows_system ? el::Theme::Light : el::Theme(pick(0, 2));
    s.embed = rng() % 2;
    s.panels = uint32_t(pick(1, (1 << el::kPanelCount) - 1));
    s.tour = el::TourDepth(pick(0, 3));
    // In a tour, a step past its end is moved to the last step with a notice: stay within it. Without
    // one, a step is left out with a notice: there is none.
    const int tour_steps = int(el::tour_steps(s.tour).size());
    s.tour_step = tour_steps > 0 ? pick(0, tour_steps - 1) : 0;
    s.section = s.panels & el::kPanelExperiments ? pick(0, 3) : 0;  // (its panel hidden, it means nothing)
    s.bag = el::BagChoice(pick(0, 3));
    s.offsets = {0};
    for (int o = pick(0, s.B()); o <= s.B() && s.offsets.size() < 5; o += pick(1, 4)) s.offsets.push_back(o);
    const std::string link = encode_link(s);
    CAPTURE(seed, link);
    AppState back;
    const el::LinkMessages m = decode_link(link, back);
    REQUIRE(m.errors.empty());
    REQUIRE(m.notices.empty());
    require_same_state(s, back);
    REQUIRE(encode_link(back) == link);
}

TEST_CASE("bad links name the field and the reason, and the rest still applies", "[link][errors]") {
    struct Case {
        const char* link;
        const char* message;
    };
    const Case cases[] = {
        {"V=0&ids=1,1", "V: '0' is out of range (1 to 100,000)"},
        {"V=1e9", "V: '1e9' is out of range (1 to 100,000)"},
        {"V=-5", "V: '-5' is out of range"},
        {"d=513", "d: '513' is out of range (1 to 512)"},
        {"V=100000&d=512", "V, d: a 100,000 x 512 table has 51,200,000 cells"},
        {"ids=1,7", "ids: id '7' at position 1 is out of range"},
        {"ids=", "ids: the batch is empty"},
        {"ids=1.5", "ids: id '1.5' at position 0 is not a whole number"},
        {"lr=NaN", "lr: nan is not allowed here"},
        {"lr=abc", "lr: 'abc' is not a number"},
        {"opt=rmsprop", "opt: 'rmsprop' is not one of sgd, adam, adamw, lazysgd, lazyadam"},
        {"opt=2", "opt: '2' is not one of"},
        {"init=%zz", "init: '%zz' has a broken percent escape"},
        {"init=%4", "broken percent escape"},
        {"v=2", "v: link version '2' is not one this page reads"},
        {"cells=1:2", "cells: entry 0 '1:2' is not row:column:value"},
        {"cells=5:0:1", "cells: entry 0 '5:0:1' has row 5 outside 0..2"},
        {"cells=0:0:x", "cells: entry 0 '0:0:x': 'x' is not a number"},
        {"pad=3", "pad: '3' is outside -V..V-1 = -3..2"},
        {"maxnorm=-1", "maxnorm: '-1' must be a positive number (or off)"},
        {"panels=nope", "panels: 'nope' is not a panel"},
        {"theme=%3Cscript%3E", "theme: '<script>' is not one of light, dark, contrast, contrastlight, auto"},
        {"embed=yes", "embed: 'yes' is not 0 or 1"},
        {"V", "'V' has no value"},
        {"ids=1,1&offsets=1", "offsets: "},
        {"bag=median", "bag: 'median' is not one of none, sum, mean, max"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.link);
        AppState s;
        const std::string link = std::string(c.link) + "&tour=solid";
        const el::LinkMessages m = decode_link(link, s);
        REQUIRE(m.errors.size() >= 1);
        CHECK_THAT(m.errors[0], Catch::Contains(c.message));
        CHECK(s.tour == el::TourDepth::Solid);  // the rest of the link still applied
        CHECK(s.W.size() == size_t(s.V) * size_t(s.d));
        CHECK(s.upstream.size() == size_t(s.B()) * size_t(s.d));
    }
}

// A refused value is replaced by the page's own, and the banner says which: it named the field and the
// reason only, and a learner could not tell what the page was showing instead. Said when it is short.
TEST_CASE("a bad link value's message says what the page uses instead", "[link][errors]") {
    const auto first_error = [](const char* link) {
        AppState s;
        const el::LinkMessages m = decode_link(link, s);
        REQUIRE(m.errors.size() == 1);
        return m.errors[0];
    };
    CHECK(first_error("V=abc") == "V: 'abc' is not a whole number (still using 3)");
    CHECK(first_error("V=5&ids=1,7") == "ids: id '7' at position 1 is out of range: ids run from 0 to V-1 = 4 (still using 1)");
    CHECK(first_error("opt=rmsprop") == "opt: 'rmsprop' is not one of sgd, adam, adamw, lazysgd, lazyadam (still using sgd)");
    CHECK(first_error("lr=-1") == "lr: '-1' is out of range (0 to 100) (still using 0.1)");
    CHECK(first_error("theme=blue") == "theme: 'blue' is not one of light, dark, contrast, contrastlight, auto (still using auto)");
    // The whole table or a long batch is not repeated in a message.
    CHECK(first_error("V=3&d=3&cells=5:0:1").find("still using") == std::string::npos);
    CHECK(first_error("V=40&ids=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14&g=x").find("still using") == std::string::npos);
}

// One unknown name among known ones (a typo in a course page's embed code) is left out and said; refusing the
// whole list showed all eleven panels, and the small embed became the whole page.
TEST_CASE("a panel name the page does not know is left out and said; the known ones are shown", "[link][errors]") {
    AppState s;
    el::LinkMessages m = decode_link("v=1&panels=forward,nope,backward&embed=1", s);
    CHECK(m.errors.empty());
    REQUIRE(m.notices.size() == 1);
    CHECK_THAT(m.notices[0], Catch::Contains("panels: 'nope' is not a panel"));
    CHECK(s.panels == (el::kPanelForward | el::kPanelBackward));
    m = decode_link("v=1&panels=nope,nada", s);  // nothing known: refused, every panel shown
    REQUIRE(m.errors.size() == 1);
    CHECK_THAT(m.errors[0], Catch::Contains("panels: 'nope' is not a panel"));
    CHECK(s.panels == el::kDefaultPanels);
}

TEST_CASE("unknown and repeated keys are notices; oversized links are refused whole", "[link][errors]") {
    AppState s;
    el::LinkMessages m = decode_link("foo=1&V=4&V=5&ids=3", s);
    CHECK(m.errors.empty());
    CHECK(s.V == 4);
    CHECK(s.ids == std::vector<int>{3});
    REQUIRE(m.notices.size() == 2);
    CHECK_THAT(m.notices[0], Catch::Contains("'V' is given more than once"));
    CHECK_THAT(m.notices[1], Catch::Contains("unknown key 'foo' ignored"));

    // A value with no key before it is named as written (review z1: "&=&=5" said "'' is given more than once"
    // and "unknown key '' ignored", naming nothing).
    m = decode_link("V=4&=&=5&ids=3", s);
    CHECK(m.errors.empty());
    CHECK(s.V == 4);
    REQUIRE(m.notices.size() == 2);
    CHECK(m.notices[0] == "'=' has no key before its '='; ignored");
    CHECK(m.notices[1] == "'=5' has no key before its '='; ignored");

    // A key repeated many times is one notice (3,000 of them filled the banner with the same line).
    std::string repeated = "V=4";
    for (int i = 0; i < 3000; i++) repeated += "&z=1&V=5";
    m = decode_link(repeated, s);
    REQUIRE(m.notices.size() == 3);
    CHECK_THAT(m.notices[0], Catch::Contains("'V' is given more than once"));
    CHECK_THAT(m.notices[1], Catch::Contains("'z' is given more than once"));
    CHECK_THAT(m.notices[2], Catch::Contains("unknown key 'z' ignored"));

    m = decode_link("V=5&" + std::string(100 * 1024, 'a'), s);
    REQUIRE(m.errors.size() == 1);
    CHECK_THAT(m.errors[0], Catch::Contains("102,404 characters long; the limit is 65,536"));  // 4 + 100 * 1024
    CHECK(m.none_applied);
    CHECK(s.V == 4);  // not applied: the state is left as it was

    m = decode_link("\xff\xfe=\x01&&&=&%00=%00", s);  // junk keys: ignored, each with a notice
    CHECK(m.errors.empty());
    CHECK(m.notices.size() == 3);
    CHECK(s.V == 3);
}

TEST_CASE("a fragment of unreadable bytes is reported as ignored, not taken silently", "[link][errors]") {
    AppState s;
    const std::string junk = GENERATE(std::string("\x01\x02\x03"), std::string("%01%02"), std::string("\x7f\x1b"),
                                      std::string("v=1&\x05\x06&ids=2"));
    CAPTURE(junk);
    const el::LinkMessages m = decode_link(junk, s);
    REQUIRE(m.errors.size() == 1);
    CHECK_THAT(m.errors[0], Catch::Contains("unreadable control bytes, no '='"));
    CHECK_THAT(m.errors[0], Catch::Contains("it was ignored"));
    for (char c : m.errors[0]) CHECK(static_cast<unsigned char>(c) >= 0x20);  // the message itself is readable
    CHECK(s.V == 3);
    if (junk.find("ids=2") != std::string::npos) CHECK(s.ids == std::vector<int>{2});  // the rest applies
}

TEST_CASE("a key without '=' still asks for a value, control bytes shown as '?'", "[link][errors]") {
    AppState s;
    const el::LinkMessages m = decode_link("V=4&seed\x01", s);
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0] == "'seed?' has no value (write seed?=...)");
    CHECK(s.V == 4);
}

TEST_CASE("a tour step past the end opens the last step, a step without a tour is left out; each says so", "[link][tour]") {
    AppState s;
    const int steps = int(el::tour_steps(el::TourDepth::Solid).size());
    REQUIRE(steps > 1);
    el::LinkMessages m = decode_link("tour=solid&step=99", s);
    CHECK(m.errors.empty());
    REQUIRE(m.notices.size() == 1);
    CHECK(m.notices[0] == "step: the solid tour has " + std::to_string(steps) + " steps (step=0 to " +
                             std::to_string(steps - 1) + "); step=99 is past its end, so step=" +
                             std::to_string(steps - 1) + " (the last) was used");
    CHECK(s.tour == el::TourDepth::Solid);
    CHECK(s.tour_step == steps - 1);

    m = decode_link("tour=solid&step=" + std::to_string(steps - 1), s);  // the last step itself: no notice
    CHECK(m.notices.empty());
    CHECK(s.tour_step == steps - 1);

    // No tour: a step opens nothing. It is left out, said so, and the link written back has none (it
    // stayed in every link shared from it, meaning nothing).
    m = decode_link("step=3&ids=2", s);
    CHECK(m.errors.empty());
    REQUIRE(m.notices.size() == 1);
    CHECK(m.notices[0] == "step: no tour is open (tour=basics, solid or deeper), so step=3 was left out");
    CHECK(s.tour == el::TourDepth::None);
    CHECK(s.tour_step == 0);
    CHECK(s.ids == std::vector<int>{2});  // the rest of the link applied
    CHECK(encode_link(s).find("step=") == std::string::npos);
    m = decode_link("step=0", s);  // the default: nothing to say
    CHECK(m.notices.empty());
}

// section= opens a section that starts closed: its name, or an error naming the names and the rest applied;
// written back while its panel is shown (the page clears it when the section is closed).
TEST_CASE("section= names a section of the experiments panel, shows its panel and round-trips", "[link][section]") {
    AppState s;
    el::LinkMessages m = decode_link("v=1&V=3&d=3&ids=2&panels=forward&section=bias", s);
    CHECK(m.errors.empty());
    CHECK(m.notices.empty());
    CHECK(s.section == 2);
    CHECK(std::string(el::kSectionNames[s.section]) == "bias");
    CHECK(s.panels == (el::kPanelForward | el::kPanelExperiments));  // the section's panel, shown
    const std::string link = encode_link(s);
    CHECK(link.find("&section=bias") != std::string::npos);
    AppState again;
    CHECK(decode_link(link, again).errors.empty());
    CHECK(again.section == 2);
    CHECK(encode_link(again) == link);
    // Closed (0) or its panel hidden, the link says nothing of it.
    s.section = 0;
    CHECK(encode_link(s).find("section") == std::string::npos);
    again.panels &= ~el::kPanelExperiments;
    CHECK(encode_link(again).find("section") == std::string::npos);
    CHECK(encode_link(AppState{}).find("section") == std::string::npos);
}

TEST_CASE("a section name the page does not know is named with the known ones; the rest applies", "[link][section][errors]") {
    AppState s;
    const el::LinkMessages m = decode_link("v=1&V=5&d=2&ids=4&section=biass", s);
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0] == "section: 'biass' is not one of none, rawid, bias, nonfinite (still using none)");
    CHECK(s.section == 0);
    CHECK((s.V == 5 && s.d == 2 && s.ids == std::vector<int>{4}));
}

#ifdef EL_README  // native builds: the source tree's README.md (wasm tests cannot read it)
TEST_CASE("README's table of link keys lists every key with its meaning", "[link][docs]") {
    std::ifstream in(EL_README);
    REQUIRE(in.good());
    const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const el::LinkFieldInfo& f : el::link_fields()) {
        const std::string row = "| `" + std::string(f.key) + "` | " + f.meaning + " |";
        CAPTURE(row);
        CHECK(readme.find(row) != std::string::npos);
    }
}
#endif

TEST_CASE("the snapshot's settings are the link's field table, typed as JSON", "[link][json]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=4&d=2&opt=adam&lr=0.02&nesterov=1&theme=dark&ids=1,3", s).errors.empty());
    const std::string json = el::link_settings_json(s);
    CAPTURE(json);
    CHECK(json.front() == '{');
    CHECK(json.back() == '}');
    CHECK(json.find("\"V\":4,") != std::string::npos);
    CHECK(json.find("\"opt\":\"adam\"") != std::string::npos);
    CHECK(json.find("\"lr\":0.019999999552965164") != std::string::npos);  // the float32, widened exactly
    CHECK(json.find("\"nesterov\":true") != std::string::npos);
    CHECK(json.find("\"theme\":\"dark\"") != std::string::npos);
    CHECK(json.find("\"ids\":\"1,3\"") != std::string::npos);
    // Every key of the table is there once, with the value link_value_json gives.
    for (const el::LinkFieldInfo& f : el::link_fields()) {
        if (std::string(f.key) == "v") continue;
        std::string value;
        REQUIRE(el::link_value_json(s, f.key, value));
        const std::string member = "\"" + std::string(f.key) + "\":" + value;
        CAPTURE(member);
        CHECK(json.find(member) != std::string::npos);
    }
    std::string unused;
    CHECK_FALSE(el::link_value_json(s, "no-such-key", unused));
}

TEST_CASE("a link without a theme leaves it to the system and stays without one", "[link]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=3&d=3&ids=1", s).errors.empty());
    CHECK(s.theme_follows_system);
    s.theme = el::Theme::Dark;  // what the page resolved from the system's preference
    CHECK(el::encode_link(s).find("theme=") == std::string::npos);
    REQUIRE(el::decode_link("v=1&V=3&d=3&ids=1&theme=dark", s).errors.empty());
    CHECK_FALSE(s.theme_follows_system);
    CHECK(s.theme == el::Theme::Dark);
    CHECK(el::encode_link(s).find("&theme=dark") != std::string::npos);
    REQUIRE(el::decode_link("v=1&theme=auto", s).errors.empty());
    CHECK(s.theme_follows_system);
}

// Review of links in headless Chromium (the reviewer's cases): nothing a link says may change on the
// way in without a word, and every message must say what is true.
TEST_CASE("an oversized link's message gives the exact sizes", "[link][errors][review]") {
    AppState s;
    const std::string link = "V=5&cells=" + std::string(65618 - 10, '0');
    REQUIRE(link.size() == 65618);
    const el::LinkMessages m = decode_link(link, s);
    REQUIRE(m.errors.size() == 1);
    CHECK_THAT(m.errors[0], Catch::Contains("65,618 characters"));
    CHECK_THAT(m.errors[0], Catch::Contains("65,536"));
    CHECK(s.V == 3);
    // At the limit itself the link is read.
    const std::string at_limit = "V=5&foo=" + std::string(el::kMaxLinkBytes - 8, 'a');
    REQUIRE(at_limit.size() == el::kMaxLinkBytes);
    CHECK(decode_link(at_limit, s).errors.empty());
    CHECK(s.V == 5);
}

TEST_CASE("a number too small for a float32 is refused, not read as 0 or as another number", "[link][errors][review]") {
    for (const char* text : {"1e-46", "-1e-46", "1e-400", "0.0000000000000000000000000000000000000000000001"}) {
        CAPTURE(text);
        AppState s;
        const el::LinkMessages m = decode_link(std::string("V=3&d=3&init=example&cells=0:0:") + text + "&lr=0.5", s);
        REQUIRE(m.errors.size() == 1);
        CHECK_THAT(m.errors[0], Catch::StartsWith("cells: entry 0"));
        CHECK_THAT(m.errors[0], Catch::Contains("too small for a float32"));
        CHECK_THAT(m.errors[0], Catch::Contains("would become 0"));
        CHECK(s.W == AppState().W);  // the generator's cell stays
        CHECK(s.optimizer.lr == 0.5f);
        // The same in a plain float field.
        const el::LinkMessages f = decode_link(std::string("wd=") + text, s);
        REQUIRE(f.errors.size() == 1);
        CHECK_THAT(f.errors[0], Catch::Contains("wd: "));
        CHECK_THAT(f.errors[0], Catch::Contains("too small for a float32"));
    }
    // A denormal that would change the number is refused too, naming what it would be stored as.
    AppState s;
    el::LinkMessages m = decode_link("cells=0:0:2.9e-45", s);
    REQUIRE(m.errors.size() == 1);
    CHECK_THAT(m.errors[0], Catch::Contains("'2.9e-45'"));
    float nearest = 0.0f;
    REQUIRE(el::parse_float(el::format_float(2.9e-45f), nearest).ok());  // the text the page writes for it is read
    CHECK(nearest == 2.9e-45f);
    CHECK_THAT(m.errors[0], Catch::Contains(el::format_float(2.9e-45f)));
    // What the page writes for a denormal, and numbers a float32 holds, are read as before.
    for (const char* text : {"1e-45", "1.4e-44", "1.5e-40", "1.17549435e-38", "0", "-0", "0e-50", "3.4e38"}) {
        CAPTURE(text);
        m = decode_link(std::string("cells=0:0:") + text, s);
        CHECK(m.errors.empty());
        CHECK(s.W[0] == std::strtof(text, nullptr));
    }
}

TEST_CASE("a cell given twice in one key is a notice, as a repeated key is", "[link][errors][review]") {
    for (const std::string key : {"cells", "g"}) {
        CAPTURE(key);
        AppState s;
        const el::LinkMessages m = decode_link("V=3&d=3&ids=1&" + key + "=0:0:1,0:1:5,0:0:2", s);
        CHECK(m.errors.empty());
        REQUIRE(m.notices.size() == 1);
        CHECK_THAT(m.notices[0], Catch::StartsWith(key + ": "));
        CHECK_THAT(m.notices[0], Catch::Contains("more than once"));
        CHECK_THAT(m.notices[0], Catch::Contains("first value"));  // as for a repeated key
        const std::vector<float>& grid = key == "cells" ? s.W : s.upstream;
        CHECK(grid[0] == 1.0f);
        CHECK(grid[1] == 5.0f);
    }
}

TEST_CASE("a cell repeated many times is one notice with its count; long lists end in a count", "[link][errors][review]") {
    std::string cells;
    for (int i = 0; i < 5000; i++) cells += (i ? ",0:0:" : "0:0:") + std::to_string(i);
    AppState s;
    el::LinkMessages m = decode_link("V=3&d=3&ids=1&cells=" + cells, s);
    CHECK(m.errors.empty());
    REQUIRE(m.notices.size() == 1);
    CHECK(m.notices[0] == "cells: cell 0:0 is given 5,000 times (first in entry 0); the first value, 0, is used");
    CHECK(s.W[0] == 0.0f);

    // 40 unknown keys and 30 cells each given twice: 7 listed, then "... and 63 more".
    std::string link = "V=10&d=3&ids=1";
    for (int i = 0; i < 40; i++) link += "&zz" + std::to_string(i) + "=1";
    link += "&cells=";
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 3; c++) link += (r || c ? "," : "") + std::to_string(r) + ":" + std::to_string(c) + ":1," +
                                           std::to_string(r) + ":" + std::to_string(c) + ":2";
    m = decode_link(link, s);
    REQUIRE(m.notices.size() == el::kMaxListedMessages);
    CHECK(m.notices.back() == "... and 63 more");
    CHECK(m.notices_left_out == 63);
    CHECK(s.W[29] == 1.0f);

    // Errors too, and the banner's count is of all of them.
    link = "V=3&d=3&ids=1";
    for (int i = 0; i < 20; i++) link += "&%zz" + std::to_string(i) + "=1";
    m = decode_link(link, s);
    REQUIRE(m.errors.size() == el::kMaxListedMessages);
    CHECK(m.errors.back() == "... and 13 more");
    CHECK(m.error_count() == 20);
}

TEST_CASE("an empty entry in ids is a notice; the other ids are taken", "[link][ids][review]") {
    for (const char* link : {"V=5&ids=1,,2", "V=5&ids=1,2,", "V=5&ids=,1,2"}) {
        CAPTURE(link);
        AppState s;
        const el::LinkMessages m = decode_link(link, s);
        CHECK(m.errors.empty());
        CHECK(s.ids == std::vector<int>{1, 2});
        REQUIRE(m.notices.size() == 1);
        CHECK(m.notices[0] == "ids: an empty entry (two commas in a row, or a comma at an end) was left out");
    }
    AppState s;
    CHECK(decode_link("V=5&ids=1,2", s).notices.empty());
}

TEST_CASE("an empty entry in cells, g or offsets is the same notice; the other entries are taken", "[link][review]") {
    const std::string said = "an empty entry (two commas in a row, or a comma at an end) was left out";
    for (const std::string key : {"cells", "g"}) {
        for (const std::string cells : {"0:0:1,,0:1:5", "0:0:1,0:1:5,", ",0:0:1,0:1:5"}) {
            CAPTURE(key, cells);
            AppState s;
            const el::LinkMessages m = decode_link("V=3&d=3&ids=1&" + key + "=" + cells, s);
            CHECK(m.errors.empty());
            REQUIRE(m.notices.size() == 1);
            CHECK(m.notices[0] == key + ": " + said);
            const std::vector<float>& grid = key == "cells" ? s.W : s.upstream;
            CHECK(grid[0] == 1.0f);
            CHECK(grid[1] == 5.0f);
        }
    }
    for (const char* link : {"V=5&ids=1,2,3&bag=sum&offsets=0,,2", "V=5&ids=1,2,3&bag=sum&offsets=0,2,"}) {
        CAPTURE(link);
        AppState s;
        const el::LinkMessages m = decode_link(link, s);
        CHECK(m.errors.empty());
        CHECK(s.offsets == std::vector<int>{0, 2});
        REQUIRE(m.notices.size() == 1);
        CHECK(m.notices[0] == "offsets: " + said);
    }
    AppState s;
    CHECK(decode_link("V=3&d=3&ids=1&cells=0:0:1&bag=sum&offsets=0", s).notices.empty());
    // Spaced as the ids are, and as the text view's offsets field is typed in ("0, 2"): no word.
    const el::LinkMessages m = decode_link("V=5&ids=1,2,3&bag=sum&offsets=0, 2", s);
    CHECK(m.errors.empty());
    CHECK(m.notices.empty());
    CHECK(s.offsets == std::vector<int>{0, 2});
}

TEST_CASE("a tour step outside the tour names the tour's real steps, below as above", "[link][tour][review]") {
    const int steps = int(el::tour_steps(el::TourDepth::Basics).size());
    REQUIRE(steps > 1);
    const std::string range = "(step=0 to " + std::to_string(steps - 1) + ")";
    AppState s;
    el::LinkMessages below = decode_link("tour=basics&step=-1", s);
    CHECK(s.tour_step == 0);
    el::LinkMessages above = decode_link("tour=basics&step=99", s);
    CHECK(s.tour_step == steps - 1);
    for (const el::LinkMessages* m : {&below, &above}) {
        const std::vector<std::string>& all = m->errors.empty() ? m->notices : m->errors;
        CHECK(below.errors.size() == above.errors.size());  // the same kind of message for both
        REQUIRE(all.size() == 1);
        CHECK_THAT(all[0], Catch::StartsWith("step: "));
        CHECK_THAT(all[0], Catch::Contains("basics"));
        CHECK_THAT(all[0], Catch::Contains(range));
        CHECK_THAT(all[0], !Catch::Contains("99)"));
    }
    // Said as written, also far past every step.
    el::LinkMessages far = decode_link("tour=basics&step=1e30", s);
    REQUIRE(far.notices.size() == 1);
    CHECK_THAT(far.notices[0], Catch::Contains("step=1e30 is past its end"));
    CHECK(s.tour_step == steps - 1);
    // Without a tour the step has no tour to name: it is left out, whatever it was.
    const el::LinkMessages none = decode_link("step=-1", s);
    CHECK(none.errors.empty());
    REQUIRE(none.notices.size() == 1);
    CHECK(none.notices[0] == "step: no tour is open (tour=basics, solid or deeper), so step=-1 was left out");
    CHECK(s.tour_step == 0);
}

TEST_CASE("limits are written as people write them, and a whole number is never called fractional", "[link][errors][review]") {
    struct Case {
        const char* link;
        const char* message;
    };
    const Case cases[] = {
        {"lr=inf", "lr: 'inf' is out of range (0 to 100)"},
        {"lr=1000", "lr: '1000' is out of range (0 to 100)"},
        {"V=1e9", "V: '1e9' is out of range (1 to 100,000)"},
        {"V=1000000000000", "V: '1000000000000' is out of range (1 to 100,000)"},
        {"V=99999999999999999999999", "is out of range (1 to 100,000)"},
        {"V=2.5", "V: '2.5' is not a whole number"},
        {"V=1e-1", "V: '1e-1' is not a whole number"},
        {"d=-1e9", "d: '-1e9' is out of range (1 to 512)"},
        {"ids=1e9", "ids: id '1e9' at position 0 is out of range"},
        {"cells=1e9:0:1", "cells: entry 0 '1e9:0:1' has row 1e9 outside 0..2"},
        {"seed=1e10", "seed: '1e10' is out of range"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.link);
        AppState s;
        const el::LinkMessages m = decode_link(c.link, s);
        REQUIRE(m.errors.size() == 1);
        CHECK_THAT(m.errors[0], Catch::Contains(c.message));
        CHECK_THAT(m.errors[0], !Catch::Contains("e+"));
    }
    // Whole numbers written another way are read as the number they are.
    AppState s;
    CHECK(decode_link("V=1e2&d=2.0&ids=1E1", s).errors.empty());
    CHECK(s.V == 100);
    CHECK(s.d == 2);
    CHECK(s.ids == std::vector<int>{10});
}

TEST_CASE("a float field's limit, written as its limit, is inside it", "[link][errors][review]") {
    // The controls clamp to these (panels_budget.cpp: 0.01f), so the page writes them in its links.
    AppState s;
    s.rows_activation.spread = 0.01f;
    s.optimizer.momentum = 0.999f;
    s.optimizer.eps = 1e-12f;
    const std::string link = encode_link(s);
    AppState back;
    const el::LinkMessages m = decode_link(link, back);
    CAPTURE(link);
    CHECK(m.errors.empty());
    CHECK(back.rows_activation.spread == 0.01f);
    CHECK(back.optimizer.momentum == 0.999f);
    CHECK(back.optimizer.eps == 1e-12f);
}

// The link's cells= is worked out a row at a time and kept between calls (encode_table_cells): after
// every kind of change it must say what a comparison of every cell with its generator says.
TEST_CASE("the table's cells in a link follow every change of W, V, d, init and seed", "[link]") {
    const auto reference = [](const AppState& s) {
        std::string out;
        for (int r = 0; r < s.V; r++)
            for (int c = 0; c < s.d; c++) {
                const float v = s.W[size_t(r) * s.d + c], g = el::generated_cell(s.init, s.seed, s.d, r, c);
                if (std::memcmp(&v, &g, sizeof v) == 0) continue;
                out += (out.empty() ? "" : ",") + std::to_string(r) + ":" + std::to_string(c) + ":" + el::format_float(v);
            }
        return out;
    };
    std::mt19937 rng(5);
    AppState s;
    s.init = el::TableInit::Normal;
    el::regenerate_table(s);
    REQUIRE(el::resize_table(s, 40, 6).ok());  // G follows d
    for (int round = 0; round < 400; round++) {
        const int what = int(rng() % 10);
        if (what < 5) {  // a cell edited (sometimes back to its generated value, or to -0, nan)
            const int r = int(rng() % unsigned(s.V)), c = int(rng() % unsigned(s.d));
            const float values[] = {0.5f, -0.0f, 0.0f, std::nanf(""), el::generated_cell(s.init, s.seed, s.d, r, c)};
            s.W[size_t(r) * s.d + c] = values[rng() % 5];
        } else if (what == 5) {
            REQUIRE(el::resize_table(s, 1 + int(rng() % 60), s.d).ok());
        } else if (what == 6) {
            REQUIRE(el::resize_table(s, s.V, 1 + int(rng() % 8)).ok());
        } else if (what == 7) {
            s.seed = uint32_t(rng() % 3);  // the cells now differ from another generator
        } else if (what == 8) {
            s.init = el::TableInit(rng() % 4);
        } else {
            for (float& w : s.W) w *= 0.99f;  // every row changes, as a decaying optimizer step does
        }
        std::string cells;
        REQUIRE(el::link_value(s, "cells", cells));
        CAPTURE(round, what, s.V, s.d);
        REQUIRE(cells == reference(s));
        AppState back;
        REQUIRE(el::decode_link(el::encode_link(s), back).ok());
        REQUIRE(std::memcmp(back.W.data(), s.W.data(), s.W.size() * sizeof(float)) == 0);
    }
}

// A page as the app keeps it: every edit committed, then derived, max_norm's write-back into W with it
// (refresh_derived, as EndFrameCommit and apply_link do).
struct RevisedPage {
    AppState s;
    el::Derived d;
    el::CommitLog log;
    void edit(const std::function<void(AppState&)>& change) {
        change(s);
        el::commit(log, "edit");
        el::refresh_derived(log, s, d);
    }
};

static RevisedPage opened(const std::string& link) {
    RevisedPage p;
    p.edit([&](AppState& s) {
        const el::LinkMessages m = decode_link(link, s);
        CAPTURE(m.errors);
        REQUIRE(m.ok());
    });
    return p;
}

// The page's state, opened again from its own link: the same, bit for bit, the write-back included.
static void require_round_trip(const RevisedPage& p) {
    const RevisedPage q = opened(encode_link(p.s));
    require_same_state(p.s, q.s);
    REQUIRE(q.s.written_back.rows == p.s.written_back.rows);
    REQUIRE(same_bits(q.s.written_back.before, p.s.written_back.before));
    REQUIRE(same_bits(q.s.written_back.after, p.s.written_back.after));
}

static std::string every_7919th(int B, int V, int k = 0) {
    std::string ids;
    for (int i = 0; i < B; i++) ids += (i ? "," : "") + std::to_string((i * 7919 + k) % V);
    return ids;
}

TEST_CASE("a max_norm link carries W as its lookup found it; opened, it gives the page bit for bit", "[link][max_norm][review]") {
    // The reviewer's link (d = 64 there: 297 characters had become 78,311 once opened, every rescaled cell
    // an edit); d = 16 here, so that the link still fits once 32 of its rows are W's own.
    const std::string link = "v=1&V=1000&d=16&init=normal&seed=3&ids=" + every_7919th(64, 1000) + "&maxnorm=0.3";
    RevisedPage p = opened(link);
    REQUIRE(p.s.written_back.rows.size() == 64);  // every looked-up row is longer than 0.3: rescaled in W
    REQUIRE(encode_link(p.s).size() < 2 * link.size());
    require_round_trip(p);
    const std::vector<float> W_rescaled = p.s.W;

    // Another setting: the next lookup rescales the same rows as they were, and the link stays as short.
    p.edit([](AppState& s) { s.optimizer.lr = 0.5f; });
    REQUIRE(same_bits(p.s.W, W_rescaled));
    REQUIRE(encode_link(p.s).size() < 2 * link.size());
    require_round_trip(p);

    // Other ids: the rows the last lookup rescaled and this one does not look up stay rescaled (PyTorch
    // wrote them in place), and the link carries them as cells.
    p.edit([](AppState& s) {
        REQUIRE(el::parse_ids(every_7919th(32, 1000, 5), s.V, s.ids).ok());
        el::fit_upstream(s, s.d);
    });
    REQUIRE(same_bits(p.s.W, [&] {
        std::vector<float> W = W_rescaled;  // the 32 new rows rescaled too, from the generator's values
        for (size_t i = 0; i < p.s.written_back.rows.size(); i++)
            std::copy_n(&p.s.written_back.after[i * 16], 16, &W[size_t(p.s.written_back.rows[i]) * 16]);
        return W;
    }()));
    const size_t with_old_rows = encode_link(p.s).size();
    REQUIRE(with_old_rows > (64 - 32) * 16 * 6);  // the first batch's rows not looked up now: their cells, "r:c:value"
    require_round_trip(p);

    // A cell of a rescaled row edited; then a max_norm under which earlier rows are rescaled again.
    p.edit([](AppState& s) { s.W[size_t(s.ids[0]) * 16 + 3] = 2.5f; });
    require_round_trip(p);
    p.edit([](AppState& s) { s.lookup.max_norm = 0.2; });
    require_round_trip(p);
    p.edit([](AppState& s) { s.lookup.max_norm = 0.5; });  // none longer now: nothing written back
    REQUIRE(p.s.written_back.rows.empty());
    require_round_trip(p);
    p.edit([](AppState& s) {
        REQUIRE(el::parse_ids(every_7919th(64, 1000), s.V, s.ids).ok());
        el::fit_upstream(s, s.d);
    });
    require_round_trip(p);
}

// A course page's setLink naming its own panels= drew "'panels' is given more than once" when the embed's
// own were appended (LinkKeepingEmbed): keys the link names are left out.
TEST_CASE("encode_link_keys leaves out the keys the link names", "[link]") {
    el::AppState s;
    REQUIRE(el::decode_link("v=1&V=3&d=3&ids=1&embed=1&panels=table,backward&height=auto", s).ok());
    CHECK(el::encode_link_keys(s, {"embed", "panels", "height"}) == "&embed=1&panels=table,backward&height=auto");
    CHECK(el::encode_link_keys(s, {"embed", "panels", "height"}, "v=1&panels=ids&ids=2") == "&embed=1&height=auto");
    CHECK(el::encode_link_keys(s, {"embed", "panels", "height"}, "panels=ids&embed=0&height=300") == "");
    // A key named only as the start of another's name, or as a value, is not named.
    CHECK(el::encode_link_keys(s, {"panels"}, "v=1&panelsx=1&x=panels=") == "&panels=table,backward");
}

// In an embed a course page's later link named the teacher's keys with refused values: "panels=foo" made the
// frame the whole page, "embed=maybe" left embed mode ("still using 0"). A base link's settings stand where
// the link gives none or a refused one, and draw no messages of their own.
TEST_CASE("decode_link's base stands where the link gives no value or a refused one", "[link]") {
    el::AppState s, teacher;
    REQUIRE(el::decode_link("v=1&V=3&d=3&ids=1&embed=1&panels=table,backward&height=auto", teacher).ok());
    const std::string base = el::encode_link_keys(teacher, {"embed", "panels", "height"});
    el::LinkMessages m = el::decode_link("v=1&V=3&d=3&ids=2&panels=foo&embed=maybe", s, base);
    REQUIRE(m.errors.size() == 2);
    CHECK(m.errors[0].find("(still using 1)") != std::string::npos);  // embed, before panels in the table
    CHECK(m.errors[1].find("(still using table,backward)") != std::string::npos);
    CHECK(m.notices.empty());
    std::string value;
    CHECK((el::link_value(s, "panels", value) && value == "table,backward"));
    CHECK((s.embed && el::link_value(s, "height", value) && value == "auto"));
    CHECK(s.ids == std::vector<int>{2});
    // Valid values are the link's own.
    REQUIRE(el::decode_link("v=1&V=3&d=3&ids=2&panels=ids&embed=0", s, base).ok());
    CHECK((!s.embed && el::link_value(s, "panels", value) && value == "ids"));
}
