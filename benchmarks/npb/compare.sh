#!/usr/bin/env bash
# Runs the NAS kernels on HyMPJ's three forms, and beside them, if given, the NPB 3.4 MPI
# reference (Fortran/C and an MPI), and prints the table of issue #7's benchmark: per kernel
# the median time of each, the ratio of the reference's Mop/s to HyMPJ's (the medians; above 1
# means HyMPJ is slower) and the peak heap of rank 0's JVM.
#
# The machine is shared and noisy, so the runs are interleaved: each round runs, kernel by
# kernel, the reference and then HyMPJ's forms, and every cell is a median over the rounds.
# With a reference, a cell also gives the ratio of each round's two runs (the reference's Mop/s
# over HyMPJ's, measured seconds apart): their median and range, which a drift of the
# machine's speed from round to round moves less than it moves the ratio of the medians.
#
#   benchmarks/npb/compare.sh A 5                               # class, rounds (default 3)
#   REFERENCE=~/NPB3.4.3/NPB3.4-MPI/bin benchmarks/npb/compare.sh B 2
#   KERNELS="is cg" FORMS="thr jvm" benchmarks/npb/compare.sh A 3
#
# REFERENCE is a directory of reference executables named as NPB's make names them
# (is.A.x, cg.B.x, ...; a name without the .x is taken too; benchmarks/npb/reference.md says
# how to build them); they run as
# "$MPIRUN -np $RANKS exe" (MPIRUN defaults to Open MPI's mpirun with --oversubscribe, and
# --allow-run-as-root when run as root). Their report is NPB's ("Time in seconds =",
# "Mop/s total =", "Verification ="); a one-line report "time = T s, Mop/s = M, ...
# verification V" is read too. Without REFERENCE only HyMPJ's columns are printed.
#
# Forms (FORMS, default "thr jvm hyb"): thr = RANKS thread ranks in one JVM; jvm = RANKS ranks,
# one JVM each; hyb = 1 rank with a team of RANKS threads. A run that fails or does not verify
# is counted in its cell ("1 not verified!") and makes the script exit 1.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
class="${1:?usage: benchmarks/npb/compare.sh CLASS [ROUNDS]}"
rounds="${2:-3}"
kernels="${KERNELS:-is ep cg mg ft}"
forms="${FORMS:-thr jvm hyb}"
ranks="${RANKS:-2}"
reference="${REFERENCE:-}"
if [ -z "${MPIRUN:-}" ]; then
  MPIRUN="mpirun --oversubscribe"
  [ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
fi
runs="$(mktemp)"
trap 'rm -f "$runs"' EXIT

# One run's report -> "seconds mops verified heap" (heap "-" when the report has none).
report() {
  awk '
    /Time in seconds/ { t = $NF }
    /Mop\/s total/ { m = $NF }
    /Verification/ { v = $NF }
    /Peak heap/ { h = $(NF - 3) }
    /time = .*Mop\/s = / {   # a one-line report
      match($0, /time = *[0-9.]+/); t = substr($0, RSTART, RLENGTH); sub(/.*= */, "", t)
      match($0, /Mop\/s = *[0-9.]+/); m = substr($0, RSTART, RLENGTH); sub(/.*= */, "", m)
      if (match($0, /verification [A-Z]+/)) { v = substr($0, RSTART + 13, RLENGTH - 13) }
    }
    END { printf "%s %s %s %s\n", (t == "" ? "nan" : t), (m == "" ? "nan" : m), (v == "SUCCESSFUL" ? "ok" : "FAILED"), (h == "" ? "-" : h) }'
}

# The reference's executable for kernel $1, checked before any run.
declare -A reference_exe
if [ -n "$reference" ]; then
  for k in $kernels; do
    for f in "$reference/$k.$class.x" "$reference/$k.$class"; do
      if [ -x "$f" ]; then reference_exe[$k]="$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"; break; fi
    done
    if [ -z "${reference_exe[$k]:-}" ]; then
      echo "compare.sh: no reference executable $reference/$k.$class.x" >&2
      exit 2
    fi
  done
fi

run_form() {
  local k="$1" form="$2"
  case "$form" in
    ref) (cd "$(dirname "${reference_exe[$k]}")" && $MPIRUN -np "$ranks" "${reference_exe[$k]}") ;;
    thr) "$root/hympjrun" -np "$ranks" npb "$k" "$class" ;;
    jvm) "$root/hympjrun" -np "$ranks" --jvms "$ranks" npb "$k" "$class" ;;
    hyb) "$root/hympjrun" -np 1 npb "$k" "$class" "$ranks" ;;
  esac
}

for form in $forms; do
  case "$form" in
    thr|jvm|hyb) ;;
    *) echo "compare.sh: unknown form $form (FORMS takes thr, jvm and hyb)" >&2; exit 2 ;;
  esac
done
columns="$forms"
[ -n "$reference" ] && columns="ref $forms"
for r in $(seq "$rounds"); do
  for k in $kernels; do
    for form in $columns; do
      # A run that fails still reports (as not verified): the table shows it, the exit status says it.
      line="$( (run_form "$k" "$form" 2>&1 || true) | report)"
      echo "$r $k $form $line" >> "$runs"
      echo "round $r: $k $form $line" >&2
    done
  done
done

title() {
  case "$1" in
    ref) echo "reference, $ranks processes" ;;
    thr) echo "$ranks thread ranks" ;;
    jvm) echo "$ranks ranks in $ranks JVMs" ;;
    hyb) echo "1 rank x $ranks threads" ;;
  esac
}
printf '| kernel |'; for form in $columns; do printf ' %s |' "$(title "$form")"; done; echo
printf '| --- |'; for form in $columns; do printf ' --- |'; done; echo
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
failed=0
for k in $kernels; do
  ref_mops=""
  [ -n "$reference" ] && ref_mops="$(awk -v k="$k" '$2 == k && $3 == "ref" { print $5 }' "$runs" | median)"
  printf '| %s %s |' "$(echo "$k" | tr a-z A-Z)" "$class"
  for form in $columns; do
    t="$(awk -v k="$k" -v f="$form" '$2 == k && $3 == f { print $4 }' "$runs" | median)"
    m="$(awk -v k="$k" -v f="$form" '$2 == k && $3 == f { print $5 }' "$runs" | median)"
    bad="$(awk -v k="$k" -v f="$form" '$2 == k && $3 == f && $6 != "ok"' "$runs" | wc -l)"
    heap="$(awk -v k="$k" -v f="$form" '$2 == k && $3 == f { h = $7 } END { print h }' "$runs")"
    mark=""
    if [ "$bad" -gt 0 ]; then mark=" ($bad not verified!)"; failed=1; fi
    if [ "$form" = ref ]; then
      printf ' %s s, %.2f Mop/s%s |' "$t" "$m" "$mark"
    else
      cell="$t s, $(printf %.2f "$m") Mop/s"
      if [ -n "$ref_mops" ]; then
        # Per round: the reference's Mop/s over this form's, from the two runs of that round.
        # Only rounds where both runs reported a rate (a failed run reports nan).
        paired="$(awk -v k="$k" -v f="$form" '$2 == k && $5 ~ /^[0-9.]+$/ && $5 > 0 { if ($3 == "ref") ref[$1] = $5; else if ($3 == f) mine[$1] = $5 }
          END { for (r in mine) if (r in ref) print ref[r] / mine[r] }' "$runs" | sort -g)"
        cell="$cell, $(awk -v a="$ref_mops" -v b="$m" 'BEGIN { printf "%.2fx", a / b }')"
        if [ -n "$paired" ]; then
          cell="$cell (per round $(echo "$paired" | median | xargs printf %.2f)x, $(echo "$paired" | head -1 | xargs printf %.2f)-$(echo "$paired" | tail -1 | xargs printf %.2f))"
        fi
      fi
      [ "$heap" != "-" ] && cell="$cell, $heap MiB"
      printf ' %s%s |' "$cell" "$mark"
    fi
  done
  echo
done
echo "(rounds: $rounds, interleaved; medians$([ -n "$reference" ] && echo "; ratio = the reference's Mop/s over HyMPJ's, of the medians and per round (median, range)"). $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | head -1); $(nproc) cores.)"
exit "$failed"
