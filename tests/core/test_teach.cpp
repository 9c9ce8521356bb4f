// Teacher controls: lock= / hide= / quiz= parsing, and the rule for a later link under locks.
#include <catch2/catch.hpp>

#include <string>

#include "state/link.h"
#include "state/teach.h"

using el::AppState;
using el::decode_link;

static AppState loaded(const char* link) {
    AppState s;
    const el::LinkMessages m = decode_link(link, s);
    CAPTURE(link);
    REQUIRE(m.errors.empty());
    return s;
}

// What apply_link does in the page: hold the locked keys, then decode.
static el::LinkMessages apply_later(AppState& s, const char* link) {
    el::HeldLink held = el::hold_locked_fields(link, s);
    el::LinkMessages m = decode_link(held.fragment, s);
    for (auto& e : held.errors) m.errors.push_back(e);
    for (auto& n : held.notices) m.notices.push_back(n);
    return m;
}

TEST_CASE("lock= reads lock names into bits and writes them back", "[teach][link]") {
    const AppState s = loaded("v=1&lock=ids,table&hide=fill,openfull&quiz=cards:7&height=auto&maxheight=900");
    CHECK(s.teach.locks == (el::kLockIds | el::kLockTable));
    CHECK(s.teach.hidden == (el::kHideFill | el::kHideOpenFull));
    CHECK(s.teach.quiz == el::QuizSet::Cards);
    CHECK(s.teach.quiz_seed == 7u);
    CHECK(s.teach.auto_height);
    CHECK(s.teach.max_height == 900);
    const std::string link = el::encode_link(s);
    CHECK(link.find("lock=table,ids") != std::string::npos);  // in the names' order
    CHECK(link.find("quiz=cards:7") != std::string::npos);
    AppState again;
    REQUIRE(decode_link(link, again).errors.empty());
    CHECK(again.teach.locks == s.teach.locks);
    CHECK(again.teach.hidden == s.teach.hidden);
    CHECK(again.teach.quiz_seed == 7u);
    CHECK(el::encode_link(AppState{}).find("lock") == std::string::npos);  // no teacher keys by default
}

TEST_CASE("bad teacher keys are refused with a message naming the known values", "[teach][link]") {
    const auto first_error = [](const char* link) {
        AppState s;
        const el::LinkMessages m = decode_link(link, s);
        REQUIRE(m.errors.size() == 1);
        return m.errors[0];
    };
    CHECK(first_error("v=1&lock=ids,everything") ==
          "lock: 'everything' is not a lock (known: table, ids, upstream, options, optimizer, size)");
    CHECK(first_error("v=1&hide=ids").find("hide: 'ids' is not a control that can be hidden (known: fill,") == 0);
    CHECK(first_error("v=1&quiz=exam").find("quiz: 'exam' is not a question set") == 0);
    CHECK(first_error("v=1&quiz=cards:0") == "quiz: the seed after ':' must be 1 to 4294967295 (still using none)");
    CHECK(first_error("v=1&quiz=cards:12x") == "quiz: the seed after ':' must be a whole number (still using none)");
    CHECK(first_error("v=1&quiz=cards:-3") == "quiz: the seed after ':' must be 1 to 4294967295 (still using none)");
    CHECK(first_error("v=1&height=tall") == "height: 'tall' is not one of fixed, auto (still using fixed)");
    CHECK(first_error("v=1&maxheight=50").find("maxheight: '50' is out of range (200 to 20,000)") == 0);
}

TEST_CASE("a misspelt lock or hidden control is a problem named, and the names known still hold", "[teach][link]") {
    AppState s;
    el::LinkMessages m = decode_link("v=1&lock=ids,tabel&hide=fill,resze", s);
    CHECK(s.teach.locks == el::kLockIds);  // one typo used to unlock everything
    CHECK(s.teach.hidden == el::kHideFill);
    REQUIRE(m.errors.size() == 2);
    CHECK(m.errors[0] == "lock: 'tabel' is not a lock (known: table, ids, upstream, options, optimizer, size)");
    CHECK(m.errors[1].find("hide: 'resze' is not a control that can be hidden (known: fill,") == 0);
    CHECK_FALSE(el::check_unlocked(s, el::kLockIds).ok());

    // No name known: nothing to hold, the problem still named.
    AppState none;
    m = decode_link("v=1&lock=tabel", none);
    CHECK(none.teach.locks == 0u);
    REQUIRE(m.errors.size() == 1);
    CHECK(m.errors[0].find("lock: 'tabel' is not a lock") == 0);

    // A later link's misspelt lock: named, the page's locks joined with the names it knows.
    const el::HeldLink held = el::hold_locked_fields("v=1&lock=optimizer,tabel", s);
    REQUIRE(held.errors.size() == 1);
    CHECK(held.errors[0].find("lock: 'tabel' is not a lock") == 0);
    CHECK(held.fragment.find("lock=ids,optimizer") != std::string::npos);
}

TEST_CASE("a lock holds the locks it implies and says so in one message", "[teach]") {
    CHECK(el::lock_closure(el::kLockUpstream) == (el::kLockUpstream | el::kLockIds | el::kLockSize));
    CHECK(el::lock_closure(el::kLockTable) == (el::kLockTable | el::kLockSize));
    CHECK(el::lock_closure(el::kLockOptimizer) == el::kLockOptimizer);
    const AppState s = loaded("v=1&lock=upstream");
    CHECK(el::is_locked(s, el::kLockIds));
    CHECK_FALSE(el::is_locked(s, el::kLockTable));
    CHECK(el::check_unlocked(s, el::kLockTable).ok());
    CHECK(el::check_unlocked(s, el::kLockSize).error ==
          "locked by the teacher (lock=size): the table's size V x d cannot be changed on this page");
}

TEST_CASE("a later link keeps what the opening link locked", "[teach][link]") {
    AppState s = loaded("v=1&V=5&d=3&init=normal&seed=3&ids=1,1,2&lock=ids,optimizer&hide=fill&opt=sgd&lr=0.5");
    SECTION("locked keys keep the page's values, each refusal named; the rest applies") {
        const el::LinkMessages m = apply_later(s, "v=1&V=5&d=3&ids=4&lr=0.01&theme=dark&lock=table");
        CHECK(s.ids == std::vector<int>{1, 1, 2});
        CHECK(s.optimizer.lr == 0.5f);
        CHECK(s.theme == el::Theme::Dark);
        REQUIRE(m.errors.size() == 2);
        CHECK(m.errors[0] == "ids: locked by the teacher (lock=ids): the batch of ids cannot be changed on this page");
        CHECK(m.errors[1].find("lr: locked by the teacher (lock=optimizer)") == 0);
        // lock= adds, never removes; hide= is kept although the link left it out.
        CHECK(s.teach.locks == (el::kLockIds | el::kLockOptimizer | el::kLockTable));
        CHECK(s.teach.hidden == el::kHideFill);
        REQUIRE(m.notices.size() == 1);
        CHECK(m.notices[0].find("lock: the teacher's locks stay") == 0);
    }
    SECTION("a link that leaves the locked keys out still cannot reset them to their defaults") {
        const el::LinkMessages m = apply_later(s, "v=1&theme=dark");
        CHECK(m.errors.empty());
        CHECK(s.ids == std::vector<int>{1, 1, 2});  // ids is locked, V by its closure
        CHECK(s.V == 5);
        CHECK(s.optimizer.lr == 0.5f);
        CHECK(s.teach.locks == (el::kLockIds | el::kLockOptimizer));
    }
    SECTION("the same values are not a refusal; a later linklocks=1 is") {
        const el::LinkMessages m = apply_later(s, "v=1&V=5&d=3&ids=1,1,2&linklocks=1&lock=");
        CHECK(m.errors.size() == 1);
        CHECK(m.errors[0].find("linklocks: only the link a page opens with") == 0);
        CHECK_FALSE(s.teach.link_locks);
        CHECK(s.teach.locks == (el::kLockIds | el::kLockOptimizer));
    }
}

TEST_CASE("with linklocks=1 in the opening link, later links change everything", "[teach][link]") {
    AppState s = loaded("v=1&V=5&ids=1,1,2&lock=ids&linklocks=1");
    const el::LinkMessages m = apply_later(s, "v=1&V=5&ids=4");
    CHECK(m.errors.empty());
    CHECK(s.ids == std::vector<int>{4});
    CHECK(s.teach.locks == 0u);
}

TEST_CASE("without locks a link passes through untouched", "[teach][link]") {
    const AppState s;
    const char* link = "v=1&V=3&ids=2,2&weird&x=%zz";
    CHECK(el::hold_locked_fields(link, s).fragment == link);
}

TEST_CASE("embed snippets escape what would end an HTML attribute", "[teach]") {
    CHECK(el::html_attribute("a&b\"c<d>e") == "a&amp;b&quot;c&lt;d&gt;e");
    CHECK(el::html_attribute("https://x.test/#v=1&V=3") == "https://x.test/#v=1&amp;V=3");
    CHECK(el::html_attribute("") == "");
}
