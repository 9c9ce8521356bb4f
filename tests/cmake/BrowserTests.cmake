# Read by CTest, not by CMake: the web build lists this file in TEST_INCLUDE_FILES, so each
# ctest run globs tests/browser/*.test.mjs afresh (a new file needs no reconfigure) and
# registers one CTest test per file (two for a file with timed cases, below): `node --test` runs
# the file's cases in one process sharing one Chromium, and writes each case's result to
# EL_BROWSER_REPORTS/<test name>.xml (node's JUnit reporter), from which build.sh counts the cases.
# Set by the including file: EL_NODE, EL_SOURCE_DIR, EL_SITE_DIR, EL_SINGLE_FILE_HTML,
# EL_BROWSER_REPORTS.
file(GLOB el_browser_files "${EL_SOURCE_DIR}/tests/browser/*.test.mjs")
file(MAKE_DIRECTORY "${EL_BROWSER_REPORTS}")  # node writes its reports but makes no folder
# One CTest test: node runs `file`'s cases (EL_CASES: timed, untimed, or empty for all of them).
function(el_browser_test name file cases)
  set(test "browser/${name}")
  add_test("${test}" "${EL_NODE}" --test
    --test-reporter=tap --test-reporter-destination=stdout
    --test-reporter=junit "--test-reporter-destination=${EL_BROWSER_REPORTS}/${name}.xml" "${file}")
  set_tests_properties("${test}" PROPERTIES
    LABELS browser TIMEOUT 1200
    WORKING_DIRECTORY "${EL_SOURCE_DIR}"
    ENVIRONMENT "SITE_DIR=${EL_SITE_DIR};SINGLE_FILE_HTML=${EL_SINGLE_FILE_HTML};EL_CASES=${cases}")
  if(cases STREQUAL "timed")
    set_tests_properties("${test}" PROPERTIES RUN_SERIAL ON)
  endif()
endfunction()

foreach(el_file ${el_browser_files})
  get_filename_component(el_base "${el_file}" NAME)
  string(REGEX REPLACE "\\.test\\.mjs$" "" el_base "${el_base}")
  # A file whose cases measure time says so in its first line ("// ctest: timed cases alone") and
  # declares those cases with timed(), the rest with untimed() (harness.mjs): it runs twice, its timed
  # cases with nothing beside them (RUN_SERIAL), the rest as the other files do. Those wait on frames
  # and events, not on the clock, so two of them share the machine (ctest's jobs: 2).
  file(STRINGS "${el_file}" el_first_line LIMIT_COUNT 1)
  if(el_first_line MATCHES "^// ctest: timed cases alone")
    el_browser_test("${el_base}" "${el_file}" untimed)
    el_browser_test("${el_base}.timed" "${el_file}" timed)
  else()
    el_browser_test("${el_base}" "${el_file}" "")
  endif()
endforeach()
