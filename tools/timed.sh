#!/bin/sh
# Run a test phase and say how long it took and how much CPU it used, whatever its
# result:
#   sh tools/timed.sh NAME COMMAND [ARGS...]
# `make test` runs its phases side by side on a machine of few cores; each prints this
# line when it ends, so the log says where the time went: the wall clock, and the CPU
# seconds of the phase and everything it started and waited for (browsers included), the
# part that competes with the other phases. The phase's exit status is kept.
name=$1
shift
start=$(date +%s)
"$@"
status=$?
# `times` prints the shell's own then its children's user and system time ("1m2.5s");
# run here, not in a pipe's subshell, which has no children of its own.
used=$(mktemp)
times >"$used"
cpu=$(awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) {
    split($i, t, "m"); n += t[1] * 60 + t[2] } printf "%d", n }' "$used")
rm -f "$used"
echo "== $name: $(( $(date +%s) - start )) s (exit $status; CPU ${cpu} s)"
exit $status
