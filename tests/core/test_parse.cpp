// Text the learner types: numbers for cells, id lists for the batch.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#include "i18n/i18n.h"
#include "state/parse.h"

using el::format_float;
using el::parse_float;
using el::parse_ids;
using el::parse_offsets;
using el::fit_number;
using el::check_decimal_shown;
using el::check_whole;

TEST_CASE("cell values parse as float32 and reject anything else", "[parse][cells]") {
    float v = 123.0f;
    CHECK(parse_float("0.4", v).ok());
    CHECK(v == 0.4f);
    CHECK(parse_float("  -1.5e-3 ", v).ok());
    CHECK(v == -1.5e-3f);
    CHECK(parse_float(".5", v).ok());
    CHECK(v == 0.5f);
    CHECK(parse_float("inf", v).ok());
    CHECK(v == std::numeric_limits<float>::infinity());
    CHECK(parse_float("-Infinity", v).ok());
    CHECK(v == -std::numeric_limits<float>::infinity());
    CHECK(parse_float("NaN", v).ok());
    CHECK(std::isnan(v));
    CHECK(parse_float("-0", v).ok());
    CHECK((v == 0.0f && std::signbit(v)));  // -0, not 0
    CHECK(parse_float("1e-45", v).ok());
    CHECK(v == std::numeric_limits<float>::denorm_min());

    v = 7.0f;
    CHECK_THAT(parse_float("abc", v).error, Catch::Contains("'abc' is not a number"));
    CHECK_THAT(parse_float("", v).error, Catch::Contains("empty"));
    CHECK_THAT(parse_float("1.2.3", v).error, Catch::Contains("not a number"));
    CHECK_THAT(parse_float("0x10", v).error, Catch::Contains("not a number"));
    CHECK_THAT(parse_float("1e", v).error, Catch::Contains("not a number"));
    CHECK_THAT(parse_float("nan(1)", v).error, Catch::Contains("not a number"));
    CHECK_THAT(parse_float("1e39", v).error, Catch::Contains("too large"));
    CHECK_THAT(parse_float(std::string(100, '1'), v).error, Catch::Contains("too long"));
    CHECK(v == 7.0f);  // a rejected text never changes the value
}

TEST_CASE("format_float gives the shortest text that parses back to the same float32", "[parse][cells]") {
    CHECK(format_float(0.4f) == "0.4");
    CHECK(format_float(-0.02f) == "-0.02");
    CHECK(format_float(-0.0f) == "-0");
    CHECK(format_float(1e-45f) == "1e-45");
    // A whole number in plain digits when they are no longer than the exponent form (%g gave 1e+01).
    CHECK(format_float(10.0f) == "10");
    CHECK(format_float(-100.0f) == "-100");
    CHECK(format_float(150.0f) == "150");
    CHECK(format_float(10000.0f) == "10000");
    CHECK(format_float(1e6f) == "1e+06");
    for (int n = -99999; n <= 99999; n += 7) CHECK(format_float(float(n)) == std::to_string(n));
    CHECK(format_float(std::numeric_limits<float>::infinity()) == "inf");
    CHECK(format_float(std::nanf("")) == "nan");
    const uint32_t seed = GENERATE(1u, 7u, 99u);
    uint32_t x = seed;
    for (int i = 0; i < 2000; i++) {
        x = x * 1664525u + 1013904223u;  // every bit pattern class: normals, denormals, both signs
        float f;
        std::memcpy(&f, &x, 4);
        if (!std::isfinite(f)) continue;
        float back = 0.0f;
        const std::string text = format_float(f);
        CAPTURE(x, text);
        REQUIRE(parse_float(text, back).ok());
        REQUIRE(std::memcmp(&back, &f, 4) == 0);  // the same bits (-0 too)
    }
}

TEST_CASE("id lists accept commas and spaces and name the bad token", "[parse][ids]") {
    std::vector<int> ids = {9};
    CHECK(parse_ids("1, 1, 2", 3, ids).ok());
    CHECK(ids == std::vector<int>{1, 1, 2});
    CHECK(parse_ids("1;2; 2", 3, ids).ok());  // a German list
    CHECK(ids == std::vector<int>{1, 2, 2});
    CHECK(parse_ids(" 0 2,,1 ", 3, ids).ok());
    CHECK(ids == std::vector<int>{0, 2, 1});

    ids = {1};
    CHECK_THAT(parse_ids("1, 3", 3, ids).error, Catch::Contains("id '3' at position 1 is out of range"));
    CHECK_THAT(parse_ids("-1", 3, ids).error, Catch::Contains("'-1'") && Catch::Contains("negative"));
    CHECK_THAT(parse_ids("1.5", 3, ids).error, Catch::Contains("'1.5'") && Catch::Contains("not a whole number"));
    CHECK_THAT(parse_ids("x", 3, ids).error, Catch::Contains("'x'"));
    CHECK_THAT(parse_ids("", 3, ids).error, Catch::Contains("empty"));
    CHECK_THAT(parse_ids(" , ", 3, ids).error, Catch::Contains("empty"));
    CHECK_THAT(parse_ids("99999999999999999999", 3, ids).error, Catch::Contains("out of range"));
    std::string many;
    for (int i = 0; i < 1025; i++) many += "0 ";
    CHECK_THAT(parse_ids(many, 3, ids).error, Catch::Contains("more than 1024"));
    CHECK(ids == std::vector<int>{1});  // a rejected list never changes the batch
}

// The canvas's offsets field parsed with parse_ids until 2026-12-07 and spoke of ids ("id '-1' at
// position 0 is negative ... 0 to 4"); the link's offsets had words of their own. One parser now.
TEST_CASE("offsets lists are read as the ids are and refused in the offsets' own words", "[parse][offsets]") {
    std::vector<int> offsets = {0};
    std::string notice = "x";
    CHECK(parse_offsets("0, 2 3", 4, offsets, &notice).ok());
    CHECK(offsets == std::vector<int>{0, 2, 3});
    CHECK(notice.empty());
    CHECK(parse_offsets("0,,4", 4, offsets, &notice).ok());
    CHECK(offsets == std::vector<int>{0, 4});
    CHECK_THAT(notice, Catch::Contains("empty entry"));

    offsets = {0, 1};
    CHECK(parse_offsets("-1", 4, offsets).error == "offsets[0] is -1: the first bag must start at 0");
    CHECK(parse_offsets("0, 7", 4, offsets).error == "offsets[1] = 7 is past the end of the 4 ids");
    CHECK(parse_offsets("0, 3, 2", 4, offsets).error == "offsets must not decrease: offsets[2] = 2 is below offsets[1] = 3");
    CHECK(parse_offsets("0, x", 4, offsets).error == "'x' is not a whole number");
    CHECK(parse_offsets("0, 99999", 4, offsets).error == "offsets[1] = 99999 is past the end of the 4 ids");  // as typed
    CHECK(parse_offsets("0, -5", 4, offsets).error == "offsets must not decrease: offsets[1] = -5 is below offsets[0] = 0");
    CHECK_THAT(parse_offsets(" , ", 4, offsets).error, Catch::Contains("offsets is empty"));
    std::string zeros;
    for (int i = 0; i < 1026; i++) zeros += "0,";
    CHECK(parse_offsets(zeros, 4, offsets).error == "there are 1026 offsets; at most 1024 bags are allowed");
    for (const std::string said : {parse_offsets("-1", 4, offsets).error, parse_offsets("0, 7", 4, offsets).error})
        CHECK_THAT(said, !Catch::Contains("id "));
    CHECK(offsets == std::vector<int>{0, 1});  // a refused list never changes the bags
}

TEST_CASE("an empty entry between commas is left out with a word, the rest taken", "[parse][ids][review]") {
    std::vector<int> ids;
    std::string notice = "stale";
    for (const char* text : {"1,,2", "1, ,2", "1,2,", "1, 2, ", ",1,2", " , 1 2"}) {
        CAPTURE(text);
        REQUIRE(parse_ids(text, 3, ids, &notice).ok());
        CHECK(ids == std::vector<int>{1, 2});
        CHECK_THAT(notice, Catch::Contains("empty entry"));
    }
    for (const char* text : {"1, 2", "1 2", "1,2", " 1 ,2 ", "1\t2"}) {
        CAPTURE(text);
        REQUIRE(parse_ids(text, 3, ids, &notice).ok());
        CHECK(ids == std::vector<int>{1, 2});
        CHECK(notice.empty());
    }
}

// Whole UTF-8 characters: each lead byte followed by exactly its continuation bytes.
static bool whole_utf8(const std::string& s) {
    for (size_t i = 0; i < s.size();) {
        const unsigned char lead = static_cast<unsigned char>(s[i]);
        const size_t n = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return false;
        for (size_t k = 1; k < n; k++)
            if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
        i += n;
    }
    return true;
}

TEST_CASE("a message names a short batch whole and a long one by its first ten ids and its last", "[parse][ids]") {
    std::vector<int> ids;
    for (int i = 0; i < 12; i++) ids.push_back(100 + i);
    CHECK(el::format_ids_brief(ids) == el::format_ids(ids));
    ids.push_back(7);
    CHECK(el::format_ids_brief(ids) == "100, 101, 102, 103, 104, 105, 106, 107, 108, 109, ..., 7");
    CHECK(el::format_ids_brief({}) == "");
}

TEST_CASE("a message names a character the font cannot draw by its code point and never cuts one in half", "[parse][errors]") {
    std::vector<int> ids = {1};
    // Pasted "3" and an emoji: the font has no glyph for it, so the screen showed "'3?'" (or two marks).
    CHECK(parse_ids("3\xF0\x9F\x98\x80", 3, ids).error == "id '3<U+1F600>' at position 0 is not a whole number");
    CHECK(ids == std::vector<int>{1});
    float v = 0.0f;
    CHECK(parse_float("\xF0\x9F\x92\xA5\xF0\x9F\x99\x82 12", v).error == "'<U+1F4A5><U+1F642> 12' is not a number");
    CHECK(parse_float("\xEF\xBC\x93", v).error == "'<U+FF13>' is not a number");  // a full-width 3
    // Letters the font has stay as they are; a stray byte and a control byte read '?'.
    CHECK(parse_float("1\xC3\xA9", v).error == "'1\xC3\xA9' is not a number");
    CHECK(parse_float("1\xFF\x80", v).error == "'1?" "?' is not a number");
    CHECK(parse_float("1\x01", v).error == "'1?' is not a number");
    CHECK(parse_float("1\t2", v).error == "'1 2' is not a number");  // a tab as a field shows it (it read '1?2')
    // Cut after 24 characters, whatever their bytes: an odd number of one-byte ones before two-byte ones
    // put the old 24-byte cut inside an 'e' with an accent.
    std::string long_text = "1";
    for (int i = 0; i < 40; i++) long_text += "\xC3\xA9";
    CAPTURE(long_text);
    const std::string message = parse_float(long_text, v).error;
    CHECK(whole_utf8(message));
    std::string expected = "the value '1";
    for (int i = 0; i < 23; i++) expected += "\xC3\xA9";
    CHECK(message == expected + "...' is too long for a number");
    for (const char* text : {"\xF0\x9F\x98\x80\xF0\x9F\x98", "\xE2\x82", "a\xED\xA0\xBD"}) {  // cut short, a surrogate
        CAPTURE(text);
        CHECK(whole_utf8(parse_ids(text, 3, ids).error));
    }
}

// The checks behind the page's number fields (src/app/widgets.h) and the text view's random batch
// and frame size: what they take, and the link's wording for what they refuse.
TEST_CASE("a number typed for a field with limits is taken or refused in the link's words", "[parse][errors]") {
    int64_t n = -7;
    CHECK(check_whole("12", 1, 1024, n).empty());
    CHECK(n == 12);
    CHECK(check_whole("1e2", 1, 1024, n).empty());
    CHECK(n == 100);
    CHECK(check_whole(" 5 ", 1, 1024, n).empty());  // as " 0.5 " is a decimal (it was "' 5 ' is not a whole number")
    CHECK(n == 5);
    n = -7;
    CHECK(check_whole("0", 1, 1024, n) == "'0' is out of range (1 to 1,024)");
    CHECK(check_whole("4294967296", 0, 4294967295, n) == "'4294967296' is out of range (0 to 4,294,967,295)");
    CHECK(check_whole("2.5", 1, 1024, n) == "'2.5' is not a whole number");
    CHECK(check_whole("lots", 1, 1024, n) == "'lots' is not a whole number");
    CHECK(n == -7);  // refused: left as it was
    float x = -1.0f;
    CHECK(check_decimal_shown("1.5", 0.0f, 3.0f, x).empty());
    CHECK(x == 1.5f);
    x = -1.0f;
    CHECK(check_decimal_shown("3.5", 0.0f, 3.0f, x) == "'3.5' is out of range (0 to 3)");
    CHECK(check_decimal_shown("nan", 0.0f, 3.0f, x) == "'nan' is out of range (0 to 3)");
    CHECK(check_decimal_shown("lots", 0.0f, 3.0f, x) == "'lots' is not a number");
    CHECK(x == -1.0f);
}

// A grid cell's text (widgets.cpp's FittedNumber, with the font's widths there): -99999 was drawn as
// "-1e+05" (read as -100000) while -123456.789 beside it was "-123457": %.4g came first wherever it fit.
TEST_CASE("a cell's number: whole from 5 to 7 digits, else fewer significant digits until it fits", "[parse][cells]") {
    const auto in = [](size_t chars) { return [chars](const std::string& s) { return s.size() <= chars; }; };
    const auto fit = [&](float v, size_t chars) { return fit_number(v, el::format("%.4g", double(v)), in(chars)); };
    CHECK(fit(-99999.0f, 9) == "-99999");
    CHECK(fit(12345.0f, 9) == "12345");
    CHECK(fit(-123456.789f, 9) == "-123457");
    CHECK(fit(9999999.0f, 9) == "9999999");
    CHECK(fit(-123456.789f, 6) == "-1.2e5");   // the whole number does not fit: 3, then 2 digits
    CHECK(fit(-123456.789f, 5) == "");
    CHECK(fit(0.000012345f, 9) == "1.234e-05");
    CHECK(fit(0.000012345f, 7) == "1.23e-5");
    CHECK(fit(1e30f, 9) == "1e+30");
    CHECK(fit(3.14159265f, 9) == "3.142");
    CHECK(fit(3.14159265f, 3) == "3.1");
    CHECK(fit(0.01f, 9) == "0.01");           // below 1e4 never whole (0.01 would be "0")
    CHECK(fit(1e7f, 9) == "1e+07");
    CHECK(fit(std::numeric_limits<float>::infinity(), 1) == "inf");
}

std::string english_as_catalog();  // test_i18n.cpp: the English texts, set as a German catalog

// A row copied from a spreadsheet (tabs) or a printed vector, pasted into one cell, was "not a number";
// the cell's message now says how many numbers it is (app.cpp, RefuseCellText).
TEST_CASE("several numbers in one text are counted; one number, or a part that is not a number, counts 0", "[parse]") {
    using el::count_numbers;
    CHECK(count_numbers("0.1\t0.2\t0.3") == 3);
    CHECK(count_numbers("[0.1, -0.2, 3e-2]") == 3);
    CHECK(count_numbers("0.1 0.2") == 2);
    CHECK(count_numbers("1;2;inf") == 3);
    CHECK(count_numbers("0.1") == 0);
    CHECK(count_numbers(" 0.5 ") == 0);
    CHECK(count_numbers("0.1 abc") == 0);
    CHECK(count_numbers("") == 0);
    REQUIRE(el::set_language("de", english_as_catalog()).ok);
    CHECK(count_numbers("0,1\t0,2\t0,3") == 3);  // German decimals: the commas are not separators
    CHECK(count_numbers("[0,4; 0,5]") == 2);
    CHECK(count_numbers("0,5") == 0);
    el::set_english();
    CHECK(count_numbers("0,5") == 0);  // in English a comma before a space separates, not "0,5" or "1,000"
    CHECK(count_numbers("1,000") == 0);
    CHECK(count_numbers("0.1,0.2") == 0);
}
