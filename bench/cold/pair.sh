#!/bin/bash
# usage: BASE=/path/to/built/copy pair.sh N rounds  -> interleaved base / new / oazapfts per round,
# cold: the output folder absent (as bench:peers), a fresh CATALOGEN_CACHE_DIR per run.
# Prints: round, 1-minute load, which, wall s, user s, sys s, max RSS KB.
# Each run's output is removed only after the last round: on ext4 without a journal, files removed
# in the last 30 s make every create look further for a free inode, which would slow the next
# run's 5,471 creates (at 10,000 operations) and not oazapfts's one.
N=$1; R=${2:-5}
cd "$(git rev-parse --show-toplevel)"
made=$(mktemp -d)
trap 'rm -rf "$made"' EXIT
for r in $(seq 1 $R); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  order="base new oazapfts"; [ $((r % 2)) -eq 0 ] && order="oazapfts new base"
  for which in $order; do
    t=$(mktemp -d -p "$made"); o=$t/out; c=$t/cache
    if [ $which = oazapfts ]; then
      mkdir -p $o
      x=$( { cd bench/peers/.work/$N && /usr/bin/time -f "%e %U %S %M" ../../node_modules/.bin/oazapfts spec/openapi.json $o/api.ts >/dev/null; } 2>&1 | tail -1)
    else
      dir=$PWD; [ $which = base ] && dir=${BASE:?BASE: a built copy to compare with}
      x=$( { CATALOGEN_CACHE_DIR=$c /usr/bin/time -f "%e %U %S %M" node $dir/bin/catalogen.js generate --quiet --catalogue .tmp/bench/catalogues/$N --out $o >/dev/null; } 2>&1 | tail -1)
    fi
    echo "$r $load $which $x"
  done
done
