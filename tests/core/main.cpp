// Catch2 v2 main: one translation unit so the suite's own files compile fast.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
