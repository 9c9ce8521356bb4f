# cmake -D FUZZER= -D NAME= -D SEEDS= -D WORK= -P run_fuzz.cmake (a CTest test of the fuzz build)
# Runs one libFuzzer target for $FUZZ_TEST_SECONDS (default 20); fails on any crash or leak.
set(seconds "$ENV{FUZZ_TEST_SECONDS}")
if(seconds STREQUAL "")
  set(seconds 20)
elseif(NOT seconds MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "FUZZ_TEST_SECONDS must be a whole number of seconds above 0, not '${seconds}'")
endif()
file(MAKE_DIRECTORY "${WORK}/corpus-${NAME}" "${WORK}/artifacts")
message(STATUS "fuzz_${NAME} for ${seconds} s")
execute_process(COMMAND "${FUZZER}" -max_total_time=${seconds} -timeout=10 -rss_limit_mb=2048
  -print_final_stats=1 "-artifact_prefix=${WORK}/artifacts/${NAME}-" "${WORK}/corpus-${NAME}" "${SEEDS}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz_${NAME} failed (${rc}); the input is in ${WORK}/artifacts/")
endif()
