#!/usr/bin/env bash
# Embedding Lab: one command to set up, build, serve and test. The builds are CMake presets
# (CMakePresets.json, one folder each under build/); the tests are one ctest run over all of them.
#
#   ./build.sh            install what is missing, build the web app into build/site, serve it
#   ./build.sh test       every stage built, then one ctest run: Catch2 suite native, under ASan+UBSan
#                         and as wasm under Node, fuzz (FUZZ_TEST_SECONDS a target, default 20), browser
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
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
IMGUI_VERSION=1.90.1
# Debian's Emscripten 3.1.6 finds its JavaScript modules (acorn) only through NODE_PATH.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'build.sh: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------
# Dependencies: Debian packages and npm modules, installed only when missing.
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"
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
    apt_install cmake make g++ procps python3-fonttools fonts-dejavu-core catch2 node-terser \
        $(command -v emcc >/dev/null || echo emscripten) $(command -v node >/dev/null || echo nodejs)
}

need_clang_tools() { apt_install clang libclang-rt-14-dev; }  # the asan and fuzz builds: clang, libFuzzer, sanitizer runtimes

need_test_tools() {
    apt_install chromium python3-numpy python3-torch $(command -v npm >/dev/null || echo npm)
    if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        log "npm ci (playwright-core; never downloads a browser)"
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    fi
}

# Dear ImGui 1.90.1 sources, never committed. In order: $IMGUI_DIR, the cached unpack in .deps,
# Debian's source package (trixie has 1.90.1). Nothing else: no other source is reachable from CI.
# apt reads a trixie deb-src entry from .deps/apt only, with its own lists and cache there:
# the machine's apt sources, lists and cache stay as they were.
fetch_imgui() {
    local stale=/etc/apt/sources.list.d/embedding-lab-imgui-src.sources  # ours, left by an older build.sh
    if [ -f "$stale" ]; then log "removing $stale"; as_root rm -f "$stale"; fi
    if [ -n "${IMGUI_DIR:-}" ]; then [ -f "$IMGUI_DIR/imgui.h" ] && return; die "IMGUI_DIR=$IMGUI_DIR has no imgui.h"; fi
    local dir="$DEPS/imgui-$IMGUI_VERSION" apt="$DEPS/apt" base=/etc/apt/sources.list.d/debian.sources
    if [ ! -f "$dir/imgui.h" ] && command -v apt-get >/dev/null && [ -f "$base" ]; then
        log "fetching Dear ImGui $IMGUI_VERSION (Debian source package)"
        mkdir -p "$apt/lists/partial" "$apt/cache" "$DEPS/src"
        # Same archive and keyring as the machine's own Debian entry, source indexes only.
        awk 'BEGIN{RS=""; FS="\n"} NR==1 { for (i = 1; i <= NF; i++) {
                if ($i ~ /^Types:/) print "Types: deb-src"; else if ($i ~ /^Suites:/) print "Suites: trixie";
                else if ($i ~ /^Components:/) print "Components: main"; else if ($i !~ /^#/) print $i } }' \
            "$base" > "$apt/imgui-src.sources"
        local opts=(-o "Dir::Etc::sourcelist=$apt/imgui-src.sources" -o Dir::Etc::sourceparts=-
                    -o "Dir::State::lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o APT::Sandbox::User=root)
        apt-get "${opts[@]}" update -qq && (cd "$DEPS/src" &&
            apt-get "${opts[@]}" source --download-only -qq "imgui=$IMGUI_VERSION+ds-1" >/dev/null) || true
        local tarball="$DEPS/src/imgui_$IMGUI_VERSION+ds.orig.tar.xz"
        if [ -f "$tarball" ]; then rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
            tar xf "$tarball" -C "$dir.tmp" --strip-components=1 && mv "$dir.tmp" "$dir"; fi
    fi
    if [ -f "$dir/imgui.h" ]; then export IMGUI_DIR="$dir"
    else die "Dear ImGui $IMGUI_VERSION: Debian's source package imgui=$IMGUI_VERSION+ds-1 could not be fetched; set IMGUI_DIR to a $IMGUI_VERSION checkout"; fi
}

# Builds: configure every time (a preset passes its cache variables, so a changed IMGUI_DIR or
# flag reaches an existing build folder), then build. Configure output goes to build/configure-<preset>.log.

configure() {  # configure <configure preset>
    mkdir -p "$BUILD"
    cmake --preset "$1" >"$BUILD/configure-$1.log" 2>&1 || { cat "$BUILD/configure-$1.log"; die "configuring $1 failed"; }
}

build() {  # build <configure preset> [build preset]
    configure "$1"
    # A preset whose compiler changed (asan: g++ before 2026-12-05) makes CMake delete the folder's
    # cache and configure without the preset's variables: once more, with them.
    if grep -q "require your cache to be deleted" "$BUILD/configure-$1.log"; then configure "$1"; fi
    log "building ${2:-$1}"
    cmake --build --preset "${2:-$1}" -j "$JOBS"
}

build_site() { need_build_tools; fetch_imgui; build site; }
build_single_file() { build_site; build site single-file; }

cmd_dist() {
    case "${1:-}" in
        "") build_site; rm -rf dist && mkdir -p dist && cp -r build/site/. dist/
            log "dist/: the static site (index.html, embed-example.html); copy it to any static host" ;;
        --single-file) build_single_file; rm -rf dist && mkdir -p dist && cp build/web/single/embedding-lab.html dist/
            log "dist/embedding-lab.html ($(($(stat -c %s dist/embedding-lab.html) / 1024)) KB): open it from disk or upload it as is" ;;
        *) die "unknown option '$1' for dist (try: ./build.sh dist --single-file)" ;;
    esac
}

serve() {
    log "serving build/site at http://localhost:${PORT:-8080}/  (Ctrl-C stops)"
    exec python3 -m http.server "${PORT:-8080}" --bind 127.0.0.1 --directory "$BUILD/site"
}

# Tests: every stage's build, then ONE ctest run (preset "all": build/all lists the other build
# folders). tests/cmake/count_results.py counts every case from ctest's and node's JUnit files.

kill_tree() {  # kill_tree pid: the process and everything it started
    local child
    for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
    kill "$1" 2>/dev/null || true
}

cmd_test() {
    local t0=$SECONDS rc=0 reports="$BUILD/web/browser-reports" lane="$BUILD/emscripten-builds.log"
    need_build_tools; need_test_tools; need_clang_tools; fetch_imgui
    # Two lanes at once: the Emscripten builds beside the native ones (g++, and clang for asan, whose
    # folder holds the fuzz targets too), their output kept in $lane and shown when they end. Each lane
    # leaves a core idle at times (a link, a long file, a library the next step waits on) and the other
    # fills it.
    mkdir -p "$BUILD"
    ( build wasm-test && build_single_file ) >"$lane" 2>&1 &
    local emscripten=$!
    trap "kill_tree $emscripten" EXIT  # a failed build here stops the other lane too
    build native; build asan  # asan: the sanitized suite and the fuzz targets
    log "the Emscripten builds (wasm-test, site, single-file), run beside the ones above:"
    wait "$emscripten" || { cat "$lane"; die "an Emscripten build failed (its output above)"; }
    trap - EXIT
    cat "$lane"
    configure all
    log "one ctest run: native, asan, fuzz, wasm, browser (labels; browser cases that time things run alone)"
    rm -rf "$reports"
    # A Catch2 file's closing line, from which its cases are counted, kept in ctest.xml however long its output.
    ctest --preset all --output-junit "$BUILD/ctest.xml" --timeout 1800 \
          --test-output-size-passed 1048576 --test-output-truncation middle || rc=$?
    log "builds and tests took $((SECONDS - t0)) s"
    python3 tests/cmake/count_results.py "$BUILD/ctest.xml" "$reports" || rc=1
    return "$rc"
}

case "${1:-}" in
    "") build_site; serve ;;
    site) build_site ;;
    test) cmd_test ;;
    bench) need_build_tools; need_test_tools; build bench; build bench-wasm; exec bash tests/bench/bench.sh ;;
    fuzz) need_build_tools; need_clang_tools; build asan fuzz
          FUZZ_TEST_SECONDS="$(( ${FUZZ_SECONDS:-300} / 2 ))" ctest --preset fuzz ;;
    dist) cmd_dist "${2:-}" ;;
    *) die "unknown command '$1' (try: ./build.sh, ./build.sh test, ./build.sh fuzz, ./build.sh dist)" ;;
esac
