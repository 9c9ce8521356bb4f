// The JSON writer behind window.embeddingLab: escaping, non-finite numbers, round trips.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

#include "state/json_writer.h"

using el::json_number;
using el::json_string;
using el::JsonWriter;

TEST_CASE("json strings escape quotes, backslashes and every control character", "[json]") {
    CHECK(json_string("") == "\"\"");
    CHECK(json_string("a\"b\\c") == "\"a\\\"b\\\\c\"");
    CHECK(json_string(std::string_view("\x00", 1)) == "\"\\u0000\"");
    CHECK(json_string("\n\t\r") == "\"\\u000a\\u0009\\u000d\"");
    CHECK(json_string("\x1f\x7f") == "\"\\u001f\x7f\"");
    CHECK(json_string("W \xc3\x97 d") == "\"W \xc3\x97 d\"");  // UTF-8 passes through
    // Every byte below 0x20 becomes six characters; nothing is dropped or replaced.
    for (int c = 0; c < 0x20; c++) {
        CAPTURE(c);
        const std::string s = json_string(std::string(1, char(c)));
        REQUIRE(s.size() == 8);
        CHECK(s.substr(1, 4) == "\\u00");
        CHECK(std::strtol(s.substr(5, 2).c_str(), nullptr, 16) == c);
    }
}

TEST_CASE("json numbers: shortest round trip, non-finite values as strings", "[json]") {
    CHECK(json_number(0.0) == "0");
    CHECK(json_number(-0.0) == "-0");
    CHECK(json_number(1.0) == "1");
    CHECK(json_number(-2.5) == "-2.5");
    CHECK(json_number(0.1) == "0.1");
    CHECK(json_number(double(0.02f)) == "0.019999999552965164");  // the float32's exact value
    CHECK(json_number(std::numeric_limits<double>::infinity()) == "\"inf\"");
    CHECK(json_number(-std::numeric_limits<double>::infinity()) == "\"-inf\"");
    CHECK(json_number(std::numeric_limits<double>::quiet_NaN()) == "\"nan\"");
    CHECK(json_number(std::numeric_limits<float>::infinity()) == "\"inf\"");

    const uint32_t seed = GENERATE(1u, 2u, 3u);
    CAPTURE(seed);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<uint32_t> bits;
    for (int i = 0; i < 2000; i++) {
        uint32_t u = bits(rng);
        float f;
        std::memcpy(&f, &u, 4);
        if (!std::isfinite(f)) continue;
        const std::string text = json_number(f);
        CAPTURE(text);
        REQUIRE(float(std::strtod(text.c_str(), nullptr)) == f);
        REQUIRE(std::strtod(text.c_str(), nullptr) == double(f));
        // Shortest: no precision below the one used reads back to the same double.
        const std::string mantissa = text.substr(0, text.find_first_of("eE"));
        const size_t first = mantissa.find_first_of("123456789");
        const int significant = int(std::count_if(mantissa.begin() + long(first), mantissa.end(),
                                                  [](char c) { return c >= '0' && c <= '9'; }));
        char shorter[32];
        std::snprintf(shorter, sizeof shorter, "%.*g", std::max(1, significant - 1), double(f));
        if (significant > 1) CHECK(std::strtod(shorter, nullptr) != double(f));
    }
}

TEST_CASE("the json writer puts commas between members and elements", "[json]") {
    JsonWriter j;
    j.begin_object();
    j.member("V", 3).member("name", "a\nb").member("ok", true);
    j.key("ids").integers(std::vector<int>{1, 1, 2});
    j.key("w").numbers(std::vector<float>{0.5f, std::numeric_limits<float>::infinity()});
    j.key("empty").begin_array().end_array();
    j.key("nested").begin_object().member("x", -1.5).key("none").null().end_object();
    j.end_object();
    CHECK(j.text() ==
          "{\"V\":3,\"name\":\"a\\u000ab\",\"ok\":true,\"ids\":[1,1,2],\"w\":[0.5,\"inf\"],\"empty\":[],"
          "\"nested\":{\"x\":-1.5,\"none\":null}}");
}
