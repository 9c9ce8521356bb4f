#!/usr/bin/env bash
# ./build.sh bench: runs the kernel benchmark built by CMake (presets bench and bench-wasm: the
# el_kernels library the page links, at -O3), then one table with TF.js's wasm backend as the
# peer, measured in the same Node process as our wasm. Writes build/bench.json.
#
# Environment: BENCH_V (50000), BENCH_D (128), BENCH_B (256), BENCH_REPEATS (7).
# The native build is a portable x86-64 baseline with SSE4 (-march=x86-64-v2: no AVX, no FMA),
# the same 128-bit vectors the wasm build gets (-msimd128), so wasm/native compares code
# generation, not ISA width. Note: Emscripten 3.1.6's memcpy hands blocks of 512 bytes and more
# to JavaScript (copyWithin), with or without -mbulk-memory; a gather of 128-float rows pays that per row.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
V="${BENCH_V:-50000}"
D="${BENCH_D:-128}"
B="${BENCH_B:-256}"
REPEATS="${BENCH_REPEATS:-7}"
NATIVE_DIR="$ROOT/build/bench-native"
WASM_DIR="$ROOT/build/bench-wasm"
for f in "$NATIVE_DIR/bench_kernels" "$WASM_DIR/bench_kernels.cjs"; do
    [ -f "$f" ] || { echo "bench.sh: $f is missing: run ./build.sh bench" >&2; exit 1; }
done

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

log "native run"
"$NATIVE_DIR/bench_kernels" --V "$V" --d "$D" --B "$B" --repeats "$REPEATS" \
    --out "$NATIVE_DIR/native.json" >/dev/null

log "wasm and TF.js in one Node process"
# --no-liftoff: both wasm modules are compiled by the optimising tier up front, so
# the samples measure steady-state code (a browser reaches it after tier-up).
EL_BENCH_WASM_FLAGS="$(cat "$WASM_DIR/bench_flags.txt")" \
    node --no-experimental-fetch --no-liftoff tests/bench/bench.mjs --native "$NATIVE_DIR/native.json" \
    --wasm "$WASM_DIR/bench_kernels.cjs" --out "$ROOT/build/bench.json" \
    --V "$V" --d "$D" --B "$B" --repeats "$REPEATS"
