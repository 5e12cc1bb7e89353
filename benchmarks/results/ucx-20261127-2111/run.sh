#!/bin/bash
# Runs OsuLite latency (to 8 B) and bw (to 1 MiB) between two network-namespace nodes, the bridge over TCP, then over UCX (UCX_TLS=tcp).
set -u
W=/work/wt-ucx; OUT=$1; mkdir -p "$OUT"
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
CP=$(cat /tmp/ucx-bench-cp.txt)
read run subnet < <($W/scripts/netns-cluster.sh start 2)
echo "run $run $subnet"
for net in tcp ucx; do
  for test in latency bw; do
    max=8; [ $test = bw ] && max=1048576
    UCX_TLS=tcp timeout 300 $J --add-opens java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED -Dagrona.disable.bounds.checks=true -Xmx1g \
      -cp "$CP" org.hympj.comm.launch.Hympjrun -np 2 --hosts hympj-$run-n0,hympj-$run-n1 --rsh $W/scripts/netns-rsh --net-address $subnet --net $net \
      -cp $W/benchmarks/target/classes org.hympj.benchmarks.osu.OsuLite $test --max $max --csv "$OUT/$net-$test.csv" > "$OUT/$net-$test.txt" 2>&1
    echo "$net $test exit $?"; tail -3 "$OUT/$net-$test.txt"
  done
done
$W/scripts/netns-cluster.sh stop $run
