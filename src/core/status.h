// Error values: every core entry point that can see bad input returns a Status
// whose message names what was wrong, in words the UI can show as is.
#pragma once
#include <string>
#include <utility>

namespace el {

struct Status {
    std::string error;  // empty = ok
    bool ok() const { return error.empty(); }
    static Status Ok() { return {}; }
    static Status Fail(std::string message) { return Status{std::move(message)}; }
};

}  // namespace el
