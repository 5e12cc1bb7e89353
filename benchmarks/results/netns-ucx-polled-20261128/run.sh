#!/bin/bash
# Two network-namespace nodes, one rank each, UCX with UCX_TLS=tcp: OsuLite latency on HyMPJ's
# bridge beside Open MPI's pml ucx, for two trees in turn (the one before and the one after
# UCX links read by the waiting rank), each built by JDK 25. Each compare.sh call holds the netns
# and mvn locks. Usage: run.sh RESULTS_DIR BEFORE_TREE AFTER_TREE
set -eu
d="$(cd "$1" && pwd)"
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 NODES=2 REPEAT=3 NET=ucx
for side in before after; do
  tree="$2"; [ "$side" = after ] && tree="$3"
  ITERATIONS=1000 CSV="$d/$side-latency" flock /tmp/hympj-netns.lock flock /tmp/hympj-mvn.lock \
    "$tree/benchmarks/native/compare.sh" latency 2 > "$d/$side-latency.txt" 2>&1 < /dev/null
done
