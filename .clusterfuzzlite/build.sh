#!/bin/bash -eu
# Builds every libFuzzer harness of FuzzTesting/ into $OUT in the layout OSS-Fuzz and ClusterFuzzLite
# expect: per harness the executable, <name>_seed_corpus.zip (its seeds and every regression),
# <name>.dict and <name>.options (the libFuzzer flags Scripts/fuzz uses).
#
# In their image (base-builder-swift) `precompile_swift` sets SWIFTFLAGS for the chosen $SANITIZER.
# Without Docker, point SRC, OUT and WORK at local folders; SANITIZER defaults to address:
#   SRC=/tmp/src OUT=/tmp/out WORK=/tmp/work bash .clusterfuzzlite/build.sh
# .ci/run does exactly that after Scripts/fuzz build, so this build is then incremental.

: "${OUT:?set OUT to the folder that receives the fuzzers}"
: "${WORK:=${TMPDIR:-/tmp}}"
SANITIZER=${SANITIZER:-address}

# The project: the working directory in the image (WORKDIR), else the folder above this script.
if [ -f "$PWD/Package.swift" ] && [ -d "$PWD/FuzzTesting" ]; then
    ROOT=$PWD
else
    ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fi
cd "$ROOT"
mkdir -p "$OUT" "$WORK"

if command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
    CONFIG=debug   # what OSS-Fuzz's Swift projects build: its SWIFTFLAGS carry the sanitizers and -O where wanted
else
    case "$SANITIZER" in
    address) SWIFTFLAGS="--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -g" ;;
    thread) SWIFTFLAGS="--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,thread -Xswiftc -g" ;;
    *) echo "unsupported SANITIZER=$SANITIZER (address or thread)" >&2; exit 1 ;;
    esac
    CONFIG=release  # the same build as Scripts/fuzz build
fi

# shellcheck disable=SC2086
swift build -c "$CONFIG" $SWIFTFLAGS --package-path FuzzTesting
BIN=$(swift build -c "$CONFIG" $SWIFTFLAGS --package-path FuzzTesting --show-bin-path)

# One list of harnesses: Scripts/fuzz's (corpus folder, executable, dictionary).
count=0
while read -r target exe dict; do
    cp "$BIN/$exe" "$OUT/$exe"
    cp "$dict" "$OUT/$exe.dict"
    printf '[libfuzzer]\nmax_len = 65536\nrss_limit_mb = 2048\ntimeout = 10\n' >"$OUT/$exe.options"
    rm -f "$OUT/${exe}_seed_corpus.zip"
    seeds=()
    for d in "FuzzCorpus/$target" "FuzzCorpus/regressions/$target"; do
        [ -d "$d" ] && seeds+=("$d")
    done
    if [ ${#seeds[@]} -gt 0 ]; then
        # -j: flat, as ClusterFuzz unpacks it; -q: quiet; -X: no extra file attributes (stable bytes).
        find "${seeds[@]}" -type f ! -name '.*' -print0 | sort -z | xargs -0 zip -q -j -X "$OUT/${exe}_seed_corpus.zip"
    fi
    count=$((count + 1))
done < <(Scripts/fuzz list)
echo "build.sh: $count fuzzers with seed corpora, dictionaries and options in $OUT"
