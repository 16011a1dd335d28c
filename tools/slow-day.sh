#!/bin/sh
# `make test` on a slow day: the whole run (setup, the three chains, every browser) in a
# cgroup whose CPU is capped at a third of this machine's (PERCENT=33 by default), so a
# test that waits for a time, or for an in-between state a slow machine skips, shows
# itself here rather than in CI (docs/developing.md, "Tests"):
#
#   sudo sh tools/slow-day.sh [LOG]        (default LOG: slow-day.log; run from the repo)
#
# Needs root and the cgroup CPU controller: cgroup v2 (cpu.max) or v1 (cpu.cfs_quota_us).
# The figures at the end are the wall clock and the exit status; each phase prints its
# own (tools/timed.sh).
set -u
log=${1:-slow-day.log}
percent=${PERCENT:-33}
cores=$(nproc)
period=100000
quota=$(( period * cores * percent / 100 ))
name=parlor-slow-day-$$
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  group=/sys/fs/cgroup/$name
  mkdir "$group" || exit 1
  echo "$quota $period" > "$group/cpu.max" || exit 1
elif [ -d /sys/fs/cgroup/cpu ]; then
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group" || exit 1
  echo "$period" > "$group/cpu.cfs_period_us" || exit 1
  echo "$quota" > "$group/cpu.cfs_quota_us" || exit 1
else
  echo "slow-day: no cgroup CPU controller here" >&2
  exit 1
fi
echo $$ > "$group/cgroup.procs" || exit 1
echo "slow-day: $percent% of $cores cores ($quota us of CPU each $period us); log: $log"
start=$(date +%s)
make test > "$log" 2>&1
status=$?
echo "== slow day: $(( $(date +%s) - start )) s (exit $status; $percent% of $cores cores)" | tee -a "$log"
exit $status
