"""Checks count_results.py on JUnit files shaped as ctest 3.25 and node 20 write them (node copies a
failure's message as it is: the ANSI escapes of a playwright call log are not XML, and must not stop the count)."""
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from count_results import count  # noqa: E402

# Catch2 files: one whole (3 cases), one with a failed case, one that passed every case but failed at
# exit (LeakSanitizer reports after Catch2's closing line), one that died before its closing line.
CTEST = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="all" tests="10" failures="1" disabled="1" skipped="0">
  <testcase name="native/test_link" classname="native" time="0.1" status="run"><system-out>Filters: [#test_link]
===============================================================================
All tests passed (40 assertions in 3 test cases)

</system-out></testcase>
  <testcase name="asan/test_link" classname="asan" time="0.1" status="fail"><failure message="x"/><system-out>Filters: [#test_link]
===============================================================================
test cases:  3 |  2 passed | 1 failed
assertions: 40 | 39 passed | 1 failed

</system-out></testcase>
  <testcase name="asan/test_tour" classname="asan" time="0.1" status="fail"><failure message="x"/><system-out>All tests passed (2 assertions in 2 test cases)
==1==ERROR: LeakSanitizer: detected memory leaks</system-out></testcase>
  <testcase name="wasm/test_tour" classname="wasm" time="0.1" status="fail"><failure message="x"/><system-out>Aborted()</system-out></testcase>
  <testcase name="native/pytorch_differential" classname="native" time="0.1" status="run"><system-out>ok</system-out></testcase>
  <testcase name="wasm/a disabled case" classname="wasm" time="0" status="disabled"/>
  <testcase name="browser/links" classname="browser" time="9" status="fail"><failure message="x"/></testcase>
  <testcase name="browser/skeleton" classname="browser" time="9" status="fail"><failure message="x"/></testcase>
  <testcase name="browser/cost" classname="browser" time="1" status="fail"><failure message="x"/></testcase>
</testsuite>
"""
NODE_LINKS = """<?xml version="1.0" encoding="utf-8"?>
<testsuites>
  <testcase name="one" time="0.1" classname="test"/>
  <testcase name="two" time="0.1" classname="test"/>
  <testcase name="bad" time="0.1" classname="test" failure="x"><failure type="testCodeFailure" message="x">Call log:
\x1b[2m  - waiting for locator('#tv-w-0-0')\x1b[22m</failure></testcase>
  <testcase name="skipped" time="0" classname="test"><skipped type="skipped" message="why"/></testcase>
</testsuites>
"""
# Every case passed, yet node exited non-zero (an after hook failed): one failure for the file.
NODE_SKELETON = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testcase name="one" time="0.1" classname="test"/></testsuites>
"""

with tempfile.TemporaryDirectory() as tmp:
    root = pathlib.Path(tmp)
    (root / "ctest.xml").write_text(CTEST)
    reports = root / "reports"
    reports.mkdir()
    (reports / "links.xml").write_text(NODE_LINKS)
    (reports / "skeleton.xml").write_text(NODE_SKELETON)
    # native/test_link 3 passed; asan/test_link 2 passed 1 failed; asan/test_tour 2 passed 1 failed;
    # wasm/test_tour 1 failed; pytorch_differential 1 passed; links 2 passed 1 failed; skeleton
    # 1 passed 1 failed; cost wrote no report (node died first): 1 failed.
    got = count(root / "ctest.xml", reports)
    if got != (11, 6):
        sys.exit(f"count_results: expected (11 passed, 6 failed), got {got}")
print("count_results: ok")
