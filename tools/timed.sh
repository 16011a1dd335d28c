#!/bin/sh
# Run a test phase and say how long it took, whatever its result:
#   sh tools/timed.sh NAME COMMAND [ARGS...]
# `make test` runs its phases side by side; each prints this line when it ends, so the
# log says where the time went. The phase's exit status is kept.
name=$1
shift
start=$(date +%s)
"$@"
status=$?
echo "== $name: $(( $(date +%s) - start )) s (exit $status)"
exit $status
