// The teacher controls and question cards (panels_teach.cpp): what they keep between frames, and
// the calls other panels make. Not part of links: a link carries the settings (AppState::teach),
// this is the learner's progress.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "state/app_state.h"
#include "state/questions.h"
#include "state/tour.h"

namespace el {

// One card's progress: reset when the card's question changes (a new batch, a new seed).
struct CardProgress {
    std::string key;                // the question this progress belongs to (CardKey: in no language)
    std::vector<char> picked;       // (kMaxClickRows,) rows clicked
    char typed[192] = "";           // grad-row: the numbers as typed
    int attempts = 0;               // Check / Step / True / False presses
    int result = -1;                // the last check: -1 none, 0 wrong, 1 right
    bool revealed = false;          // the answer is shown
    std::string message;            // why the typed text could not be read
};

// The "Teach with this" panel's choices, from which it writes a link and embed code.
struct TeachDraft {
    uint32_t panels = kPanelForward | kPanelBackward;
    TeachSettings teach;
    int theme = 0;  // 0: the learner's system preference, else Theme + 1
    int lang = 0;   // 0: the learner's browser language (no lang= key), else kLanguages[lang - 1]
    int width = 900, height = 560;  // the iframe's size (height: the fixed one, or auto's start)
};
constexpr int kMinFrameWidth = 200, kMaxFrameWidth = 4000;  // the draft's width limits, CSS pixels

struct TeachView {
    bool panel_open = false;
    TeachDraft draft;
    std::string output;              // the link or embed code last built
    std::vector<Question> questions;  // the quiz's cards, for the state revision below
    uint64_t questions_revision = 0;
    std::vector<CardProgress> cards;
    uint64_t answers = 0;            // answers checked and answers shown, so far (the text view follows)
    int claim_attempts[kWrongClaims] = {};  // per self-check claim, however it was answered
    std::string lock_message;        // why the last edit in the canvas was refused
    std::string said;                // a card's verdict or refusal on the canvas, for the live line (AfterFrame)
    int posted_height = -1;          // the last height sent to the host page (CSS pixels)
    int text_view_height = 0;        // the HTML text view's content while it is shown (CSS pixels; text_view.js)
};

struct App;
void ReportClaimAnswer(App& app, int claim, bool said_true);  // the self-check's true/false: recorded, and posted the same way
std::string EmbedCode(const AppState& s, int width, int height);  // fixed or (teach.auto_height) auto-height snippet
// "Teach with this", shared by its panel and the text view (web/text_view.js):
// the teacher link (embed: the embed code) from the draft into teach.output; false, and nothing, when
// the link would be over the limit (link_not_copied then says so).
bool MakeTeachOutput(App& app, bool embed);
// One draft setting by its link key (panels, lock, hide, quiz, theme, lang, height, maxheight) or the
// frame's width / frameheight, read as a link reads it: "" or why not.
std::string SetTeachDraft(App& app, std::string_view key, std::string_view text);
// {draft: {key: value}, names: [panels, locks, hides, quizzes, [[theme, label]], [[lang, label]]],
//  words: [the panel's labels], output, notCopied, tourLocks: the locks the tour's links would hit, or ""}
std::string TeachDraftJson(const App& app);
std::string EmbeddedLink(const AppState& s);  // the link inside it: the state with embed=1 (panels_share.cpp)
// Controls under a lock (lock=): drawn read-only, the reason on hover, a click says it. `locks` is a
// mask of Lock bits; Begin returns whether the controls are locked. A grid passes tooltip=false
// (its cells keep their own tooltips) and is drawn read-only by its caller.
bool BeginLocked(App& app, uint32_t locks, bool disable = true);
void EndLocked(App& app, uint32_t locks, bool disable = true);
// Predict, then reveal: true while a card asks about this batch's dW and is neither answered right
// nor shown; the backward panel then keeps dW covered.
bool CardsHideGradient(App& app);
void RefreshQuestionCards(App& app);  // app.teach.questions / cards for the current state
// Answers card `index` as its controls would (claim: "true"/"false"; rows: "1, 3"; grad-row: the
// numbers): "" once graded, else why the answer could not be read.
std::string AnswerCard(App& app, int index, const std::string& text);
void ShowCardAnswer(App& app, int index);  // its "Show answer" (once answered, as on the canvas)
// In embed mode, the page's wanted height (CSS pixels) to the host page when it changes.
void ReportContentHeight(App& app, float content_bottom);

}  // namespace el
