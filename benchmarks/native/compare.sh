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
#
# Across nodes (NODES=2 or more; root and iproute2): the nodes are network namespaces joined by
# veth pairs and a bridge (a run of scripts/netns-cluster.sh of its own, removed at the end), ranks in blocks of
# ranks/NODES per node; Open MPI runs from node 0, unbound (--bind-to none: every namespace
# sees the same cores, and binding would put each node's first rank on the same core), HyMPJ over its
# net-bridge, with JVMS JVMs per node (1: the node's leader carries all its ranks' traffic;
# = ranks per node: every rank its own JVM and its own connections).
#   NODES=2 benchmarks/native/compare.sh latency 2
#   NODES=2 benchmarks/native/compare.sh mbw_mr 8 1     # 4 ranks per node, leader aggregation
#   NODES=2 benchmarks/native/compare.sh mbw_mr 8 4     # 4 ranks per node, direct connections
# NET picks the transport between nodes: NET=tcp (the default) runs Open MPI's ob1 over its TCP
# byte transfer layer (--mca pml ob1 --mca btl tcp,self) and HyMPJ's bridge over TCP (--net tcp);
# NET=ucx runs Open MPI's UCX layer (--mca pml ucx, told to accept any UCX transport and device,
# which it otherwise refuses without InfiniBand) and HyMPJ's bridge over UCX (--net ucx; HyMPJ
# built by a JDK 22 or later, JAVA_HOME one too), both with UCX_TLS=tcp and UCX_NET_DEVICES=eth0,
# the namespaces' link. NET_LOG=DIR first runs each side once more, untimed, with Open MPI's
# component choice (pml_base_verbose, btl_base_verbose) and UCX's (UCX_LOG_LEVEL=info) logged,
# into DIR/openmpi-NET.log and DIR/hympj-NET.log, to show which transport each side really used.
#   NODES=2 NET=ucx JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 benchmarks/native/compare.sh latency 2
# API=ompi runs the HyMPJ side through Open MPI's Java API (BUFFERS=direct, the default, or heap)
# instead of mpiJava's. The non-blocking collective tests (iallreduce, ibcast, ialltoall, ibarrier)
# run OsuNonBlocking, always on Open MPI's API; their table compares the Overall(us) column, or
# COLUMN=5 their Overlap(%) (COLUMN=N picks the Nth column of any test's output).
#   API=ompi benchmarks/native/compare.sh latency 2 2
#   COLUMN=5 benchmarks/native/compare.sh iallreduce 2
# ITERATIONS=N runs N timed iterations of every size in both suites (N/10 untimed first) instead of OSU's counts.
# FLAT=1 adds a third column, interleaved with the others: HyMPJ with its flat collective
# algorithms (-Dhympj.collectives.hierarchical=false), to show what the node-aware ones change.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
test="${1:-latency}"
ranks="${2:-2}"
jvms="${3:-1}"
repeat="${REPEAT:-3}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mpicc -O3 -march=native -o "$out/osu_lite" "$here/osu_lite.c"
[ -f "$root/benchmarks/target/benchmarks.jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package)
nodes="${NODES:-1}"
native_args=("$test")
hympj_args=("$test")
if [ -n "${ITERATIONS:-}" ]; then
  native_args+=(0 "$ITERATIONS" $(( ITERATIONS / 10 )))
  hympj_args+=(--iterations "$ITERATIONS" --warmup $(( ITERATIONS / 10 )))
fi
class=org.hympj.benchmarks.osu.OsuLite
case "$test" in iallreduce|ibcast|ialltoall|ibarrier) class=org.hympj.benchmarks.osu.OsuNonBlocking ;; esac
if [ "${API:-mpijava}" = ompi ] && [ "$class" = org.hympj.benchmarks.osu.OsuLite ]; then
  hympj_args+=(--api ompi --buffers "${BUFFERS:-direct}")
fi
column="${COLUMN:-2}"
if [ "$nodes" -gt 1 ]; then
  per_node=$(( ranks / nodes ))
  read -r run subnet < <("$root/scripts/netns-cluster.sh" start "$nodes") || true
  [ -n "${subnet:-}" ] || { echo "compare.sh: netns-cluster.sh start $nodes failed" >&2; exit 1; }
  trap 'rm -rf "$out"; "$root/scripts/netns-cluster.sh" stop "$run"' EXIT
  ompi_hosts=$(for n in $(seq "$nodes"); do printf '%s%d:%d,' "${subnet%0/24}" "$n" "$per_node"; done | sed 's/,$//')
  hympj_hosts=$(for n in $(seq 0 $((nodes - 1))); do printf 'hympj-%s-n%d,' "$run" "$n"; done | sed 's/,$//')
  case "${NET:-tcp}" in
    tcp)
      ompi_net=(--mca pml ob1 --mca btl tcp,self --mca btl_tcp_if_include "$subnet")
      ompi_log=(--mca pml_base_verbose 10 --mca btl_base_verbose 30) ;;
    ucx)
      export UCX_TLS=tcp UCX_NET_DEVICES=eth0
      ompi_net=(--mca pml ucx --mca pml_ucx_tls any --mca pml_ucx_devices any -x UCX_TLS -x UCX_NET_DEVICES)
      ompi_log=(--mca pml_base_verbose 10 --mca pml_ucx_verbose 10 -x UCX_LOG_LEVEL=info) ;;
    *) echo "compare.sh: NET is tcp or ucx, not ${NET}" >&2; exit 1 ;;
  esac
  native() {
    # From node 0, with its own host name: Open MPI tells nodes apart by name. Arguments: extra mpirun options.
    "$root/scripts/netns-rsh" "hympj-$run-n0" mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" --host "$ompi_hosts" \
      --mca plm_rsh_agent "$root/scripts/netns-rsh" "${ompi_net[@]}" "$@" \
      --mca oob_tcp_if_include "$subnet" "$out/osu_lite" "${native_args[@]}"
  }
  hympj() {
    "$root/hympjrun" -np "$ranks" --hosts "$hympj_hosts" --ranks-per-node "$per_node" --jvms-per-node "$jvms" \
      --rsh "$root/scripts/netns-rsh" --net-address "$subnet" --net "${NET:-tcp}" \
      -cp "$root/benchmarks/target/benchmarks.jar" "$class" "${hympj_args[@]}"
  }
  if [ -n "${NET_LOG:-}" ]; then
    mkdir -p "$NET_LOG"
    native "${ompi_log[@]}" > "$NET_LOG/openmpi-${NET:-tcp}.log" 2>&1
    UCX_LOG_LEVEL=info hympj > "$NET_LOG/hympj-${NET:-tcp}.log" 2>&1
  fi
else
  native() { mpirun --allow-run-as-root --oversubscribe -np "$ranks" "$out/osu_lite" "${native_args[@]}"; }
  hympj() {
    "$root/hympjrun" -np "$ranks" --jvms "$jvms" -cp "$root/benchmarks/target/benchmarks.jar" \
      "$class" "${hympj_args[@]}"
  }
fi
flat="${FLAT:-0}"
for r in $(seq "$repeat"); do
  native > "$out/native.$r"
  hympj > "$out/hympj.$r"
  if [ "$flat" = 1 ]; then
    HYMPJ_JVM_OPTS="${HYMPJ_JVM_OPTS:-} -Dhympj.collectives.hierarchical=false" hympj > "$out/flat.$r"
  fi
done
# shellcheck source=median.sh
source "$here/median.sh"
cat "$out"/native.* | grep -v '^#' | awk -v c="$column" '{ print $1, $c }' | median > "$out/native.median"
cat "$out"/hympj.* | grep -v '^#' | awk -v c="$column" '{ print $1, $c }' | median > "$out/hympj.median"
if [ "$flat" = 1 ]; then
  cat "$out"/flat.* | grep -v '^#' | awk -v c="$column" '{ print $1, $c }' | median > "$out/flat.median"
fi
head -1 "$out/native.1"
head -1 "$out/hympj.1" | sed "s/)\$/, $jvms JVMs$([ "$nodes" -gt 1 ] && echo " per node, $nodes nodes"))/"
echo "# median of $repeat interleaved runs per column"
unit=$(sed -n 2p "$out/native.1" | sed 's/# Size *//')
if [ "$flat" = 1 ]; then
  printf '%-10s %18s %18s %10s %18s %12s\n' "# Size" "Open MPI" "HyMPJ" "HyMPJ/OMPI" "HyMPJ flat" "HyMPJ/flat"
  join "$out/native.median" "$out/hympj.median" | join - "$out/flat.median" |
    awk '{ printf "%-10s %18.2f %18.2f %10.2f %18.2f %12.2f\n", $1, $2, $3, ($2 > 0 ? $3 / $2 : 0), $4, ($4 > 0 ? $3 / $4 : 0) }'
else
  printf '%-10s %18s %18s %10s\n' "# Size" "Open MPI" "HyMPJ" "HyMPJ/OMPI"
  join "$out/native.median" "$out/hympj.median" |
    awk '{ printf "%-10s %18.2f %18.2f %10.2f\n", $1, $2, $3, ($2 > 0 ? $3 / $2 : 0) }'
fi
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
