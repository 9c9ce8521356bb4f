# Read by CTest, not by CMake: the web build lists this file in TEST_INCLUDE_FILES, so each
# ctest run globs tests/browser/*.test.mjs afresh and registers one CTest test per test case
# (a new file or case needs no reconfigure). tests/browser/discover.mjs lists the cases without
# running them; each case then runs alone: node --test --test-name-pattern=^name$ file.
# Set by the including file: EL_NODE, EL_SOURCE_DIR, EL_SITE_DIR, EL_SINGLE_FILE_HTML.
file(GLOB el_browser_files "${EL_SOURCE_DIR}/tests/browser/*.test.mjs")
set(el_discover "${EL_SOURCE_DIR}/tests/browser/discover.mjs")
execute_process(COMMAND "${EL_NODE}" "${el_discover}" ${el_browser_files}
  WORKING_DIRECTORY "${EL_SOURCE_DIR}" OUTPUT_VARIABLE el_json ERROR_VARIABLE el_error RESULT_VARIABLE el_rc)
if(NOT el_rc EQUAL 0)
  # Reported as a failing test (with node's message), never silently fewer tests.
  add_test("browser: listing the test cases" "${EL_NODE}" "${el_discover}" ${el_browser_files})
  set_tests_properties("browser: listing the test cases" PROPERTIES LABELS browser
                       WORKING_DIRECTORY "${EL_SOURCE_DIR}")
  return()
endif()
string(JSON el_count LENGTH "${el_json}")
if(el_count EQUAL 0)
  return()
endif()
math(EXPR el_last "${el_count} - 1")
foreach(el_i RANGE ${el_last})
  string(JSON el_file GET "${el_json}" ${el_i} file)
  string(JSON el_name GET "${el_json}" ${el_i} name)
  string(JSON el_pattern GET "${el_json}" ${el_i} pattern)
  string(JSON el_skip GET "${el_json}" ${el_i} skip)
  get_filename_component(el_base "${el_file}" NAME)
  string(REGEX REPLACE "\\.test\\.mjs$" "" el_base "${el_base}")
  set(el_test "browser/${el_base}: ${el_name}")
  add_test("${el_test}" "${EL_NODE}" --test --test-reporter=tap "--test-name-pattern=${el_pattern}" "${el_file}")
  # Exactly this one case ran and passed (a pattern matching nothing must not pass).
  # The browser tests are timing-sensitive: nothing else runs beside them.
  set_tests_properties("${el_test}" PROPERTIES
    LABELS browser RUN_SERIAL ON RESOURCE_LOCK browser TIMEOUT 900
    WORKING_DIRECTORY "${EL_SOURCE_DIR}"
    ENVIRONMENT "SITE_DIR=${EL_SITE_DIR};SINGLE_FILE_HTML=${EL_SINGLE_FILE_HTML}"
    PASS_REGULAR_EXPRESSION "\n# pass 1\n# fail 0\n# cancelled 0\n")
  if(el_skip)
    set_tests_properties("${el_test}" PROPERTIES DISABLED ON)
  endif()
endforeach()
