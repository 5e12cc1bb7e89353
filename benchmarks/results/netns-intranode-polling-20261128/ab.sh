#!/usr/bin/env bash
# ab.sh BEFORE_TREE AFTER_TREE ROUNDS REPS: NodePairs.java (here) on two network-namespace nodes, 4 ranks, 2 per
# node: ranks 0 and 1 (node 0) ping-pong 8 bytes, ROUNDS rounds of 10,000 round trips, rank 0 printing each
# round's one-way latency in us; ranks 2 and 3 (node 1) sleep, so the job's only traffic stays within node 0
# and no more ranks spin than the machine has cores. --jvms-per-node 1 (thread ranks) and 2 (two JVMs, rings),
# each tree in turn, REPS times. Root, iproute2; run under the build and netns locks:
#   flock /tmp/hympj-netns.lock flock /tmp/hympj-mvn.lock benchmarks/results/netns-intranode-polling-20261128/ab.sh A B 20 3
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
before="$1"; after="$2"; rounds="$3"; reps="$4"
classes="$(mktemp -d)"
javac -cp "$after/mpi/target/classes" -d "$classes" "$here/NodePairs.java"
read -r run subnet < <("$after/scripts/netns-cluster.sh" start 2)
trap '"$after/scripts/netns-cluster.sh" stop "$run"; rm -rf "$classes"' EXIT
hosts="hympj-$run-n0,hympj-$run-n1"
for r in $(seq "$reps"); do
  for j in 1 2; do
    for tree in "$before" "$after"; do
      printf '%s jvms-per-node %s run %s:' "$(basename "$tree")" "$j" "$r"
      "$tree/hympjrun" -np 4 --hosts "$hosts" --ranks-per-node 2 --jvms-per-node "$j" --rsh "$tree/scripts/netns-rsh" \
        --net-address "$subnet" --net "${NET:-tcp}" -cp "$classes" NodePairs "$rounds" 2 12000 | sed 's/rank 0://'
    done
  done
done
