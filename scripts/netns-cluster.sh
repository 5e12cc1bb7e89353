#!/usr/bin/env bash
# netns-cluster.sh: makes this machine a cluster of N "nodes" for HyMPJ's multi-node tests,
# each node a network namespace (hympj-n0 .. hympj-n<N-1>) with its own address 10.77.0.<i+1>/24
# on an interface eth0, all joined by a bridge that lives in a namespace of its own (hympj-sw),
# so the machine's own network is not touched. Needs root and iproute2.
#
#   scripts/netns-cluster.sh start N   create the nodes (removing any left from before)
#   scripts/netns-cluster.sh stop      remove them
#   scripts/netns-cluster.sh check     exit 0 if namespaces can be made here
#
# Run a job on them: hympjrun --hosts hympj-n0,hympj-n1 --rsh scripts/netns-rsh --net-address 10.77.0.0/24 ...
set -euo pipefail
prefix=hympj
sw=$prefix-sw

stop() {
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^$prefix-(n[0-9]+|sw)$" || true); do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns del "$ns"
  done
}

start() {
  local n=$1
  stop
  ip netns add $sw
  ip -n $sw link add br0 type bridge
  ip -n $sw link set br0 up
  for ((i = 0; i < n; i++)); do
    ns=$prefix-n$i
    ip netns add "$ns"
    ip link add "$prefix-v$i" type veth peer name eth0 netns "$ns"
    ip link set "$prefix-v$i" netns $sw
    ip -n $sw link set "$prefix-v$i" master br0
    ip -n $sw link set "$prefix-v$i" up
    ip -n "$ns" addr add "10.77.0.$((i + 1))/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
  done
  # No spanning tree on br0: its ports forward as soon as they are up.
}

case "${1:-}" in
  start) start "${2:?how many nodes?}" ;;
  stop) stop ;;
  check) ip netns add $prefix-probe >/dev/null 2>&1 && ip netns del $prefix-probe ;;
  *) echo "usage: $0 start N | stop | check" >&2; exit 2 ;;
esac
