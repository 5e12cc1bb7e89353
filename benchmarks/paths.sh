#!/usr/bin/env bash
# One JMH run of every intra-node path a user might pick, beside the floors, and the table
# that compares them (ratios to the floors measured in the same run). Writes paths.csv (JMH's
# results) and paths.md (the table) in the current directory.
#
#   benchmarks/paths.sh                 # the whole suite: 5 sizes x 9 benchmarks, about 10 minutes
#   benchmarks/paths.sh -p bytes=8 -wi 2 -i 3   # JMH options replace the defaults (sizes; -prof gc stays)
#
# Paths: HyMPJ thread ranks (ThreadRankPingPong), HyMPJ process ranks (ProcessRankPingPong),
# JCTools SPSC queues, the LMAX Disruptor, Aeron IPC (embedded driver), Agrona rings between
# two processes, Chronicle Bytes MappedBytes between two processes; floors: a cache-line
# ping-pong and System.arraycopy. -prof gc adds the bytes allocated per round trip.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -f "$root/benchmarks/target/benchmarks.jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package)
java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
[ $# -gt 0 ] || set -- -p bytes=8,4096,65536,1048576,4194304
"$java_cmd" -jar "$root/benchmarks/target/benchmarks.jar" \
  'CacheLinePingPong|ArrayCopy|ThreadRankPingPong|ProcessRankPingPong|JcToolsSpscPingPong|DisruptorPingPong|AeronIpcPingPong|AgronaIpcPingPong|ChronicleIpcPingPong' \
  -prof gc -rf csv -rff paths.csv "$@"
"$java_cmd" -cp "$root/benchmarks/target/benchmarks.jar" org.hympj.benchmarks.paths.PathsReport paths.csv | tee paths.md
