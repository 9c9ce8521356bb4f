"""The closing line of ./build.sh test: "N passed, N failed", every test case counted once.

usage: count_results.py build/ctest.xml build/web/browser-reports

ctest's JUnit file has one entry per CTest test: a Catch2 test file (<stage>/<file>), a fuzz target,
or a browser test file (browser/<file>). A Catch2 file's cases are counted from the closing line
Catch2 prints, which ctest keeps in the entry's output (build.sh keeps it whole); for a browser file,
node's JUnit report <reports>/<file>.xml lists its cases. A file that failed outside its cases (a
crash, a hook) counts as one more failure; so does a Catch2 run that ended before its closing line.
A test that ctest lists as disabled, or a case node skipped, counts neither way.
"""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

# XML 1.0 forbids most control characters, yet node's JUnit reporter copies a failure message as it
# is, and playwright's call logs carry ANSI colour escapes (ESC): such a report would not parse.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


# Catch2 v2's closing lines: "All tests passed (12 assertions in 3 test cases)", or otherwise a row of
# the non-zero counts, "test cases:  3 |  2 passed | 1 failed" (also "| 1 failed as expected").
CATCH_PASSED = re.compile(r"^All tests passed \(\d+ assertions? in (\d+) test cases?\)$", re.M)
CATCH_ROW = re.compile(r"^test cases: .*$", re.M)


def catch2_cases(output):
    """(passed, failed) from a Catch2 run's output, or None if it has no closing line."""
    if m := CATCH_PASSED.search(output):
        return int(m[1]), 0
    if m := CATCH_ROW.search(output):
        counts = {label: int(n) for n, label in re.findall(r"(\d+) (passed|failed as expected|failed)\b", m[0])}
        return counts.get("passed", 0) + counts.get("failed as expected", 0), counts.get("failed", 0)
    return None


def parse(path):
    return ET.fromstring(NOT_XML.sub("?", pathlib.Path(path).read_text(encoding="utf-8", errors="replace")))


def count(ctest_xml, reports):
    passed = failed = 0
    for test in ET.parse(ctest_xml).getroot().iter("testcase"):
        name, status = test.get("name"), test.get("status")
        report = pathlib.Path(reports, name.removeprefix("browser/") + ".xml")
        if name.startswith("browser/") and report.exists():
            cases = list(parse(report).iter("testcase"))
            bad = sum(c.find("failure") is not None for c in cases)
            passed += sum(c.find("failure") is None and c.find("skipped") is None for c in cases)
            failed += bad or status != "run"
        elif (out := test.findtext("system-out")) and (cases := catch2_cases(out)):
            passed += cases[0]
            failed += cases[1] or status != "run"
        elif status != "disabled":
            passed += status == "run"
            failed += status != "run"
    return passed, failed


if __name__ == "__main__":
    passed, failed = count(sys.argv[1], sys.argv[2])
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
