#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for running HyMPJ programs under a real srun
# (SrunTest, and by hand). Needs root; installs Debian's slurm-wlm (with munge) if missing.
#
#   scripts/slurm-one-node.sh start   # configure and start munged, slurmctld and slurmd
#   srun -n 2 java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp "$CP" org.hympj.examples.Hello
#   scripts/slurm-one-node.sh stop    # stop the daemons and remove their state
#
# The daemons keep their state, logs and pid files under /tmp/hympj-slurm.
set -euo pipefail
state=/tmp/hympj-slurm
case "${1:-}" in
  start)
    if ! command -v slurmctld >/dev/null 2>&1; then
      apt-get update -q && apt-get install -y -q --no-install-recommends slurm-wlm
    fi
    host=$(hostname -s)
    cpus=$(nproc)
    mkdir -p "$state/spool" "$state/ctld" /etc/munge /run/munge /var/log/munge /var/lib/munge
    [ -f /etc/munge/munge.key ] || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
    chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge
    chmod 400 /etc/munge/munge.key
    pgrep -x munged >/dev/null || munged --force
    cat > /etc/slurm/slurm.conf <<CONF
ClusterName=hympj
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SlurmUser=root
SlurmdUser=root
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmdSpoolDir=$state/spool
StateSaveLocation=$state/ctld
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ReturnToService=2
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE
CONF
    pgrep -x slurmctld >/dev/null || slurmctld
    pgrep -x slurmd >/dev/null || slurmd
    for _ in $(seq 30); do
      if sinfo -h -o %t 2>/dev/null | grep -q idle; then
        echo "slurm-one-node: $host is up ($cpus CPUs)"; exit 0
      fi
      sleep 1
    done
    echo "slurm-one-node: the node did not come up; see $state/*.log" >&2
    exit 1
    ;;
  stop)
    pkill -x slurmd || true
    pkill -x slurmctld || true
    pkill -x munged || true
    rm -rf "$state"
    echo "slurm-one-node: stopped"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
