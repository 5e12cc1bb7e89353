#!/bin/bash
# Two network-namespace nodes, one rank each: OsuLite latency and bw on HyMPJ's bridge and on
# Open MPI's C twin, over TCP (NET=tcp) and over UCX with UCX_TLS=tcp (NET=ucx). Each compare.sh
# call holds the netns and mvn locks on its own. Usage: run.sh RESULTS_DIR
set -eu
root="$(cd "$(dirname "$0")/../../.." && pwd)"
d="$(cd "$1" && pwd)"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 NODES=2 REPEAT=3
for net in ${NETS:-tcp ucx}; do
  NET=$net ITERATIONS=1000 NET_LOG="$d" CSV="$d/$net-latency" flock /tmp/hympj-netns.lock flock /tmp/hympj-mvn.lock \
    "$root/benchmarks/native/compare.sh" latency 2 > "$d/$net-latency.txt" 2>&1 < /dev/null
  NET=$net ITERATIONS=50 CSV="$d/$net-bw" flock /tmp/hympj-netns.lock flock /tmp/hympj-mvn.lock \
    "$root/benchmarks/native/compare.sh" bw 2 > "$d/$net-bw.txt" 2>&1 < /dev/null
done
