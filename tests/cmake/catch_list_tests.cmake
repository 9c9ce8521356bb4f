# cmake -D EXE= -D EXECUTOR= -D STAGE= -D ENVIRONMENT= -D OUT= -D WORKDIR= -P catch_list_tests.cmake
# Writes OUT: one add_test per test file of EXE (see CatchTests.cmake), which runs that file's Catch2
# cases in one process (Catch2's --filenames-as-tags gives each case the tag [#<file>]). EXECUTOR and
# ENVIRONMENT come with '<sep>' for ';' (a -D value cannot hold a list through a custom command).
string(REPLACE "<sep>" ";" executor "${EXECUTOR}")
string(REPLACE "<sep>" ";" environment "${ENVIRONMENT}")
execute_process(COMMAND ${executor} "${EXE}" --list-test-names-only
  OUTPUT_VARIABLE names RESULT_VARIABLE rc WORKING_DIRECTORY "${WORKDIR}")
# Catch2 v2 exits with the number of cases listed; no number means it did not run.
if(NOT rc MATCHES "^[0-9]+$")
  message(FATAL_ERROR "listing the test cases of ${EXE} failed: ${rc}")
endif()
string(REGEX MATCHALL "\n" lines "${names}")  # one line per case (a name may hold ;)
list(LENGTH lines cases)
execute_process(COMMAND ${executor} "${EXE}" --list-tags --filenames-as-tags
  OUTPUT_VARIABLE tags RESULT_VARIABLE rc WORKING_DIRECTORY "${WORKDIR}")
if(NOT rc MATCHES "^[0-9]+$")
  message(FATAL_ERROR "listing the tags of ${EXE} failed: ${rc}")
endif()
set(args "")
foreach(arg IN LISTS executor)
  string(APPEND args " [==[${arg}]==]")
endforeach()
set(script "")
set(count 0)
# "   21  [#test_link]": the file's case count, then its tag.
string(REGEX MATCHALL "\n *[0-9]+ +\\[#[^]\n]+\\]" files "${tags}")
foreach(line IN LISTS files)
  string(REGEX MATCH "([0-9]+) +\\[#([^]]+)\\]" _ "${line}")
  set(file "${CMAKE_MATCH_2}")
  math(EXPR count "${count} + ${CMAKE_MATCH_1}")
  # Each file's cases in one process: a process per case spent more starting up than testing under
  # ASan and Node (tests/cmake/count_results.py counts the cases from Catch2's closing line).
  string(APPEND script "add_test([==[${STAGE}/${file}]==]${args} [==[${EXE}]==] [==[[#${file}]]==] --filenames-as-tags --use-colour no)\n"
    "set_tests_properties([==[${STAGE}/${file}]==] PROPERTIES LABELS ${STAGE} WORKING_DIRECTORY [==[${WORKDIR}]==]"
    " ENVIRONMENT [==[${environment}]==] FAIL_REGULAR_EXPRESSION [==[No tests ran]==])\n")
endforeach()
if(NOT count EQUAL cases)
  message(FATAL_ERROR "${EXE} listed ${cases} test cases, but its test files hold ${count}")
endif()
file(WRITE "${OUT}" "${script}")
