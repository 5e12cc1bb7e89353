#!/usr/bin/env bash
# Before/after rounds of the lead's PutLoop (rank 0: 30 rounds of 2,000 x put(8 B) + flush(1) in a lockAll
# epoch; microseconds per put+flush per round) of two HyMPJ builds, BEFORE and AFTER, on thread ranks, 2 JVMs
# on a shared window and 2 JVMs over a buffer; REPEAT runs (default 3) of each, interleaved; putloop.csv gives
# the median per round. CLASSES is the directory of the compiled PutLoop.
# Run under the mvn lock: flock /tmp/hympj-mvn.lock putloop.sh BEFORE AFTER CLASSES OUT
set -euo pipefail
before="$1"; after="$2"; classes="$3"; out="$4"
repeat="${REPEAT:-3}"
mkdir -p "$out/raw"
source "$after/benchmarks/native/median.sh"
modes=(threads jvms2-shared jvms2)
run() {
  case "$2" in
    threads) (cd "$1" && ./hympjrun -np 2 -cp "$classes" PutLoop) ;;
    jvms2-shared) (cd "$1" && ./hympjrun -np 2 --jvms 2 -cp "$classes" PutLoop shared) ;;
    jvms2) (cd "$1" && ./hympjrun -np 2 --jvms 2 -cp "$classes" PutLoop) ;;
  esac
}
for r in $(seq "$repeat"); do
  for mode in "${modes[@]}"; do
    for build in before after; do
      dir=$before; [ "$build" = after ] && dir=$after
      run "$dir" "$mode" | awk '$1 == "round" { print $2, $3 }' > "$out/raw/putloop-$build-$mode.$r"
    done
  done
done
header="round"
joined=$(seq 0 29)
for mode in "${modes[@]}"; do
  for build in before after; do
    cat "$out/raw/putloop-$build-$mode".* | median > "$out/raw/putloop-$build-$mode.median"
    joined=$(join <(printf '%s\n' "$joined") "$out/raw/putloop-$build-$mode.median")
    header="$header,$mode $build"
  done
done
echo "$header (us per put+flush)" > "$out/putloop.csv"
printf '%s\n' "$joined" | sort -n | tr ' ' ',' >> "$out/putloop.csv"
column -t -s, "$out/putloop.csv"
