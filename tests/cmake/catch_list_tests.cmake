# cmake -D EXE= -D EXECUTOR= -D STAGE= -D ENVIRONMENT= -D OUT= -D WORKDIR= -P catch_list_tests.cmake
# Writes OUT: one add_test per Catch2 test case of EXE (see CatchTests.cmake). EXECUTOR and
# ENVIRONMENT come with '<sep>' for ';' (a -D value cannot hold a list through a custom command).
string(REPLACE "<sep>" ";" executor "${EXECUTOR}")
string(REPLACE "<sep>" ";" environment "${ENVIRONMENT}")
execute_process(COMMAND ${executor} "${EXE}" --list-test-names-only
  OUTPUT_VARIABLE names RESULT_VARIABLE rc WORKING_DIRECTORY "${WORKDIR}")
# Catch2 v2 exits with the number of cases listed; no number means it did not run.
if(NOT rc MATCHES "^[0-9]+$")
  message(FATAL_ERROR "listing the test cases of ${EXE} failed: ${rc}")
endif()
set(script "")
set(count 0)
while(names MATCHES "^([^\n]*)\n(.*)$")  # line by line: a name may hold ';'
  set(name "${CMAKE_MATCH_1}")
  set(names "${CMAKE_MATCH_2}")
  if(name STREQUAL "")
    continue()
  endif()
  # Catch2's test spec treats \ , [ ] " specially: escape them to match this one name.
  string(REGEX REPLACE "([],[\\\"])" "\\\\\\1" spec "${name}")
  set(args "")
  foreach(arg IN LISTS executor)
    string(APPEND args " [==[${arg}]==]")
  endforeach()
  string(APPEND script "add_test([==[${STAGE}/${name}]==]${args} [==[${EXE}]==] [==[${spec}]==] --use-colour no)\n"
    "set_tests_properties([==[${STAGE}/${name}]==] PROPERTIES LABELS ${STAGE} WORKING_DIRECTORY [==[${WORKDIR}]==]"
    " ENVIRONMENT [==[${environment}]==] FAIL_REGULAR_EXPRESSION [==[No tests ran]==])\n")
  math(EXPR count "${count} + 1")
endwhile()
math(EXPR listed "${count} % 256")  # an exit code holds the count modulo 256
if(NOT listed EQUAL rc)
  message(FATAL_ERROR "${EXE} said ${rc} test cases but listed ${count}")
endif()
file(WRITE "${OUT}" "${script}")
