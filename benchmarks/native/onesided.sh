#!/usr/bin/env bash
# One-sided communication on this machine: OSU-lite put/get latency, put/get bandwidth and
# accumulate latency (2 ranks, rank 0 the origin, lock_all + flush), Open MPI's C MPI_Put/MPI_Get
# (osc sm, and osc rdma over shared memory) beside HyMPJ's Win through Open MPI's Java API,
# on thread ranks and on 2 JVMs, over a buffer (Win(Buffer, ...)) and as a shared window
# (FLAVOR_SHARED, 2 JVMs); then the 1-D Jacobi stencil with halo messages against a
# shared-memory window (HyMPJ). Each suite runs REPEAT times (default 3), interleaved, and a
# table gives the median per size. Raw outputs and CSVs go to OUT (default
# benchmarks/results/onesided-<stamp>).
# Run it while no build runs: flock /tmp/hympj-mvn.lock benchmarks/native/onesided.sh
# Needs Debian's openmpi-bin and libopenmpi-dev, and benchmarks/target/benchmarks.jar
# (mvn -pl benchmarks -am package -DskipTests).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
repeat="${REPEAT:-3}"
out="${OUT:-$root/benchmarks/results/onesided-$(date -u +%Y%m%d-%H%M)}"
mkdir -p "$out"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
mpicc -O3 -march=native -o "$bin/osu_onesided" "$here/osu_onesided.c"
jar="$root/benchmarks/target/benchmarks.jar"
native() { mpirun --allow-run-as-root --oversubscribe -np 2 --mca osc "$1" "$bin/osu_onesided" "$2" "$3"; }
hympj() { "$root/hympjrun" -np 2 --jvms "$1" -cp "$jar" org.hympj.benchmarks.osu.OsuOneSided "$2" "$3" "$4"; }
columns=("Open MPI C osc sm" "Open MPI C osc rdma" "HyMPJ threads" "HyMPJ 2 JVMs" "HyMPJ 2 JVMs shared window")
files=(c-sm c-rdma hympj-jvms1 hympj-jvms2 hympj-jvms2-shared)
# shellcheck source=median.sh
source "$here/median.sh"
for test in put_latency get_latency acc_latency put_bw get_bw; do
  case "$test" in *_bw) max=1048576 ;; *) max=4096 ;; esac
  for r in $(seq "$repeat"); do
    native sm "$test" "$max" > "$out/c-sm-$test.$r"
    native rdma "$test" "$max" > "$out/c-rdma-$test.$r"
    hympj 1 "$test" "$max" create > "$out/hympj-jvms1-$test.$r"
    hympj 2 "$test" "$max" create > "$out/hympj-jvms2-$test.$r"
    hympj 2 "$test" "$max" shared > "$out/hympj-jvms2-shared-$test.$r"
  done
  unit=$(sed -n 2p "$out/c-sm-$test.1" | sed 's/# Size *//')
  csv="$out/$test.csv"
  echo "bytes,$(IFS=,; echo "${columns[*]}") ($unit)" > "$csv"
  for f in "${files[@]}"; do
    cat "$out/$f-$test".* | grep -v '^#' | median > "$out/$f-$test.median"
  done
  join "$out/c-sm-$test.median" "$out/c-rdma-$test.median" | join - "$out/hympj-jvms1-$test.median" |
    join - "$out/hympj-jvms2-$test.median" | join - "$out/hympj-jvms2-shared-$test.median" | tr ' ' ',' >> "$csv"
  echo "# $test, 2 ranks, $unit (median of $repeat interleaved runs)"
  column -t -s, "$csv"
done
for r in $(seq "$repeat"); do
  for jvms in 1 2; do
    "$root/hympjrun" -np 2 --jvms "$jvms" -cp "$jar" org.hympj.benchmarks.stencil.SharedWindowStencil 65536 200 3 \
      > "$out/stencil-jvms$jvms.$r"
  done
done
echo "ranks,JVMs,messages us/step,shared window us/step" > "$out/stencil.csv"
for jvms in 1 2; do
  m=$(cat "$out/stencil-jvms$jvms".* | awk '$1 == "messages" { print 0, $2 }' | median | awk '{ print $2 }')
  s=$(cat "$out/stencil-jvms$jvms".* | awk '$1 == "shared-window" { print 0, $2 }' | median | awk '{ print $2 }')
  echo "2,$jvms,$m,$s" >> "$out/stencil.csv"
done
echo "# 1-D Jacobi, 2 ranks, 65536 cells a rank, 200 steps (median of $repeat runs of the best of 3)"
column -t -s, "$out/stencil.csv"
