#!/usr/bin/env bash
# netns-cluster.sh: makes this machine a cluster of N "nodes" for HyMPJ's multi-node tests. Each
# run is apart from every other: run RUN's nodes are the network namespaces hympj-RUN-n0 ..
# hympj-RUN-n<N-1>, node i at 10.77.X.<i+1>/24 on an interface eth0, all joined by a bridge that
# lives in a namespace of its own (hympj-RUN-sw); X is the first of 1..254 that no other run
# holds. Neither the machine's own network nor another run is touched, so several checkouts can
# test on one machine at once. Needs root and iproute2.
#
#   scripts/netns-cluster.sh start N [RUN]  create run RUN (1..8 of a-z0-9; a fresh id if not
#                                           given) of N nodes, and print "RUN 10.77.X.0/24"
#   scripts/netns-cluster.sh stop RUN       remove that run's nodes, ending what runs in them
#   scripts/netns-cluster.sh check          exit 0 if namespaces can be made here
#
# Run a job on them: hympjrun --hosts hympj-RUN-n0,hympj-RUN-n1 --rsh scripts/netns-rsh --net-address 10.77.X.0/24 ...
set -eEuo pipefail
prefix=hympj
# Held while a run takes its subnet, so two starts at once never take the same one. In /run,
# which only root may write, so no other user can plant a link or a file in its place, as one
# could in /tmp. (Not /run/netns itself: `ip netns add` locks that directory.)
lock=/run/hympj-netns-cluster.lock

usage() {
  echo "usage: $0 start N [RUN] | stop RUN | check" >&2
  exit 2
}

valid_run() {
  [[ "$1" =~ ^[a-z0-9]{1,8}$ ]] || { echo "$0: a run id is 1 to 8 of a-z0-9, not '$1'" >&2; exit 2; }
}

namespaces_of() {
  ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^$prefix-$1-(n[0-9]+|sw)$" || true
}

# The third byte of every run's subnet, read from the address of its node 0.
taken_subnets() {
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^$prefix-[a-z0-9]+-n0$" || true); do
    ip -n "$ns" -4 -o addr show dev eth0 2>/dev/null | awk '{split($4, a, "."); print a[3]}'
  done
}

stop() {
  local run=$1
  valid_run "$run"
  for ns in $(namespaces_of "$run"); do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns del "$ns"
  done
}

start() {
  local n=$1 run=${2:-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')}
  [[ "$n" =~ ^[0-9]+$ ]] && ((n >= 1 && n <= 99)) || { echo "$0: N is 1..99 nodes, not '$n'" >&2; exit 2; }
  valid_run "$run"
  exec 9>>"$lock"
  flock 9
  if [ -n "$(namespaces_of "$run")" ]; then
    echo "$0: run $run exists; stop it first" >&2
    exit 1
  fi
  local taken x=1
  taken=" $(taken_subnets | tr '\n' ' ') "
  while [[ "$taken" == *" $x "* ]]; do
    x=$((x + 1))
  done
  ((x <= 254)) || { echo "$0: every subnet 10.77.1..254.0/24 is taken by a run" >&2; exit 1; }
  trap 'stop "$run"' ERR
  local sw=$prefix-$run-sw
  ip netns add "$sw"
  ip -n "$sw" link add br0 type bridge
  ip -n "$sw" link set br0 up
  for ((i = 0; i < n; i++)); do
    local ns=$prefix-$run-n$i veth=hj$run-v$i   # an interface name has at most 15 characters
    ip netns add "$ns"
    ip link add "$veth" type veth peer name eth0 netns "$ns"
    ip link set "$veth" netns "$sw"
    ip -n "$sw" link set "$veth" master br0
    ip -n "$sw" link set "$veth" up
    ip -n "$ns" addr add "10.77.$x.$((i + 1))/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
  done
  # No spanning tree on br0: its ports forward as soon as they are up.
  echo "$run 10.77.$x.0/24"
}

case "${1:-}" in
  start) [ $# -ge 2 ] && [ $# -le 3 ] || usage; start "$2" "${3:-}" ;;
  stop) [ $# -eq 2 ] || usage; stop "$2" ;;
  check) probe=$prefix-probe-$$; ip netns add "$probe" >/dev/null 2>&1 && ip netns del "$probe" ;;
  *) usage ;;
esac
