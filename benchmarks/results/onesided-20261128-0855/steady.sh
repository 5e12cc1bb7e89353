#!/usr/bin/env bash
# Steady state of put(8 B) + flush(1): ProfLoop (PutLoop with rounds of -Dn=200000 calls, -Drounds=6) of two
# HyMPJ builds, BEFORE and AFTER, on thread ranks, 2 JVMs on a shared window and 2 JVMs over a buffer; REPEAT
# runs (default 3), interleaved; steady.csv gives, per build and mode, the median over runs of the last round
# (microseconds per put+flush, after 1,000,000 calls).
# Run under the mvn lock: flock /tmp/hympj-mvn.lock steady.sh BEFORE AFTER CLASSES OUT
set -euo pipefail
before="$1"; after="$2"; classes="$3"; out="$4"
repeat="${REPEAT:-3}"
mkdir -p "$out/raw"
source "$after/benchmarks/native/median.sh"
modes=(threads jvms2-shared jvms2)
run() {
  export HYMPJ_JVM_OPTS="-Drounds=6 -Dn=200000"
  case "$2" in
    threads) (cd "$1" && ./hympjrun -np 2 -cp "$classes" ProfLoop) ;;
    jvms2-shared) (cd "$1" && ./hympjrun -np 2 --jvms 2 -cp "$classes" ProfLoop shared) ;;
    jvms2) (cd "$1" && ./hympjrun -np 2 --jvms 2 -cp "$classes" ProfLoop) ;;
  esac
}
for r in $(seq "$repeat"); do
  for mode in "${modes[@]}"; do
    for build in before after; do
      dir=$before; [ "$build" = after ] && dir=$after
      run "$dir" "$mode" | awk '$1 == "round" { print $2, $3 }' > "$out/raw/steady-$build-$mode.$r"
    done
  done
done
echo "mode,before (us per put+flush),after (us per put+flush)" > "$out/steady.csv"
for mode in "${modes[@]}"; do
  line="$mode"
  for build in before after; do
    line="$line,$(cat "$out/raw/steady-$build-$mode".* | awk '$1 == 5 { print 0, $2 }' | median | awk '{ print $2 }')"
  done
  echo "$line" >> "$out/steady.csv"
done
column -t -s, "$out/steady.csv"
