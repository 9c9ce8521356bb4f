# el_catch_tests(<target> <stage> EXECUTOR <cmd...> ENVIRONMENT <VAR=value...>)
# One CTest test per Catch2 test file, named "<stage>/<file>" and labelled <stage>. The list is
# taken after each build (POST_BUILD, like Catch2's catch_discover_tests), with our own script
# which groups the cases by file (Debian's CatchAddTests.cmake makes a test per case).
function(el_catch_tests target stage)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "EXECUTOR;ENVIRONMENT")
  set(list_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake")
  string(REPLACE ";" "<sep>" executor "${arg_EXECUTOR}")
  string(REPLACE ";" "<sep>" environment "${arg_ENVIRONMENT}")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXE=$<TARGET_FILE:${target}>" -D "EXECUTOR=${executor}"
            -D "STAGE=${stage}" -D "ENVIRONMENT=${environment}" -D "OUT=${list_file}"
            -D "WORKDIR=${CMAKE_CURRENT_BINARY_DIR}" -P "${CMAKE_SOURCE_DIR}/tests/cmake/catch_list_tests.cmake"
    BYPRODUCTS "${list_file}" VERBATIM)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake"
    "if(EXISTS \"${list_file}\")\n  include(\"${list_file}\")\nelse()\n"
    "  add_test(\"${stage}: ${target} not built\" \"${target}_NOT_BUILT\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
endfunction()
