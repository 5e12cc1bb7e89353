#!/usr/bin/env bash
# The cost of a recording: 8-byte latency (osu latency) and message rate (osu mbw_mr) on 2 ranks, as thread
# ranks and in 2 JVMs, without and with hympjrun --profile, off and on alternated, ROUNDS rounds (default 5).
# Writes one CSV per run, TEST-PATH-MODE-ROUND.csv, and summary.csv (medians, extremes, the on-cost) into
# OUT_DIR. Hold the build lock around it: flock /tmp/hympj-mvn.lock benchmarks/profiling.sh OUT_DIR
set -euo pipefail
out="${1:?usage: profiling.sh OUT_DIR [ROUNDS]}"
rounds="${2:-5}"
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$out"
profile_dir="$(mktemp -d)"
trap 'rm -rf "$profile_dir"' EXIT
for round in $(seq "$rounds"); do
  for test in latency mbw_mr; do
    if [ "$test" = latency ]; then iterations=(--iterations 100000 --warmup 10000); else iterations=(--iterations 2000 --warmup 200); fi
    for path in threads jvms2; do
      jvms=(); [ "$path" = jvms2 ] && jvms=(--jvms 2)
      for mode in off on; do
        profile=(); [ "$mode" = on ] && profile=(--profile="$profile_dir/$test-$path-$round.jfr")
        "$home/hympjrun" -np 2 "${jvms[@]}" "${profile[@]}" osu "$test" --max 8 "${iterations[@]}" \
          --csv "$out/$test-$path-$mode-$round.csv" > /dev/null
      done
    done
  done
done
# A run's value: latency in us, message rate in messages/s (the last line of mbw_mr's CSV).
{
  echo "test,path,recording,unit,median,min,max,runs,on_cost_percent"
  for test in latency mbw_mr; do
    for path in threads jvms2; do
      off_median=""
      for mode in off on; do
        values="$(for f in "$out/$test-$path-$mode"-*.csv; do tail -1 "$f"; done | cut -d, -f4,5)"
        unit="$(echo "$values" | head -1 | cut -d, -f2)"
        stats="$(echo "$values" | cut -d, -f1 | sort -g | awk '{ v[++n] = $1 } END { printf "%.3f,%.3f,%.3f,%d", v[int((n + 1) / 2)], v[1], v[n], n }')"
        median="${stats%%,*}"
        cost=""
        if [ "$mode" = off ]; then
          off_median="$median"
        elif [ "$test" = latency ]; then
          cost="$(awk -v on="$median" -v off="$off_median" 'BEGIN { printf "%.1f", 100 * (on - off) / off }')"
        else
          cost="$(awk -v on="$median" -v off="$off_median" 'BEGIN { printf "%.1f", 100 * (off - on) / off }')"
        fi
        echo "$test,$path,$mode,$unit,$stats,$cost"
      done
    done
  done
} > "$out/summary.csv"
cat "$out/summary.csv"
