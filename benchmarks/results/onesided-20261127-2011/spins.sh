#!/usr/bin/env bash
# put_latency between 2 JVMs (window over a buffer) with the service thread's wait spinning
# 0, the default 200000, and 2000000 times before it yields and parks; 3 runs each.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"  # the checkout this folder lies in
out="$1"
jar="$root/benchmarks/target/benchmarks.jar"
for r in 1 2 3; do
  for spins in 0 default 2000000; do
    opts=""
    [ "$spins" != default ] && opts="-Dhympj.wait.spins=$spins"
    HYMPJ_JVM_OPTS="$opts" "$root/hympjrun" -np 2 --jvms 2 -cp "$jar" org.hympj.benchmarks.osu.OsuOneSided put_latency 4096 create \
      > "$out/spins-$spins-put_latency.$r"
  done
done
