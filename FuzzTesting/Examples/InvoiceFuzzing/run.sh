#!/usr/bin/env bash
# Builds the example fuzzer, writes its seed corpus, fuzzes for at most FUZZ_SECONDS (60) and expects to
# find the bug planted in Invoice.decode(with:); then minimises the crashing input for at most
# FUZZ_MINIMIZE_SECONDS (30) and shows it.
# Exit status 0 means the bug was found (the point of the example); 1 means it was not.
#
# FUZZ_SCRATCH_PATH: build there instead of ./.build. CI points it at FuzzTesting/.build, whose library
# was just built with the same flags, so only this package's two targets are compiled.
set -euo pipefail
cd "$(dirname "$0")"
FLAGS=(-c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -g)
if [ -n "${FUZZ_SCRATCH_PATH:-}" ]; then FLAGS+=(--scratch-path "$FUZZ_SCRATCH_PATH"); fi
swift build "${FLAGS[@]}"
BIN=$(swift build "${FLAGS[@]}" --show-bin-path)
work=$(mktemp -d "${TMPDIR:-/tmp}/invoice-fuzz.XXXXXX")
export SWIFT_BACKTRACE=enable=off SWIFT_DETERMINISTIC_HASHING=1

FUZZ_WRITE_SEEDS="$work/corpus" "$BIN/FuzzInvoices"
start=$(date +%s)
set +e
"$BIN/FuzzInvoices" "$work/corpus" -max_total_time="${FUZZ_SECONDS:-60}" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$work/" -print_final_stats=1 >"$work/fuzz.log" 2>&1
status=$?
set -e
elapsed=$(($(date +%s) - start))
crash=$(find "$work" -maxdepth 1 -name 'crash-*' | head -n 1)
if [ "$status" -eq 0 ] || [ -z "$crash" ]; then
    echo "no crash found in ${elapsed}s (status $status); log: $work/fuzz.log"
    exit 1
fi
echo "found a crash after ${elapsed}s: $(grep -m1 -E 'Fatal error|ERROR: (libFuzzer|AddressSanitizer)' "$work/fuzz.log" || true)"
echo "where: $(awk '/ERROR: /{on=1} on && /#[0-9]+ .*\.swift:[0-9]+/ {print $NF; exit}' "$work/fuzz.log")"
# libFuzzer minimises in steps, each a child process, until a step finds nothing smaller; timeout stops
# the whole process group, and each step leaves its smaller input in place.
timeout "${FUZZ_MINIMIZE_SECONDS:-30}" "$BIN/FuzzInvoices" -minimize_crash=1 -runs=20000 -exact_artifact_path="$work/minimized" "$crash" >"$work/minimize.log" 2>&1 || true
[ -s "$work/minimized" ] || cp "$crash" "$work/minimized"
echo "minimised input ($(wc -c <"$work/minimized") bytes): $work/minimized"
if command -v xxd >/dev/null 2>&1; then xxd "$work/minimized" | head -n 20; else od -A x -t x1z "$work/minimized" | head -n 20; fi
echo "reproduce: $BIN/FuzzInvoices $work/minimized"
