#!/usr/bin/env bash
# Embedding Lab: one command to set up, build, serve and test.
#
#   ./build.sh            install what is missing, build the web app into build/site, serve it
#   ./build.sh test       native Catch2 suite (ctest), the same suite under ASan+UBSan and as wasm under
#                         Node, a short fuzz run (FUZZ_TEST_SECONDS per target, default 20), browser tests
#   ./build.sh bench      release build of the kernels; native, wasm and TF.js peer in one table
#   ./build.sh fuzz       libFuzzer run on the link decoder and text parsers (FUZZ_SECONDS in all, default 300)
#   ./build.sh dist [--single-file]   the static site into dist/ (one HTML file with --single-file)
#   ./build.sh site       build the web app only, no server
#
# Environment: PORT (default 8080), IMGUI_DIR (use an existing Dear ImGui 1.90.1 checkout),
# JOBS (parallel build jobs, default: number of cores).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
DEPS="$ROOT/.deps"       # fetched third-party sources, git-ignored
BUILD="$ROOT/build"      # all build outputs, git-ignored
SITE="$BUILD/site"       # the static page, deployable as is
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
IMGUI_VERSION=1.90.1
# Debian's Emscripten 3.1.6 finds its JavaScript modules (acorn) only through NODE_PATH.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------
# Dependencies: Debian packages and npm modules, installed only when missing.

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else die "need root (or sudo) to run: $*"; fi
}

APT_UPDATED=0
apt_install() {  # apt_install pkg... (only the missing ones)
    local missing=()
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null || die "missing packages ${missing[*]} and no apt-get: install them by hand"
    log "installing ${missing[*]}"
    if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

need_build_tools() {
    local pkgs=(cmake make g++ python3-fonttools fonts-dejavu-core catch2)
    command -v emcc >/dev/null || pkgs+=(emscripten)
    apt_install "${pkgs[@]}"
}

# libFuzzer and the sanitizer runtimes come with clang's compiler-rt.
need_fuzz_tools() { apt_install clang libclang-rt-14-dev; }

need_test_tools() {
    local pkgs=(chromium python3-numpy python3-torch)
    command -v node >/dev/null || pkgs+=(nodejs)
    command -v npm >/dev/null || pkgs+=(npm)
    apt_install "${pkgs[@]}"
    if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        log "npm ci (playwright-core; never downloads a browser)"
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    fi
}

# Dear ImGui 1.90.1 sources, never committed. In order: $IMGUI_DIR, the cached
# unpack in .deps, Debian's source package (trixie has 1.90.1), else CMake's
# FetchContent of the upstream tag (IMGUI_DIR left empty).
fetch_imgui() {
    if [ -n "${IMGUI_DIR:-}" ]; then
        [ -f "$IMGUI_DIR/imgui.h" ] || die "IMGUI_DIR=$IMGUI_DIR has no imgui.h"
        return
    fi
    local dir="$DEPS/imgui-$IMGUI_VERSION"
    if [ ! -f "$dir/imgui.h" ] && command -v apt-get >/dev/null; then
        log "fetching Dear ImGui $IMGUI_VERSION (Debian source package)"
        local list=/etc/apt/sources.list.d/embedding-lab-imgui-src.sources
        if [ ! -f "$list" ]; then
            # Same archive and keyring as the machine's own Debian entry, source indexes only.
            local base=/etc/apt/sources.list.d/debian.sources
            [ -f "$base" ] || die "no $base to derive a deb-src entry from; set IMGUI_DIR"
            awk 'BEGIN{RS=""; FS="\n"} NR==1 {
                    for (i = 1; i <= NF; i++) {
                        if ($i ~ /^Types:/) print "Types: deb-src";
                        else if ($i ~ /^Suites:/) print "Suites: trixie";
                        else if ($i ~ /^Components:/) print "Components: main";
                        else if ($i !~ /^#/) print $i } }' "$base" | as_root tee "$list" >/dev/null
            as_root apt-get update -qq
        fi
        mkdir -p "$DEPS/src"
        (cd "$DEPS/src" && apt-get source --download-only -qq "imgui=$IMGUI_VERSION+ds-1" >/dev/null) || true
        local tarball
        tarball="$(ls "$DEPS/src"/imgui_"$IMGUI_VERSION"+ds.orig.tar.* 2>/dev/null | head -1 || true)"
        if [ -n "$tarball" ]; then
            rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
            tar xf "$tarball" -C "$dir.tmp" --strip-components=1
            mv "$dir.tmp" "$dir"
        fi
    fi
    if [ -f "$dir/imgui.h" ]; then export IMGUI_DIR="$dir"
    else log "no Debian source package; CMake will FetchContent upstream v$IMGUI_VERSION"; export IMGUI_DIR=""; fi
}

# ---------------------------------------------------------------------------
# Builds (CMake, one build folder each).

cmake_build() {  # cmake_build <dir> <configure args...>
    local dir="$1"; shift
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        mkdir -p "$BUILD"
        cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; die "configuring $dir failed"; }
    fi
    cmake --build "$dir" -j "$JOBS"
}

emcmake_build() {  # emcmake_build <dir> <configure args...>
    local dir="$1"; shift
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        emcmake cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DIMGUI_DIR="${IMGUI_DIR:-}" "$@" >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; die "configuring $dir failed"; }
    fi
    cmake --build "$dir" -j "$JOBS"
}

build_site() {
    need_build_tools
    fetch_imgui
    log "building the web app"
    emcmake_build "$BUILD/web" -DEL_BUILD_APP=ON -DEL_SITE_DIR="$SITE"
    log "site: $SITE"
}

build_native_tests() { need_build_tools; cmake_build "$BUILD/native" -DEL_BUILD_TESTS=ON; }
build_wasm_tests() { need_build_tools; emcmake_build "$BUILD/wasm-test" -DEL_BUILD_TESTS=ON; }

# The Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer, at -O1 (fast enough to
# run in full in every test run, still with usable stack traces).
build_asan_tests() {
    need_build_tools
    local dir="$BUILD/asan"
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        mkdir -p "$BUILD"
        cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g" -DEL_SANITIZE=ON \
            -DEL_BUILD_TESTS=ON >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; die "configuring $dir failed"; }
    fi
    cmake --build "$dir" -j "$JOBS" --target core_tests
}

# libFuzzer targets (tests/fuzz), clang with ASan + UBSan, in their own build folder.
FUZZ_TARGETS=(link parsers)   # tests/fuzz/fuzz_<name>.cpp, seeds in tests/fuzz/corpus/<name>
build_fuzz() {
    need_build_tools
    need_fuzz_tools
    local dir="$BUILD/fuzz"
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        mkdir -p "$BUILD"
        cmake -S "$ROOT" -B "$dir" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O1 \
            -DEL_BUILD_FUZZ=ON >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; die "configuring $dir failed"; }
    fi
    cmake --build "$dir" -j "$JOBS" --target "${FUZZ_TARGETS[@]/#/fuzz_}"
}

# The single-file page (wasm inlined) beside the site: build/web/single/embedding-lab.html.
SINGLE_HTML="$BUILD/web/single/embedding-lab.html"
build_single_file() {
    build_site
    if ! grep -q '^EL_BUILD_SINGLE_FILE:BOOL=ON' "$BUILD/web/CMakeCache.txt"; then
        cmake -DEL_BUILD_SINGLE_FILE=ON "$BUILD/web" >"$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; die "configuring the single-file page failed"; }
    fi
    cmake --build "$BUILD/web" -j "$JOBS" --target embedding_lab_single
}

# dist/: the static site as deployed, or with --single-file one HTML file.
cmd_dist() {
    local single=0
    case "${1:-}" in
        "") ;;
        --single-file) single=1 ;;
        *) die "unknown option '$1' for dist (try: ./build.sh dist --single-file)" ;;
    esac
    rm -rf "$ROOT/dist" && mkdir -p "$ROOT/dist"
    if [ "$single" = 1 ]; then
        build_single_file
        cp "$SINGLE_HTML" "$ROOT/dist/embedding-lab.html"
        log "dist/embedding-lab.html ($(($(stat -c %s "$ROOT/dist/embedding-lab.html") / 1024)) KB): open it from disk or upload it as is"
    else
        build_site
        cp -r "$SITE/." "$ROOT/dist/"
        log "dist/: the static site (index.html, embed-example.html); copy it to any static host"
    fi
}

serve() {
    local port="${PORT:-8080}"
    log "serving $SITE at http://localhost:$port/  (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$SITE"
}

# ---------------------------------------------------------------------------
# Tests: each stage prints "N passed, N failed"; the summary adds them up.

PASSED=0; FAILED=0; STAGES=()
count() {  # count <stage> <passed> <failed>
    PASSED=$((PASSED + $2)); FAILED=$((FAILED + $3)); STAGES+=("$1: $2 passed, $3 failed")
}

run_native_tests() {
    log "native Catch2 suite (ctest)"
    local out rc=0
    out="$(cd "$BUILD/native" && ctest --output-on-failure -j "$JOBS" 2>&1)" || rc=$?
    printf '%s\n' "$out" | tail -n 25
    local total failed
    total="$(printf '%s\n' "$out" | sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' | tail -1)"
    failed="$(printf '%s\n' "$out" | sed -n 's/.*, \([0-9]*\) tests failed out of.*/\1/p' | tail -1)"
    [ -n "$total" ] || { total=1; failed=1; }
    [ "$rc" = 0 ] || [ "${failed:-0}" != 0 ] || failed=1
    count native "$((total - failed))" "$failed"
}

# count_catch2 <stage> <output> <exit code>: reads Catch2's closing line.
count_catch2() {
    local stage="$1" out="$2" rc="$3" cases failed
    cases="$(printf '%s\n' "$out" | sed -n 's/^test cases: *\([0-9]*\).*/\1/p' | tail -1)"
    failed="$(printf '%s\n' "$out" | sed -n 's/^test cases:.*| *\([0-9]*\) failed.*/\1/p' | tail -1)"
    if [ -z "$cases" ]; then  # "All tests passed (N assertions in M test cases)"
        cases="$(printf '%s\n' "$out" | sed -n 's/^All tests passed.* in \([0-9]*\) test case.*/\1/p' | tail -1)"
        failed=0
    fi
    [ -n "$cases" ] || { cases=1; failed=1; }
    [ "$rc" = 0 ] || [ "${failed:-0}" != 0 ] || failed=1
    count "$stage" "$((cases - failed))" "${failed:-0}"
}

run_wasm_tests() {
    log "the same Catch2 suite as WebAssembly under Node"
    local out rc=0
    # Node 20's fetch cannot read file URLs; Emscripten 3.1.6 falls back to fs without it.
    out="$(cd "$BUILD/wasm-test" && node --no-experimental-fetch core_tests.js --use-colour no 2>&1)" || rc=$?
    printf '%s\n' "$out" | tail -n 15
    count_catch2 wasm "$out" "$rc"
}

run_asan_tests() {
    log "the Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer"
    local out rc=0 t0=$SECONDS
    # One run of the binary (not ctest's process per test case): the sanitizer runtime starts once.
    out="$(ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$BUILD/asan/core_tests" --use-colour no 2>&1)" || rc=$?
    printf '%s\n' "$out" | grep -E -A 30 'ERROR: (Address|Leak)Sanitizer|runtime error' | head -n 60 || true
    printf '%s\n' "$out" | tail -n 4
    log "sanitizer run: $((SECONDS - t0)) s"
    count_catch2 asan "$out" "$rc"
}

# run_fuzz <seconds per target>: each target runs from the committed seeds plus what earlier
# runs found (build/fuzz/corpus-<name>); a crash leaves its input in build/fuzz/artifacts/.
run_fuzz() {
    local seconds="$1" name out rc execs
    mkdir -p "$BUILD/fuzz/artifacts"
    for name in "${FUZZ_TARGETS[@]}"; do
        log "fuzzing fuzz_$name for $seconds s"
        mkdir -p "$BUILD/fuzz/corpus-$name"
        rc=0
        out="$("$BUILD/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$BUILD/fuzz/artifacts/$name-" "$BUILD/fuzz/corpus-$name" "tests/fuzz/corpus/$name" 2>&1)" || rc=$?
        execs="$(printf '%s\n' "$out" | sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' | tail -1)"
        if [ "$rc" = 0 ]; then
            echo "fuzz_$name: ${execs:-?} inputs in $seconds s ($(( ${execs:-0} / seconds ))/s), no failure"
            count "fuzz_$name" 1 0
        else
            printf '%s\n' "$out" | grep -v '^#[0-9]' | tail -n 40
            echo "fuzz_$name FAILED (exit $rc); the input is in $BUILD/fuzz/artifacts/"
            count "fuzz_$name" 0 1
        fi
    done
}

run_browser_tests() {
    log "browser tests (headless Chromium)"
    local out rc=0
    # Every test with its time goes to build/browser-tests.log; failures and totals are shown here.
    out="$(node --test --test-reporter=spec --test-concurrency=1 tests/browser/ 2>&1)" || rc=$?
    printf '%s\n' "$out" > "$BUILD/browser-tests.log"
    printf '%s\n' "$out" | grep -E '^(✔|✖)' | sed -E 's/^(.{0,110}).*\(([0-9.]+)ms\).*/  \1 (\2 ms)/' | tail -n 120 || true
    printf '%s\n' "$out" | sed -n '/^✖ failing tests:/,$p' | head -n 80
    local pass fail
    pass="$(printf '%s\n' "$out" | sed -n 's/^ℹ pass \([0-9]*\)/\1/p' | tail -1)"
    fail="$(printf '%s\n' "$out" | sed -n 's/^ℹ fail \([0-9]*\)/\1/p' | tail -1)"
    [ -n "$pass" ] || { pass=0; fail=1; }
    [ "$rc" = 0 ] || [ "${fail:-0}" != 0 ] || fail=1
    count browser "$pass" "${fail:-0}"
}

cmd_test() {
    local t0=$SECONDS
    need_build_tools
    need_test_tools
    need_fuzz_tools
    build_native_tests
    build_asan_tests
    build_fuzz
    build_wasm_tests
    build_single_file
    run_native_tests
    run_asan_tests
    run_fuzz "${FUZZ_TEST_SECONDS:-20}"
    run_wasm_tests
    SITE_DIR="$SITE" SINGLE_FILE_HTML="$SINGLE_HTML" run_browser_tests
    log "summary ($((SECONDS - t0)) s)"
    for s in "${STAGES[@]}"; do echo "  $s"; done
    echo "$PASSED passed, $FAILED failed"
    [ "$FAILED" = 0 ]
}

case "${1:-}" in
    "") build_site; serve ;;
    site) build_site ;;
    test) cmd_test ;;
    bench) need_build_tools; need_test_tools; exec bash tests/bench/bench.sh ;;
    fuzz) build_fuzz; run_fuzz "$(( ${FUZZ_SECONDS:-300} / ${#FUZZ_TARGETS[@]} ))" ;;
    dist) cmd_dist "${2:-}" ;;
    *) die "unknown command '$1' (try: ./build.sh, ./build.sh test, ./build.sh fuzz, ./build.sh dist)" ;;
esac
