#!/usr/bin/env bash
# Interpreted cost of put(8 B) + flush(1) between thread ranks: ProfLoop2 (PutLoop with -Drounds=3 -Dn=2000, the
# origin a direct buffer, or with -Dheap=true a heap one) under -Xint, of two HyMPJ builds, BEFORE and AFTER;
# REPEAT runs (default 3), interleaved; xint.csv gives the median over runs of the last round (microseconds).
# Run under the mvn lock: flock /tmp/hympj-mvn.lock xint.sh BEFORE AFTER CLASSES OUT
set -euo pipefail
before="$1"; after="$2"; classes="$3"; out="$4"
repeat="${REPEAT:-3}"
mkdir -p "$out/raw"
source "$after/benchmarks/native/median.sh"
for r in $(seq "$repeat"); do
  for origin in direct heap; do
    for build in before after; do
      dir=$before; [ "$build" = after ] && dir=$after
      heap=false; [ "$origin" = heap ] && heap=true
      (cd "$dir" && HYMPJ_JVM_OPTS="-Xint -Drounds=3 -Dn=2000 -Dheap=$heap" ./hympjrun -np 2 -cp "$classes" ProfLoop2) \
        | awk '$1 == "round" { print $2, $3 }' > "$out/raw/xint-$build-$origin.$r"
    done
  done
done
echo "origin buffer,before (us per put+flush),after (us per put+flush)" > "$out/xint.csv"
for origin in direct heap; do
  line="$origin"
  for build in before after; do
    line="$line,$(cat "$out/raw/xint-$build-$origin".* | awk '$1 == 2 { print 0, $2 }' | median | awk '{ print $2 }')"
  done
  echo "$line" >> "$out/xint.csv"
done
column -t -s, "$out/xint.csv"
