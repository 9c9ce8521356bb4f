# Read by CTest, not by CMake: the web build lists this file in TEST_INCLUDE_FILES, so each
# ctest run globs tests/browser/*.test.mjs afresh (a new file needs no reconfigure) and
# registers one CTest test per file: `node --test` runs the file's cases in one process
# sharing one Chromium, and writes each case's result to EL_BROWSER_REPORTS/<file>.xml
# (node's JUnit reporter), from which build.sh counts the cases.
# Set by the including file: EL_NODE, EL_SOURCE_DIR, EL_SITE_DIR, EL_SINGLE_FILE_HTML,
# EL_BROWSER_REPORTS.
file(GLOB el_browser_files "${EL_SOURCE_DIR}/tests/browser/*.test.mjs")
file(MAKE_DIRECTORY "${EL_BROWSER_REPORTS}")  # node writes its reports but makes no folder
foreach(el_file ${el_browser_files})
  get_filename_component(el_base "${el_file}" NAME)
  string(REGEX REPLACE "\\.test\\.mjs$" "" el_base "${el_base}")
  set(el_test "browser/${el_base}")
  add_test("${el_test}" "${EL_NODE}" --test
    --test-reporter=tap --test-reporter-destination=stdout
    --test-reporter=junit "--test-reporter-destination=${EL_BROWSER_REPORTS}/${el_base}.xml" "${el_file}")
  # The browser tests are timing-sensitive: nothing else runs beside them.
  set_tests_properties("${el_test}" PROPERTIES
    LABELS browser RUN_SERIAL ON RESOURCE_LOCK browser TIMEOUT 1200
    WORKING_DIRECTORY "${EL_SOURCE_DIR}"
    ENVIRONMENT "SITE_DIR=${EL_SITE_DIR};SINGLE_FILE_HTML=${EL_SINGLE_FILE_HTML}")
endforeach()
