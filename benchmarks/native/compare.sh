#!/usr/bin/env bash
# Runs the OSU-lite tests on Open MPI (C, shared memory) and on HyMPJ one after the other, on
# this machine, and prints the two columns side by side with their ratio. HyMPJ runs its ranks
# as threads of one JVM, or spread over JVMS processes (the rings in /dev/shm) if given.
# Needs Debian's openmpi-bin and libopenmpi-dev (apt-get install openmpi-bin libopenmpi-dev);
# the Java suite itself does not.
#   benchmarks/native/compare.sh latency 2      # test, ranks
#   benchmarks/native/compare.sh allreduce 4
#   benchmarks/native/compare.sh latency 2 2    # test, ranks, JVMs: 2 ranks in 2 processes
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
test="${1:-latency}"
ranks="${2:-2}"
jvms="${3:-1}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mpicc -O2 -o "$out/osu_lite" "$here/osu_lite.c"
[ -f "$root/benchmarks/target/benchmarks.jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package)
mpirun --allow-run-as-root --oversubscribe -np "$ranks" "$out/osu_lite" "$test" > "$out/native.txt"
"$root/hympjrun" -np "$ranks" --jvms "$jvms" -cp "$root/benchmarks/target/benchmarks.jar" org.hympj.benchmarks.osu.OsuLite "$test" > "$out/hympj.txt"
head -1 "$out/native.txt"
head -1 "$out/hympj.txt" | sed "s/)\$/, $jvms JVMs)/"
unit=$(sed -n 2p "$out/native.txt" | sed 's/# Size *//')
printf '%-10s %18s %18s %10s\n' "# Size" "Open MPI" "HyMPJ" "HyMPJ/OMPI"
paste <(grep -v '^#' "$out/native.txt") <(grep -v '^#' "$out/hympj.txt") |
  awk -v unit="$unit" '{ printf "%-10s %18.2f %18.2f %10.2f\n", $1, $2, $4, ($2 > 0 ? $4 / $2 : 0) }'
echo "# $unit"
