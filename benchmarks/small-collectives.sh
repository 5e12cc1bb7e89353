#!/usr/bin/env bash
# Small collectives (8 to 64 bytes) as OSU-lite times them, on 2 and 4 ranks: HyMPJ's thread ranks
# and one JVM per rank, with the communicator's shared-memory area (variant "area", the default)
# and without it (variant "messages", -Dhympj.collectives.heap.bytes=0), beside Open MPI's C twin
# (benchmarks/native/osu_lite.c, mpirun --oversubscribe). Phase "osu" uses OSU's counts (what a
# plain program's first calls see); phase "long" 20,000 untimed and 10,000 timed calls per size.
# Rounds interleave every configuration (ROUNDS, default 3). CSV columns:
# impl,variant,mode,ranks,test,phase,bytes,us,run to OUT (default
# benchmarks/results/small-collectives-<UTC date and time>.csv).
#   benchmarks/small-collectives.sh
#   TESTS="allgather" RANKS="2" ROUNDS=1 benchmarks/small-collectives.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${OUT:-$here/results/small-collectives-$(date -u +%Y%m%d-%H%M).csv}"
mkdir -p "$(dirname "$out")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
jar="$root/benchmarks/target/benchmarks.jar"
[ -f "$jar" ] || (cd "$root" && mvn -q -B -DskipTests package)
native=""
if command -v mpicc >/dev/null && mpicc -O3 -march=native -o "$tmp/osu_lite" "$here/native/osu_lite.c" 2>"$tmp/mpicc.err"; then
  native="$tmp/osu_lite"
else
  echo "small-collectives.sh: no Open MPI column (apt-get install openmpi-bin libopenmpi-dev)" >&2
fi
echo "impl,variant,mode,ranks,test,phase,bytes,us,run" > "$out"
for run in $(seq "${ROUNDS:-3}"); do
  for test in ${TESTS:-allgather alltoall allreduce}; do
    for np in ${RANKS:-2 4}; do
      for phase in osu long; do
        java_counts=""; c_counts="64"
        if [ "$phase" = long ]; then java_counts="--iterations 10000 --warmup 20000"; c_counts="64 10000 20000"; fi
        for mode in threads jvms; do
          jvms=1; [ "$mode" = jvms ] && jvms=$np
          for variant in area messages; do
            option=""; [ "$variant" = messages ] && option="-Dhympj.collectives.heap.bytes=0"
            # shellcheck disable=SC2086
            HYMPJ_JVM_OPTS="${HYMPJ_JVM_OPTS:-} $option" "$root/hympjrun" -np "$np" --jvms "$jvms" -cp "$jar" \
              org.hympj.benchmarks.osu.OsuLite "$test" --max 64 $java_counts \
              | awk -v t="$test" -v m="$mode" -v v="$variant" -v r="$run" -v n="$np" -v p="$phase" \
                  '/^[0-9]/ {print "hympj," v "," m "," n "," t "," p "," $1 "," $2 "," r}' | tee -a "$out"
          done
        done
        if [ -n "$native" ]; then
          # shellcheck disable=SC2086
          mpirun --allow-run-as-root --oversubscribe -np "$np" "$native" "$test" $c_counts \
            | awk -v t="$test" -v r="$run" -v n="$np" -v p="$phase" \
                '/^[0-9]/ {print "openmpi,c,processes," n "," t "," p "," $1 "," $2 "," r}' | tee -a "$out"
        fi
      done
    done
  done
done
