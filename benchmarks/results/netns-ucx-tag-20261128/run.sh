#!/bin/bash
# Two network-namespace nodes, one rank each, UCX with UCX_TLS=tcp: OsuLite latency and bw on
# HyMPJ's bridge beside Open MPI's pml ucx, for two trees in turn per test (the one before, UCX
# links over UCP streams, and the one after, over tagged messages), each built by JDK 25. Each
# compare.sh call holds the netns and mvn locks. Usage: run.sh RESULTS_DIR BEFORE_TREE AFTER_TREE
# ROUND=name writes into RESULTS_DIR/name; TESTS (latency bw), SIDES (before after) and
# BW_ITERATIONS (50) narrow a run; any UCX_ variable set (UCX_RNDV_THRESH=inf) goes to HyMPJ's JVMs.
set -eu
d="$(cd "$1" && pwd)"
[ -n "${ROUND:-}" ] && { mkdir -p "$d/$ROUND"; d="$d/$ROUND"; }
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 NODES=2 REPEAT=3 NET=ucx
for test in ${TESTS:-latency bw}; do
  iterations=1000; [ "$test" = bw ] && iterations=${BW_ITERATIONS:-50}
  for side in ${SIDES:-before after}; do
    tree="$2"; [ "$side" = after ] && tree="$3"
    log=(); [ "$test" = latency ] && log=(env NET_LOG="$d/$side")
    [ "$test" = latency ] && mkdir -p "$d/$side"
    ITERATIONS=$iterations CSV="$d/$side-$test" flock /tmp/hympj-netns.lock flock /tmp/hympj-mvn.lock \
      "${log[@]}" "$tree/benchmarks/native/compare.sh" "$test" 2 > "$d/$side-$test.txt" 2>&1 < /dev/null
  done
done
