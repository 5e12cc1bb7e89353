#!/usr/bin/env bash
# Runs the first-calls benchmark (org.hympj.benchmarks.firstcalls.FirstCalls and its C twin
# benchmarks/native/firstcalls.c): each operation's first 50,000 calls right after Init and
# its steady state, one job per operation, so that each is the first thing its job does.
# Configurations: HyMPJ with 2 and 16 thread ranks in one JVM, 2 ranks in 2 JVMs, 16 ranks in
# 2 JVMs of 8 thread ranks (JVMS16=16 for 16 JVMs of one rank), and Open MPI with 2 and 16
# processes (mpirun --oversubscribe); on request (CONFIGS) 8 ranks in 2 JVMs of 4 (jvms8) and
# Open MPI with 8 processes (openmpi8). Every configuration runs REPEAT times (default 3),
# interleaved. VARIANTS="name=OPTION ..." runs every HyMPJ job once per variant, in turn, with
# OPTION added to HYMPJ_JVM_OPTS (e.g. VARIANTS="warm= cold=-Dhympj.warmup=false"); the default is
# one variant, "default", with nothing added. Only the benchmark's own lines reach the CSV. The CSV
# (impl,operation,ranks,mode,phase,value,unit,run,machine,variant) goes to
# OUT (default benchmarks/results/firstcalls-<UTC date and time>.csv).
#
# Needs Debian's openmpi-bin and libopenmpi-dev for the Open MPI column (left out if mpicc is
# missing, or with OPENMPI=0). HYMPJ_JVM_OPTS reaches HyMPJ's JVMs as usual (e.g. -Dhympj.warmup=false).
#   benchmarks/firstcalls.sh
#   REPEAT=5 OPS="pingpong allreduce" STEADY=5 benchmarks/firstcalls.sh
#   CONFIGS="threads2 openmpi2" benchmarks/firstcalls.sh   (a subset of the configurations above)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
repeat="${REPEAT:-3}"
ops="${OPS:-pingpong allreduce barrier bcast}"
steady="${STEADY:-3}"
jvms16="${JVMS16:-2}"
out="${OUT:-$here/results/firstcalls-$(date -u +%Y%m%d-%H%M).csv}"
mkdir -p "$(dirname "$out")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
native=""
if [ "${OPENMPI:-1}" = 0 ]; then
  :
elif command -v mpicc >/dev/null && mpicc -O3 -march=native -o "$tmp/firstcalls" "$here/native/firstcalls.c" 2>"$tmp/mpicc.err"; then
  native="$tmp/firstcalls"
else
  echo "firstcalls.sh: no Open MPI column (mpicc missing or failed: apt-get install openmpi-bin libopenmpi-dev)" >&2
fi
[ -f "$root/benchmarks/target/benchmarks.jar" ] || (cd "$root" && mvn -q -B -Dstyle.color=never -DskipTests package)
variants="${VARIANTS:-default=}"
echo "impl,operation,ranks,mode,phase,value,unit,run,machine,variant" > "$out"
# Other work on the machine spoils the figures: each job waits (up to QUIET_WAIT seconds, default 300)
# until no Maven build, Surefire test JVM, other HyMPJ job or mpirun runs and the CPUs were at least
# QUIET_IDLE percent idle (default 80) over a second; its lines say "quiet", or "busy" if it gave up waiting.
idle_percent() {
  local a b
  read -r -a a < /proc/stat; sleep 1; read -r -a b < /proc/stat
  local total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
  echo $(( total > 0 ? 100 * (b[4] - a[4] + b[5] - a[5]) / total : 100 ))
}
quiet() {
  local start=$SECONDS
  while pgrep -f 'maven|surefire|org[.]hympj|mpirun' >/dev/null || [ "$(idle_percent)" -lt "${QUIET_IDLE:-80}" ]; do
    [ $((SECONDS - start)) -lt "${QUIET_WAIT:-300}" ] || { echo busy; return; }
    sleep 1
  done
  echo quiet
}
hympj() { # ranks jvms mode op run
  local variant
  for variant in $variants; do
    hympj_variant "$@" "${variant%%=*}" "${variant#*=}"
  done
}
hympj_variant() { # ranks jvms mode op run name option
  local state; state=$(quiet)
  HYMPJ_JVM_OPTS="${HYMPJ_JVM_OPTS:-} $7" "$root/hympjrun" -np "$1" --jvms "$2" -cp "$root/benchmarks/target/benchmarks.jar" \
    org.hympj.benchmarks.firstcalls.FirstCalls "$4" --mode "$3" --steady "$steady" --t0 "$(date +%s%N)" \
    | grep --line-buffered '^hympj,' | sed "s/\$/,$5,$state,$6/" | tee -a "$out"
}
openmpi() { # ranks op run
  local state; state=$(quiet)
  mpirun --allow-run-as-root --oversubscribe -np "$1" "$native" "$2" --mode processes --steady "$steady" \
    --t0 "$(date +%s%N)" | sed "s/\$/,$3,$state,native/" | tee -a "$out"
}
configs=" ${CONFIGS:-threads2 jvms2 threads16 jvms16 openmpi2 openmpi16} "
want() { [[ "$configs" == *" $1 "* ]]; }
for run in $(seq "$repeat"); do
  for op in $ops; do
    if want threads2; then hympj 2 1 threads "$op" "$run"; fi
    if want jvms2; then hympj 2 2 jvms "$op" "$run"; fi
    if want threads16; then hympj 16 1 threads "$op" "$run"; fi
    if want jvms8; then hympj 8 2 jvms2 "$op" "$run"; fi
    if want jvms16; then hympj 16 "$jvms16" "jvms$jvms16" "$op" "$run"; fi
    if [ -n "$native" ]; then
      if want openmpi2; then openmpi 2 "$op" "$run"; fi
      if want openmpi8; then openmpi 8 "$op" "$run"; fi
      if want openmpi16; then openmpi 16 "$op" "$run"; fi
    fi
  done
done
echo "firstcalls.sh: wrote $out" >&2
