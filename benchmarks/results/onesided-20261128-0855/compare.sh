#!/usr/bin/env bash
# Before/after one-sided latency on this machine, interleaved: OSU-lite put/get/accumulate latency
# (OsuOneSided, 100 untimed + 1,000 timed iterations of one operation + flush per size, lockAll epoch)
# of two HyMPJ builds, BEFORE and AFTER (each a built tree with hympjrun), on thread ranks, 2 JVMs
# over a buffer and 2 JVMs on a shared window, beside Open MPI's C (osc sm). REPEAT runs (default 3)
# of each, interleaved; the CSVs give the median per size.
# Run under the mvn lock: flock /tmp/hympj-mvn.lock compare.sh BEFORE AFTER OUT
set -euo pipefail
before="$1"; after="$2"; out="$3"
repeat="${REPEAT:-3}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
native_dir="$after/benchmarks/native"
mkdir -p "$out/raw"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
mpicc -O3 -march=native -o "$bin/osu_onesided" "$native_dir/osu_onesided.c"
# shellcheck source=/dev/null
source "$native_dir/median.sh"
hympj() { (cd "$1" && ./hympjrun -np 2 --jvms "$2" -cp benchmarks/target/benchmarks.jar org.hympj.benchmarks.osu.OsuOneSided "$3" 4096 "$4"); }
files=(c-sm before-threads after-threads before-jvms2 after-jvms2 before-jvms2-shared after-jvms2-shared)
for test in put_latency get_latency acc_latency; do
  for r in $(seq "$repeat"); do
    mpirun --allow-run-as-root --oversubscribe -np 2 --mca osc sm "$bin/osu_onesided" "$test" 4096 > "$out/raw/c-sm-$test.$r"
    for build in before after; do
      dir=$before; [ "$build" = after ] && dir=$after
      hympj "$dir" 1 "$test" create > "$out/raw/$build-threads-$test.$r"
      hympj "$dir" 2 "$test" create > "$out/raw/$build-jvms2-$test.$r"
      hympj "$dir" 2 "$test" shared > "$out/raw/$build-jvms2-shared-$test.$r"
    done
  done
  for f in "${files[@]}"; do
    cat "$out/raw/$f-$test".* | grep -v '^#' | median > "$out/raw/$f-$test.median"
  done
  csv="$out/$test.csv"
  echo "bytes,Open MPI C osc sm,HyMPJ threads before,HyMPJ threads after,HyMPJ 2 JVMs before,HyMPJ 2 JVMs after,HyMPJ 2 JVMs shared before,HyMPJ 2 JVMs shared after (us)" > "$csv"
  joined=$(cat "$out/raw/c-sm-$test.median")
  for f in "${files[@]:1}"; do
    joined=$(join <(printf '%s\n' "$joined") "$out/raw/$f-$test.median")
  done
  echo "$joined" | tr ' ' ',' >> "$csv"
  echo "# $test, 2 ranks, us (median of $repeat interleaved runs)"
  column -t -s, "$csv"
done
