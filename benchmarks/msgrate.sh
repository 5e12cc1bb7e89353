#!/usr/bin/env bash
# The small-message rate: OSU-lite mbw_mr at 8 bytes (windows of 64 Isends, each window acknowledged; ITERATIONS
# timed windows after WARMUP untimed ones, default 2000 and 200) with 1 pair (-np 2) and 4 pairs (-np 8), on
# HyMPJ's thread ranks, on HyMPJ in 2 JVMs and on Open MPI (its C twin, benchmarks/native/osu_lite.c, shared
# memory; --oversubscribe where the ranks outnumber the cores), alternated, ROUNDS rounds (default 3).
# Writes one CSV per run, mbw_mr-PATH-npN-ROUND.csv (OSU-lite's rows), and summary.csv: per path and rank count the
# median, least and greatest messages/s of the rounds and the median's ratio to Open MPI's.
# Needs mpicc and mpirun (Debian's openmpi-bin, libopenmpi-dev). Hold the build lock around it:
#   flock /tmp/hympj-mvn.lock benchmarks/msgrate.sh OUT_DIR [ROUNDS]
set -euo pipefail
out="${1:?usage: msgrate.sh OUT_DIR [ROUNDS]}"
rounds="${2:-3}"
iterations="${ITERATIONS:-2000}"
warmup="${WARMUP:-200}"
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$out"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mpicc -O3 -march=native -o "$build/osu_lite" "$home/benchmarks/native/osu_lite.c"
for round in $(seq "$rounds"); do
  for np in 2 8; do
    mpirun --allow-run-as-root --oversubscribe -np "$np" "$build/osu_lite" mbw_mr 8 "$iterations" "$warmup" \
      | awk -v np="$np" '!/^#/ { printf "mbw_mr,%s,%s,%s,MB/s\nmbw_mr,%s,%s,%s,messages/s\n", np, $1, $2, np, $1, $3 }' \
      > "$out/mbw_mr-openmpi-np$np-$round.csv"
    for path in threads jvms2; do
      jvms=(); [ "$path" = jvms2 ] && jvms=(--jvms 2)
      "$home/hympjrun" -np "$np" "${jvms[@]}" osu mbw_mr --max 8 --iterations "$iterations" --warmup "$warmup" \
        --csv "$out/mbw_mr-$path-np$np-$round.csv" > /dev/null
    done
  done
done
# A run's value: the 8-byte message rate (the last line of its CSV).
{
  echo "test,path,ranks,unit,median,min,max,runs,ratio_to_openmpi"
  for np in 2 8; do
    ompi=""
    for path in openmpi threads jvms2; do
      stats="$(for f in "$out/mbw_mr-$path-np$np"-*.csv; do tail -1 "$f"; done | cut -d, -f4 | sort -g \
        | awk '{ v[++n] = $1 } END { printf "%.0f,%.0f,%.0f,%d", v[int((n + 1) / 2)], v[1], v[n], n }')"
      median="${stats%%,*}"
      [ "$path" = openmpi ] && ompi="$median"
      ratio="$(awk -v m="$median" -v o="$ompi" 'BEGIN { printf "%.2f", m / o }')"
      echo "mbw_mr,$path,$np,messages/s,$stats,$ratio"
    done
  done
} > "$out/summary.csv"
cat "$out/summary.csv"
