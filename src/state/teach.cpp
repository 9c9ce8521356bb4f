#include "teach.h"

#include <map>
#include <utility>

#include "i18n/i18n.h"
#include "link.h"

namespace el {

const char* const kLockNames[kLockCount] = {"table", "ids", "upstream", "options", "optimizer", "size"};
const char* const kHideNames[kHideCount] = {"fill", "resize", "options", "random", "bag", "gfill", "overview", "openfull"};
const char* const kQuizNames[] = {"none", "backward", "step", "cards", "claims", "all", nullptr};
const char* const kHeightNames[] = {"fixed", "auto", nullptr};

//-----------------------------------------------------------------------------
// Locks and hidden controls
//-----------------------------------------------------------------------------

uint32_t lock_closure(uint32_t locks) {
    if (locks & kLockUpstream) locks |= kLockIds;
    if (locks & (kLockTable | kLockIds)) locks |= kLockSize;
    return locks;
}

bool is_locked(const AppState& s, Lock lock) { return (lock_closure(s.teach.locks) & lock) != 0; }

static int bit_index(uint32_t bit) {
    int i = 0;
    while (bit > 1) bit >>= 1, i++;
    return i;
}

std::string lock_message(Lock lock) {
    static const Msg message[kLockCount] = {Msg::teach_locked_table, Msg::teach_locked_ids,
                                            Msg::teach_locked_upstream, Msg::teach_locked_options,
                                            Msg::teach_locked_optimizer, Msg::teach_locked_size};
    return tr(message[bit_index(lock)]);
}

Status check_unlocked(const AppState& s, uint32_t locks) {
    const uint32_t held = lock_closure(s.teach.locks) & locks;
    for (int i = 0; i < kLockCount; i++)
        if (held & (1u << i)) return Status::Fail(lock_message(Lock(1u << i)));
    return Status::Ok();
}

bool is_hidden(const AppState& s, HideControl control) { return (s.teach.hidden & control) != 0; }

std::string encode_locks(const AppState& s) { return encode_name_list(s.teach.locks, kLockNames, kLockCount); }
Status decode_locks(AppState& s, std::string_view text, std::vector<std::string>& unknown) {
    return decode_known_names(text, kLockNames, kLockCount, "a lock", s.teach.locks, unknown);
}
std::string encode_hidden(const AppState& s) { return encode_name_list(s.teach.hidden, kHideNames, kHideCount); }
Status decode_hidden(AppState& s, std::string_view text, std::vector<std::string>& unknown) {
    return decode_known_names(text, kHideNames, kHideCount, "a control that can be hidden", s.teach.hidden, unknown);
}

//-----------------------------------------------------------------------------
// quiz=set[:seed]
//-----------------------------------------------------------------------------

std::string encode_quiz(const AppState& s) {
    std::string out = kQuizNames[int(s.teach.quiz)];
    if (s.teach.quiz_seed) out += ":" + std::to_string(s.teach.quiz_seed);
    return out;
}

Status decode_quiz(AppState& s, std::string_view text) {
    const size_t colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    int found = -1;
    std::string known;
    for (int i = 0; kQuizNames[i]; i++) {
        if (name == kQuizNames[i]) found = i;
        known += (i ? ", " : "") + std::string(kQuizNames[i]);
    }
    if (found < 0) return Status::Fail(format(TR(teach_quiz_unknown), std::string(name.substr(0, 32)).c_str(), known.c_str()));
    uint32_t seed = 0;
    if (colon != std::string_view::npos) {
        const std::string_view digits = text.substr(colon + 1);
        // A minus sign makes a number below the range (-3), not a number that is not whole.
        if (digits.empty() || digits.size() > 10 || digits[0] == '-') return Status::Fail(TR(teach_quiz_seed_range));
        uint64_t v = 0;
        for (char c : digits) {
            if (c < '0' || c > '9') return Status::Fail(TR(teach_quiz_seed_whole));
            v = v * 10 + uint64_t(c - '0');
        }
        if (v == 0 || v > 4294967295ull) return Status::Fail(TR(teach_quiz_seed_range));
        seed = uint32_t(v);
    }
    s.teach.quiz = QuizSet(found);
    s.teach.quiz_seed = seed;
    return Status::Ok();
}

//-----------------------------------------------------------------------------
// A later link under the teacher's locks
//-----------------------------------------------------------------------------

// The link keys each lock covers (the closure adds the keys of the locks it implies).
Lock lock_of_key(std::string_view key) {
    static const std::pair<const char*, Lock> keys[] = {
        {"V", kLockSize},         {"d", kLockSize},          {"init", kLockTable},      {"seed", kLockTable},
        {"cells", kLockTable},    {"ids", kLockIds},         {"offsets", kLockIds},     {"g", kLockUpstream},
        {"maxnorm", kLockOptions}, {"normtype", kLockOptions}, {"freqscale", kLockOptions},
        {"sparse", kLockOptions}, {"pad", kLockOptions},     {"bag", kLockOptions},     {"opt", kLockOptimizer},
        {"lr", kLockOptimizer},   {"mom", kLockOptimizer},   {"damp", kLockOptimizer},  {"nesterov", kLockOptimizer},
        {"wd", kLockOptimizer},   {"b1", kLockOptimizer},    {"b2", kLockOptimizer},    {"eps", kLockOptimizer},
        {"loss", kLockOptimizer},
    };
    for (const auto& [k, lock] : keys)
        if (key == k) return lock;
    return Lock(0);
}

HeldLink hold_locked_fields(std::string_view fragment, const AppState& current) {
    HeldLink held;
    const TeachSettings& t = current.teach;
    if (t.link_locks || (t.locks == 0 && t.hidden == 0)) {
        held.fragment = std::string(fragment);
        return held;
    }
    const uint32_t locks = lock_closure(t.locks);
    auto is_held = [&](const std::string& key) { return (lock_of_key(key) & locks) || key == "lock" || key == "hide"; };
    std::string out;
    std::map<std::string, bool, std::less<>> done;  // held keys already written (or seen once)
    auto append = [&](const std::string& key, const std::string& value) {
        out += (out.empty() ? "" : "&") + key + "=" + percent_encode(value);
        done[key] = true;
    };
    for (const std::string& pair : link_pairs(fragment)) {
        std::string key, value;
        const bool readable = link_pair(pair, key, value);
        if (readable && key == "linklocks") {
            if (value != "0" && value != "false")
                held.errors.push_back(std::string("linklocks: ") + TR(teach_linklocks_later));
            continue;
        }
        if (!readable || !is_held(key)) {
            out += (out.empty() ? "" : "&") + pair;
            continue;
        }
        if (done.count(key)) continue;  // a repeated key: decode_link reads only the first
        std::string now;
        link_value(current, key, now);
        if (key == "lock" || key == "hide") {
            AppState probe;
            const bool is_lock = key == "lock";
            std::vector<std::string> unknown;
            const Status st = is_lock ? decode_locks(probe, value, unknown) : decode_hidden(probe, value, unknown);
            for (const std::string& u : unknown) held.errors.push_back(key + ": " + u);
            if (!st.ok()) {
                held.errors.push_back(key + ": " + st.error);
                continue;
            }
            const uint32_t given = is_lock ? probe.teach.locks : probe.teach.hidden;
            const uint32_t teacher = is_lock ? t.locks : t.hidden;
            if ((given & teacher) != teacher)
                held.notices.push_back(key + ": " + format(is_lock ? TR(teach_locks_stay) : TR(teach_hidden_stay), now.c_str()));
            AppState joined;
            (is_lock ? joined.teach.locks : joined.teach.hidden) = given | teacher;
            append(key, is_lock ? encode_locks(joined) : encode_hidden(joined));
            continue;
        }
        if (value != now) held.errors.push_back(key + ": " + lock_message(lock_of_key(key)));
        append(key, now);  // the page's value, not the link's
    }
    // Every held key, as the page has it now (even at its default: the link may not change it).
    std::vector<LinkFieldInfo> fields = link_fields();
    for (const LinkFieldInfo& f : fields) {
        const std::string key = f.key;
        if (!is_held(key) || done.count(key)) continue;
        std::string now;
        if (link_value(current, key, now)) append(key, now);
    }
    held.fragment = std::move(out);
    return held;
}

std::string html_attribute(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace el
