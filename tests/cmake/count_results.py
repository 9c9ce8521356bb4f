"""The closing line of ./build.sh test: "N passed, N failed", every test case counted once.

usage: count_results.py build/ctest.xml build/web/browser-reports

ctest's JUnit file has one entry per CTest test: a Catch2 case, a fuzz target, or a whole browser
test file (browser/<file>). For a browser file, node's JUnit report <reports>/<file>.xml lists its
cases; a file that failed outside its cases (a hook, a crash) counts as one more failure.
A test that ctest lists as disabled, or a case node skipped, counts neither way.
"""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

# XML 1.0 forbids most control characters, yet node's JUnit reporter copies a failure message as it
# is, and playwright's call logs carry ANSI colour escapes (ESC): such a report would not parse.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


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
        elif status != "disabled":
            passed += status == "run"
            failed += status != "run"
    return passed, failed


if __name__ == "__main__":
    passed, failed = count(sys.argv[1], sys.argv[2])
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
