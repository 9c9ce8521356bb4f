// Decimal text to float32 and float64, against the C library's strtof and strtod (glibc natively,
// musl under Node: both round correctly), bit for bit.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "state/decimal.h"

using el::decimal_prefix;
using el::decimal_to_double;
using el::decimal_to_float;

static uint32_t bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
static uint64_t bits(double f) {
    uint64_t u;
    std::memcpy(&u, &f, 8);
    return u;
}

// Both widths read `text` as the C library does; the first text that differs is the one reported.
static bool same_as_libc(const std::string& text) {
    return bits(decimal_to_float(text)) == bits(std::strtof(text.c_str(), nullptr)) &&
           bits(decimal_to_double(text)) == bits(std::strtod(text.c_str(), nullptr));
}

TEST_CASE("decimals read as strtof and strtod read them, at the edges of both ranges", "[decimal]") {
    const std::vector<std::string> texts = {
             "0", "-0", "+0", "0.000", "000.0e99999", "1", "-1", "0.1", ".5", "7.", "+2.5", "1e10", "1E-10", "1e+3",
             "0.4", "123456789", "16777217", "16777219", "9007199254740993", "9007199254740995",
             // float32: its largest, halfway past it (rounds to inf), its smallest normal, its denormals
             "3.4028235e38", "3.40282346638528859811704183484516925440e+38", "3.4028235677973366e38",
             "3.40282356779733661637539395458142568447e38", "3.40282356779733661637539395458142568448e38",
             "1.17549435e-38", "1.1754942e-38", "1e-45", "1.4e-45", "7e-46", "7.1e-46",
             "7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46",
             "7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015626e-46",
             "2.1019476964872256063855943749348741969203929128147736576356024258346866240287909022299572272181701660156e-45",
             // float64: the same edges
             "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "2.2250738585072011e-308",
             "2.2250738585072014e-308", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
             "1e-400", "1e400", "-1e400", "123e-500", "0.0000000000000000000000000000000000000000000001",
             "1" + std::string(400, '0'), "0." + std::string(330, '0') + "5"};
    for (const std::string& text : texts) {
        INFO(text);
        CHECK(same_as_libc(text));
    }
}

TEST_CASE("a number's printed forms, its neighbours' midpoints and text around them read as strtod reads them",
          "[decimal]") {
    std::mt19937_64 random(12345);
    char text[1200];
    for (int round = 0; round < 1000; round++) {
        // A float32 of any exponent (denormals included) and a float64 of any exponent.
        float f;
        const uint32_t fb = uint32_t(random()) & 0x7f7fffffu;  // finite
        std::memcpy(&f, &fb, 4);
        double x;
        const uint64_t xb = random() & 0x7fefffffffffffffull;
        std::memcpy(&x, &xb, 8);
        const double f_midpoint = (double(f) + double(std::nextafter(f, INFINITY))) / 2;  // exact in a double
        for (double v : {double(f), x, f_midpoint, -f_midpoint}) {
            for (int precision : {0, 1, 5, 8, 9, 16, 17, 20, 40, 120}) {
                std::snprintf(text, sizeof text, "%.*e", precision, v);
                CHECK(same_as_libc(text));
                // One unit more or less in the last digit, and digits added: either side of a midpoint.
                std::string near(text);
                const size_t e = near.find('e');
                for (const char* tail : {"1", "0000000001", "9"}) {
                    std::string more = near.substr(0, e) + (precision == 0 ? "." : "") + tail + near.substr(e);
                    INFO(more);
                    CHECK(same_as_libc(more));
                }
            }
            std::snprintf(text, sizeof text, "%.17g", v);
            CHECK(same_as_libc(text));
        }
    }
}

TEST_CASE("random digit strings of any length, with a point anywhere, read as strtod reads them", "[decimal]") {
    std::mt19937 random(7);
    for (int round = 0; round < 10000; round++) {
        std::string text = random() % 2 ? "-" : "";
        const int digits = 1 + int(random() % (round % 10 == 0 ? 900 : 25));
        const int point = int(random() % uint32_t(digits + 1));
        for (int i = 0; i < digits; i++) {
            if (i == point) text += '.';
            text += char('0' + (random() % 10 < 3 ? 0 : random() % 10));
        }
        if (random() % 4) text += "e" + std::to_string(int(random() % 760) - 380);
        INFO(text);
        REQUIRE(same_as_libc(text));
    }
}

TEST_CASE("digits past the 800 kept still decide a midpoint", "[decimal]") {
    char text[400];
    // The exact midpoint between 1 and the float after it, then zeros, then (or not) a last 1.
    std::snprintf(text, sizeof text, "%.40e", (1.0 + double(std::nextafter(1.0f, 2.0f))) / 2);
    const std::string midpoint(text, std::strchr(text, 'e'));
    for (const std::string& t : {midpoint, midpoint + std::string(900, '0'), midpoint + std::string(900, '0') + "1",
                                 "1" + std::string(1000, '0') + "1", "9" + std::string(1000, '9') + "e-1000"}) {
        INFO(t.size());
        CHECK(same_as_libc(t));
    }
    CHECK(decimal_to_float(midpoint) == 1.0f);  // ties to even
    CHECK(decimal_to_float(midpoint + std::string(900, '0') + "1") == std::nextafter(1.0f, 2.0f));
}

TEST_CASE("only a decimal is read: anything else gives NaN, and its decimal start is found", "[decimal]") {
    for (const char* text : {"", "e5", "1e", "1e+", ".", "+", "-", "1.2.3", " 1", "1 ", "0x10", "inf", "nan", "1,5", "--1"}) {
        INFO(text);
        CHECK(std::isnan(decimal_to_float(text)));
        CHECK(std::isnan(decimal_to_double(text)));
    }
    CHECK(decimal_prefix("12abc") == 2);
    CHECK(decimal_prefix("1e") == 1);
    CHECK(decimal_prefix("1e+") == 1);
    CHECK(decimal_prefix("-.5e3x") == 5);
    CHECK(decimal_prefix("7.,") == 2);
    CHECK(decimal_prefix("abc") == 0);
    CHECK(decimal_prefix(".") == 0);
    CHECK(decimal_prefix("-") == 0);
}
