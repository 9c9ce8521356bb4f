#include "tour.h"

namespace el {

// Every link below must decode without an error (tests/core/test_tour.cpp checks). The words are
// in src/i18n/en/tour.def (German: src/i18n/de/tour.txt), by id.

static const std::vector<TourStep> kBasics = {
    {{Msg::tour_step_basics_rows_title}, {Msg::tour_step_basics_rows_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelTable},
    {{Msg::tour_step_basics_lookup_title}, {Msg::tour_step_basics_lookup_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {{Msg::tour_step_basics_batch_title}, {Msg::tour_step_basics_batch_text},
     "v=1&V=3&d=3&init=example&ids=2,0,2", kPanelForward},  // the output it speaks of (on a phone, below Ids)
    {{Msg::tour_step_basics_dense_title}, {Msg::tour_step_basics_dense_text},
     "v=1&V=5&d=4&init=normal&seed=7&ids=3", kPanelForward},
    {{Msg::tour_step_basics_learned_title}, {Msg::tour_step_basics_learned_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelBackward},
    {{Msg::tour_step_basics_try_title}, {Msg::tour_step_basics_try_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelTable},
};

static const std::vector<TourStep> kSolid = {
    {{Msg::tour_step_solid_onehot_title}, {Msg::tour_step_solid_onehot_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {{Msg::tour_step_solid_cancel_title}, {Msg::tour_step_solid_cancel_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {{Msg::tour_step_solid_exact_title}, {Msg::tour_step_solid_exact_text},
     "v=1&V=8&d=4&init=normal&seed=11&ids=5,1,5", kPanelForward},
    {{Msg::tour_step_solid_linear_title}, {Msg::tour_step_solid_linear_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelForward},
    {{Msg::tour_step_solid_cost_title}, {Msg::tour_step_solid_cost_text},
     "v=1&V=3&d=3&init=example&ids=1&costV=50000&costd=128&costB=256", kPanelCost},
    {{Msg::tour_step_solid_outer_title}, {Msg::tour_step_solid_outer_text},
     "v=1&V=3&d=3&init=example&ids=1", kPanelBackward},
    {{Msg::tour_step_solid_repeats_title}, {Msg::tour_step_solid_repeats_text},
     "v=1&V=3&d=3&init=example&ids=2,0,2,2&g=1:0:0.1,2:1:0.5,3:2:-0.3", kPanelBackward},
    {{Msg::tour_step_solid_nonfinite_title}, {Msg::tour_step_solid_nonfinite_text},
     "v=1&V=3&d=3&init=example&ids=1&cells=0:2:inf", kPanelForward},
};

static const std::vector<TourStep> kDeeper = {
    {{Msg::tour_step_deeper_frequency_title}, {Msg::tour_step_deeper_frequency_text},
     "v=1&V=3&d=3&init=example&ids=1&opt=adam&lr=0.01&panels=tour,frequency", kPanelFrequency},
    {{Msg::tour_step_deeper_momentum_title}, {Msg::tour_step_deeper_momentum_text},
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&mom=0.9&panels=tour,training,table,ids",
     kPanelTraining},
    {{Msg::tour_step_deeper_decay_title}, {Msg::tour_step_deeper_decay_text},
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=adamw&lr=0.01&wd=0.1&panels=tour,training,table,ids",
     kPanelTraining},
    {{Msg::tour_step_deeper_lazy_title}, {Msg::tour_step_deeper_lazy_text},
     "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&sparse=1&opt=lazyadam&lr=0.01&panels=tour,training,table,ids",
     kPanelTraining},
    {{Msg::tour_step_deeper_sparse_title}, {Msg::tour_step_deeper_sparse_text},
     "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000", kPanelBackward},
    {{Msg::tour_step_deeper_frameworks_title}, {Msg::tour_step_deeper_frameworks_text},
     "v=1&V=4&d=3&init=normal&seed=3&ids=0,2,1,2&pad=0&maxnorm=1&freqscale=1&cells=0:0:0,0:1:0,0:2:0", kPanelBackward},
    {{Msg::tour_step_deeper_effort_title}, {Msg::tour_step_deeper_effort_text},
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000", kPanelBudget},
    {{Msg::tour_step_deeper_budget_title}, {Msg::tour_step_deeper_budget_text},
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&bsteps=1000&panels=tour,budget&deeper=1",
     kPanelBudget},
    {{Msg::tour_step_deeper_onehot_title}, {Msg::tour_step_deeper_onehot_text},
     "v=1&V=3&d=3&init=example&ids=1&bV=1000&bd=16&bk=64&br=1&bN=32&bsk=32&panels=tour,budget&deeper=1", kPanelBudget,
     "variants"},
    {{Msg::tour_step_deeper_activation_title}, {Msg::tour_step_deeper_activation_text},
     "v=1&V=3&d=3&init=example&ids=1&aspread=2&asteps=300&panels=tour,budget&deeper=1", kPanelBudget, "activation"},
    {{Msg::tour_step_deeper_compress_title}, {Msg::tour_step_deeper_compress_text},
     "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=tour,budget&deeper=1", kPanelBudget, "compression"},
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

const char* tour_depth_label(TourDepth depth) {
    switch (depth) {
        case TourDepth::Basics: return TR(tour_depth_basics);
        case TourDepth::Solid: return TR(tour_depth_solid);
        case TourDepth::Deeper: return TR(tour_depth_deeper);
        case TourDepth::None: break;
    }
    return "";
}

const char* tour_depth_summary(TourDepth depth) {
    switch (depth) {
        case TourDepth::Basics: return TR(tour_depth_basics_summary);
        case TourDepth::Solid: return TR(tour_depth_solid_summary);
        case TourDepth::Deeper: return TR(tour_depth_deeper_summary);
        case TourDepth::None: break;
    }
    return "";
}

const char* tour_step_section(TourDepth depth, int step) {
    const std::vector<TourStep>& steps = tour_steps(depth);
    return step >= 0 && size_t(step) < steps.size() ? steps[size_t(step)].section : nullptr;
}

const std::array<FollowUpQuestion, kFollowUpQuestions>& follow_up_questions() {
    static const auto list = std::to_array<FollowUpQuestion>({  // a list of another length does not compile: the size is the type's
        {{Msg::tour_followup_rawid_question}, {Msg::tour_followup_rawid_answer},
         "v=1&V=3&d=3&init=example&ids=1&panels=tour,experiments"},
        {{Msg::tour_followup_bias_question}, {Msg::tour_followup_bias_answer},
         "v=1&V=3&d=3&init=example&ids=1&aspread=2&panels=tour,experiments,budget&deeper=1"},
        {{Msg::tour_followup_step_question}, {Msg::tour_followup_step_answer},
         "v=1&V=200&d=8&init=normal&seed=2&ids=1&opt=sgd&lr=0.1&mom=0.9&panels=tour,training"},
        // The deeper tour's step about it: it frames the calculator (the panel's top is far above it).
        {{Msg::tour_followup_compress_question}, {Msg::tour_followup_compress_answer},
         "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=tour,budget&deeper=1&tour=deeper&step=10"},
    });
    return list;
}

const std::array<WrongClaim, kWrongClaims>& wrong_claims() {
    static const auto list = std::to_array<WrongClaim>({  // a list of another length does not compile: the size is the type's
        {{Msg::tour_claim_nonlinear}, {Msg::tour_claim_nonlinear_why},
         "v=1&V=3&d=3&init=example&ids=1&panels=tour,forward"},
        {{Msg::tour_claim_different}, {Msg::tour_claim_different_why},
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&panels=tour,forward,backward"},
        {{Msg::tour_claim_every_row}, {Msg::tour_claim_every_row_why},
         "v=1&V=6&d=3&init=normal&seed=5&ids=1,2&opt=sgd&lr=0.1&panels=tour,training,table"},
        {{Msg::tour_claim_sparse}, {Msg::tour_claim_sparse_why},
         "v=1&V=100000&d=16&init=normal&seed=1&ids=0,99999,50000&panels=tour,table,backward"},
        {{Msg::tour_claim_onehot_out}, {Msg::tour_claim_onehot_out_why},
         "v=1&V=5&d=4&init=normal&seed=7&ids=3&panels=tour,forward"},
        {{Msg::tour_claim_batch}, {Msg::tour_claim_batch_why},
         "v=1&V=3&d=3&init=example&ids=2,0,2,2&panels=tour,forward"},
        // Last, after lesson.md's order: the answer events claim-0..5 keep their claims.
        {{Msg::tour_claim_compress}, {Msg::tour_claim_compress_why},
         "v=1&V=3&d=3&init=example&ids=1&xV=50000&xd=32&xh=256&panels=tour,budget&deeper=1&tour=deeper&step=10"},
    });
    return list;
}

}  // namespace el
