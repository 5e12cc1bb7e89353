#!/usr/bin/env bash
# Runs the OSU-lite tests on Open MPI (C, shared memory) and on HyMPJ on this machine, and
# prints the two columns side by side with their ratio. HyMPJ runs its ranks as threads of
# one JVM, or spread over JVMS processes (the rings in /dev/shm) if given.
#
# The machine is shared and noisy, and an OSU average over a few milliseconds is spoilt by
# one preemption, so the two suites run REPEAT times (default 3), interleaved, and each
# column is the median, per size, of its runs' averages.
#
# Needs Debian's openmpi-bin and libopenmpi-dev (apt-get install openmpi-bin libopenmpi-dev);
# the Java suite itself does not.
#   benchmarks/native/compare.sh latency 2      # test, ranks
#   benchmarks/native/compare.sh allreduce 4
#   benchmarks/native/compare.sh latency 2 2    # test, ranks, JVMs: 2 ranks in 2 processes
#   REPEAT=5 benchmarks/native/compare.sh bw 2 2
#   PLOT=latency.png benchmarks/native/compare.sh latency 2   # also draws both columns (OsuPlot)
#   CSV=results/latency benchmarks/native/compare.sh latency 2 # keeps "results/latency Open MPI.csv" and "... HyMPJ.csv"
# For mbw_mr the table compares MB/s (its first column); messages/s is MB/s * 1e6 / size.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
test="${1:-latency}"
ranks="${2:-2}"
jvms="${3:-1}"
repeat="${REPEAT:-3}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mpicc -O2 -o "$out/osu_lite" "$here/osu_lite.c"
[ -f "$root/benchmarks/target/benchmarks.jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package)
for r in $(seq "$repeat"); do
  mpirun --allow-run-as-root --oversubscribe -np "$ranks" "$out/osu_lite" "$test" > "$out/native.$r"
  "$root/hympjrun" -np "$ranks" --jvms "$jvms" -cp "$root/benchmarks/target/benchmarks.jar" \
    org.hympj.benchmarks.osu.OsuLite "$test" > "$out/hympj.$r"
done
# The median per size of the runs' values (input: "size value" lines).
median() {
  sort -k1,1n -k2,2g | awk '
    function flush() { if (n > 0) printf "%s %s\n", size, v[int((n + 1) / 2)] }
    !seen || $1 != size { flush(); size = $1; n = 0; seen = 1 }
    { v[++n] = $2 }
    END { flush() }'
}
cat "$out"/native.* | grep -v '^#' | awk '{ print $1, $2 }' | median > "$out/native.median"
cat "$out"/hympj.* | grep -v '^#' | awk '{ print $1, $2 }' | median > "$out/hympj.median"
head -1 "$out/native.1"
head -1 "$out/hympj.1" | sed "s/)\$/, $jvms JVMs)/"
echo "# median of $repeat interleaved runs per column"
unit=$(sed -n 2p "$out/native.1" | sed 's/# Size *//')
printf '%-10s %18s %18s %10s\n' "# Size" "Open MPI" "HyMPJ" "HyMPJ/OMPI"
join "$out/native.median" "$out/hympj.median" |
  awk -v unit="$unit" '{ printf "%-10s %18.2f %18.2f %10.2f\n", $1, $2, $3, ($2 > 0 ? $3 / $2 : 0) }'
echo "# $unit"
# The medians as OSU-lite CSV files, named for the legend of the plot.
case "$test" in bw|bibw|mbw_mr) csv_unit="MB/s" ;; *) csv_unit="us" ;; esac
for suite in native hympj; do
  name=$([ "$suite" = native ] && echo "Open MPI" || echo "HyMPJ")
  { echo "test,ranks,bytes,value,unit"
    awk -v t="$test" -v r="$ranks" -v u="$csv_unit" '{ printf "%s,%s,%s,%s,%s\n", t, r, $1, $2, u }' "$out/$suite.median"
  } > "$out/$name.csv"
  if [ -n "${CSV:-}" ]; then cp "$out/$name.csv" "${CSV} $name.csv"; fi
done
if [ -n "${PLOT:-}" ]; then
  java -cp "$root/benchmarks/target/benchmarks.jar" org.hympj.benchmarks.osu.OsuPlot "$PLOT" "$out/Open MPI.csv" "$out/HyMPJ.csv"
  echo "# plot: $PLOT"
fi
