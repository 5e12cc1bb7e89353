#!/usr/bin/env bash
# MPI-IO write bandwidth of Open MPI (C; its ompio and ROMIO components) and of HyMPJ (Open MPI's
# Java API; ranks as threads of one JVM, and one JVM per rank) on this machine: the tests of
# mpiio_lite.c and MpiIoLite, each rank writing 1 MiB to 64 MiB into a file of DIR.
#
# The four columns run REPEAT times (default 3), interleaved, and each is the median, per size,
# of its runs' medians. Hold the build lock while it runs, so that no build shares the cores:
#   flock /tmp/hympj-mvn.lock benchmarks/native/mpiio-compare.sh write_at_all 2 /tmp
#   flock /tmp/hympj-mvn.lock benchmarks/native/mpiio-compare.sh write_at_all_interleaved 2 /dev/shm
#   CSV=benchmarks/results/mpiio-X/write_at_all-tmp benchmarks/native/mpiio-compare.sh write_at_all 2 /tmp
# With CSV=PREFIX it also writes "PREFIX.csv": test,ranks,dir,bytes,column,MB/s rows.
# Needs Debian's openmpi-bin and libopenmpi-dev; benchmarks/target/benchmarks.jar must be built.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
test="${1:-write_at_all}"
ranks="${2:-2}"
dir="${3:-/tmp}"
repeat="${REPEAT:-3}"
min="${MIN:-1048576}"
max="${MAX:-67108864}"
reps="${REPS:-5}"
out="$(mktemp -d)"
work="$(mktemp -d "$dir/mpiio-compare.XXXXXX")"
trap 'rm -rf "$out" "$work"' EXIT
mpicc -O3 -o "$out/mpiio_lite" "$here/mpiio_lite.c"
[ -f "$root/benchmarks/target/benchmarks.jar" ] || { echo "mpiio-compare.sh: build benchmarks/target/benchmarks.jar first" >&2; exit 1; }
columns=(ompio romio hympj-threads hympj-jvms)
run() {
  case "$1" in
    ompio) mpirun --allow-run-as-root --oversubscribe -np "$ranks" --mca io ompio "$out/mpiio_lite" "$test" "$work" "$min" "$max" "$reps" ;;
    romio) mpirun --allow-run-as-root --oversubscribe -np "$ranks" --mca io romio321 "$out/mpiio_lite" "$test" "$work" "$min" "$max" "$reps" ;;
    hympj-threads) "$root/hympjrun" -np "$ranks" -cp "$root/benchmarks/target/benchmarks.jar" \
        org.hympj.benchmarks.mpiio.MpiIoLite "$test" "$work" "$min" "$max" "$reps" ;;
    hympj-jvms) "$root/hympjrun" -np "$ranks" --jvms "$ranks" -cp "$root/benchmarks/target/benchmarks.jar" \
        org.hympj.benchmarks.mpiio.MpiIoLite "$test" "$work" "$min" "$max" "$reps" ;;
  esac
}
for r in $(seq "$repeat"); do
  for c in "${columns[@]}"; do
    run "$c" > "$out/$c.$r"
  done
done
# shellcheck source=median.sh
source "$here/median.sh"
for c in "${columns[@]}"; do
  cat "$out/$c".* | grep -v '^#' | median > "$out/$c.median"
done
echo "# MPI-IO-lite $test, $ranks ranks, files in $dir ($(df --output=fstype "$dir" | tail -1)); MB/s, median of $repeat interleaved runs"
printf '%-10s %12s %12s %14s %12s\n' "# Size" "ompio" "romio321" "HyMPJ threads" "HyMPJ JVMs"
join "$out/ompio.median" "$out/romio.median" | join - "$out/hympj-threads.median" | join - "$out/hympj-jvms.median" |
  awk '{ printf "%-10s %12.1f %12.1f %14.1f %12.1f\n", $1, $2, $3, $4, $5 }'
if [ -n "${CSV:-}" ]; then
  {
    echo "test,ranks,dir,bytes,column,MB/s"
    for c in "${columns[@]}"; do
      awk -v t="$test" -v n="$ranks" -v d="$dir" -v c="$c" '{ printf "%s,%s,%s,%s,%s,%s\n", t, n, d, $1, c, $2 }' "$out/$c.median"
    done
  } > "$CSV.csv"
fi
