"""Checks count_results.py on JUnit files shaped as ctest 3.25 and node 20 write them (node copies a
failure's message as it is: the ANSI escapes of a playwright call log are not XML, and must not stop the count)."""
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from count_results import count  # noqa: E402

CTEST = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="all" tests="6" failures="1" disabled="1" skipped="0">
  <testcase name="native/gather equals one-hot" classname="native" time="0.1" status="run"/>
  <testcase name="asan/gather equals one-hot" classname="asan" time="0.1" status="fail"><failure message="x"/></testcase>
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
    # native 1 passed; asan 1 failed; links 2 passed 1 failed; skeleton 1 passed 1 failed;
    # cost wrote no report (node died first): 1 failed.
    got = count(root / "ctest.xml", reports)
    if got != (4, 4):
        sys.exit(f"count_results: expected (4 passed, 4 failed), got {got}")
print("count_results: ok")
