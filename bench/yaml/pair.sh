#!/bin/bash
# usage: pair.sh N rounds [threads]  -> interleaved base / new / oazapfts, fresh cache+out per run
N=$1; R=${2:-2}; T=$3
cd "$(git rev-parse --show-toplevel)"
for r in $(seq 1 $R); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  order="base new"; [ $((r % 2)) -eq 0 ] && order="new base"
  for which in $order; do
    dir=$PWD; [ $which = base ] && dir=${BASE:?BASE: a built copy to compare with}
    c=$(mktemp -d); o=$(mktemp -d)
    if [ -n "$T" ]; then export CATALOGEN_THREADS=$T; else unset CATALOGEN_THREADS; fi
    t=$( { CATALOGEN_CACHE_DIR=$c /usr/bin/time -f "%e %U %S %M" node $dir/bin/catalogen.js generate --quiet --catalogue .tmp/bench/catalogues/$N --out $o >/dev/null; } 2>&1 | tail -1)
    echo "round $r load $load $which T=${T:-default}: $t"
    rm -rf $c $o
  done
  o=$(mktemp -d)
  t=$( { cd bench/peers/.work/$N && /usr/bin/time -f "%e %U %S %M" ../../node_modules/.bin/oazapfts spec/openapi.json $o/api.ts >/dev/null; } 2>&1 | tail -1)
  echo "round $r load $load oazapfts: $t"; rm -rf $o
done
