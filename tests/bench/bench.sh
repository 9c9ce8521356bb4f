#!/usr/bin/env bash
# ./build.sh bench: release builds of the kernels (native and WebAssembly), then
# one table with TF.js's wasm backend as the peer, measured in the same Node
# process as our wasm. Writes build/bench.json.
#
# Environment: BENCH_V (50000), BENCH_D (128), BENCH_B (256), BENCH_REPEATS (7).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
# Debian's Emscripten 3.1.6 finds its JavaScript modules (acorn) only through NODE_PATH.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"

V="${BENCH_V:-50000}"
D="${BENCH_D:-128}"
B="${BENCH_B:-256}"
REPEATS="${BENCH_REPEATS:-7}"
NATIVE_DIR="$ROOT/build/bench-native"
WASM_DIR="$ROOT/build/bench-wasm"
SOURCES=(tests/bench/bench_kernels.cpp src/core/matmul.cpp src/core/embedding.cpp)

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# Portable x86-64 baseline with SSE4 (no AVX, no FMA): the same 128-bit vectors
# the wasm build gets, so wasm/native compares code generation, not ISA width.
NATIVE_FLAGS="-std=c++20 -O3 -march=x86-64-v2"
case "$(uname -m)" in x86_64) ;; *) NATIVE_FLAGS="-std=c++20 -O3" ;; esac
# The flags the page's core gets (CMake Release: -O3; -msimd128). Note: Emscripten
# 3.1.6's memcpy hands blocks of 512 bytes and more to JavaScript (copyWithin),
# with or without -mbulk-memory; a gather of 128-float rows pays that per row.
WASM_FLAGS="-std=c++20 -O3 -msimd128"

log "native build ($NATIVE_FLAGS)"
mkdir -p "$NATIVE_DIR" "$WASM_DIR"
g++ $NATIVE_FLAGS -Wall -Wextra -Isrc -DEL_BENCH_TARGET='"native"' \
    -DEL_BENCH_FLAGS="\"g++ $(g++ -dumpfullversion) $NATIVE_FLAGS\"" \
    "${SOURCES[@]}" -o "$NATIVE_DIR/bench_kernels"

log "wasm build ($WASM_FLAGS)"
EMCC_VERSION="$(em++ --version | sed -n 's/.*) \([0-9][0-9.]*\).*/\1/p' | head -1)"
# .cjs: package.json declares ES modules; Emscripten's glue is CommonJS.
em++ $WASM_FLAGS -Wall -Wextra -Isrc -DEL_BENCH_TARGET='"wasm"' \
    -DEL_BENCH_FLAGS="\"em++ $EMCC_VERSION $WASM_FLAGS\"" \
    "${SOURCES[@]}" -o "$WASM_DIR/bench_kernels.cjs" \
    -sMODULARIZE=1 -sEXPORT_NAME=createBenchModule -sENVIRONMENT=node \
    -sINITIAL_MEMORY=268435456 -sALLOW_MEMORY_GROWTH=1 \
    -sEXPORTED_FUNCTIONS=_main,_bench_setup,_bench_time,_bench_inner,_bench_first_row_sum

log "native run"
"$NATIVE_DIR/bench_kernels" --V "$V" --d "$D" --B "$B" --repeats "$REPEATS" \
    --out "$NATIVE_DIR/native.json" >/dev/null

log "wasm and TF.js in one Node process"
# --no-liftoff: both wasm modules are compiled by the optimising tier up front, so
# the samples measure steady-state code (a browser reaches it after tier-up).
EL_BENCH_WASM_FLAGS="em++ $EMCC_VERSION $WASM_FLAGS" \
    node --no-experimental-fetch --no-liftoff tests/bench/bench.mjs --native "$NATIVE_DIR/native.json" \
    --wasm "$WASM_DIR/bench_kernels.cjs" --out "$ROOT/build/bench.json" \
    --V "$V" --d "$D" --B "$B" --repeats "$REPEATS"
