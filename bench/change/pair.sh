#!/bin/bash
# usage: BASE=/path/to/built/copy bash bench/change/pair.sh [rounds] [operations]
# One changed operation, paired: per round, each side (base, then new; the order alternates by
# round) edits getDiscrepancies' summary in its own copy of .tmp/bench/catalogues/N (default
# 10,000: `node bench/main.mjs catalogues` writes it), runs `catalogen generate` against its kept
# output and cache, then a no-op run. Each side's first run (not printed) is the cold one that
# makes its output and cache. Prints: round, 1-minute load, which, change wall s, no-op wall s.
set -euo pipefail
R=${1:-6}; N=${2:-10000}
cd "$(git rev-parse --show-toplevel)"
NEW=$PWD; BASE=${BASE:?BASE: a built copy to compare with}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
seconds() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo "scale=3; ($e - $s) / 1000000000" | bc; }
for which in base new; do
  cp -r ".tmp/bench/catalogues/$N" "$WORK/$which-cat"
  root=$NEW; [ $which = base ] && root=$BASE
  (cd "$WORK" && CATALOGEN_CACHE_DIR="$WORK/$which-cache" node "$root/bin/catalogen.js" generate --catalogue "$which-cat" --out "$which-out" >/dev/null)
done
for r in $(seq 1 "$R"); do
  order="base new"; [ $((r % 2)) -eq 0 ] && order="new base"
  for which in $order; do
    root=$NEW; [ $which = base ] && root=$BASE
    sed -i -E "s/^(    summary: Supply discrepancies)( \(edit [0-9]+\))?$/\1 (edit $r)/" "$WORK/$which-cat/supplies.yaml"
    run() { (cd "$WORK" && CATALOGEN_CACHE_DIR="$WORK/$which-cache" node "$root/bin/catalogen.js" generate --catalogue "$which-cat" --out "$which-out"); }
    change=$(seconds run); noop=$(seconds run)
    echo "$r $(cut -d' ' -f1 /proc/loadavg) $which $change $noop"
  done
done
