#!/bin/bash
# usage: BASE=/path/to/built/copy threads.sh N rounds -> per round, base / new / oazapfts (order
# alternating): wall, user, sys (/usr/bin/time) and the CPU of the busiest thread (the one that
# runs generate, or oazapfts's main thread), read from /proc at exit (bench/cold/threads.cjs).
# On a machine whose other cores are busy, that thread's CPU is the steadier figure: with a core
# free it is about the wall time.
N=$1; R=${2:-5}
cd "$(git rev-parse --show-toplevel)"
pre=$PWD/bench/cold/threads.cjs
for r in $(seq 1 $R); do
  load=$(cut -d' ' -f1 /proc/loadavg)
  order="base new oazapfts"; [ $((r % 2)) -eq 0 ] && order="oazapfts new base"
  for which in $order; do
    t=$(mktemp -d); o=$t/out; c=$t/cache
    if [ $which = oazapfts ]; then
      mkdir -p $o
      x=$( { cd bench/peers/.work/$N && NODE_OPTIONS="-r $pre" /usr/bin/time -f "time %e %U %S" ../../node_modules/.bin/oazapfts spec/openapi.json $o/api.ts >/dev/null; } 2>&1)
    else
      dir=$PWD; [ $which = base ] && dir=${BASE:?BASE: a built copy to compare with}
      x=$( { CATALOGEN_CACHE_DIR=$c /usr/bin/time -f "time %e %U %S" node -r $pre $dir/bin/catalogen.js generate --quiet --catalogue .tmp/bench/catalogues/$N --out $o >/dev/null; } 2>&1)
    fi
    busiest=$(echo "$x" | grep '^threads' | sed 's/^threads //' | tr ' ' '\n' | sort -t: -k2 -rn | head -1)
    echo "$r $load $which $(echo "$x" | grep '^time' | sed 's/^time //') busiest=$busiest"
    rm -rf $t
  done
done
