# SPDX-License-Identifier: GPL-2.0
#
# tests/lib/vm-case.sh - sourced by the suites that judge scripts/vm-run's
# own verdict (tests/harness, and tests/hostile's detector controls).
#
# vm_case DIR CASE ARGS...
#	Run scripts/vm-run ARGS.  DIR/CASE.log gets its stdout and stderr,
#	DIR/CASE.err its stderr alone (vm-run's summary is the last line),
#	DIR/CASE.rc its exit code.  Cases may run in parallel.
#
# vm_verdict DIR CASE WANT_RC ERE
#	Whether the case exited WANT_RC with a summary matching ERE.  When
#	not, prints why (for a FAIL line) and returns 1.

vm_case() {
	local dir=$1 name=$2
	shift 2
	"$MODPARM_TOP/scripts/vm-run" "$@" > "$dir/$name.log" 2> "$dir/$name.err"
	echo $? > "$dir/$name.rc"
	cat "$dir/$name.err" >> "$dir/$name.log"
}

vm_verdict() {
	local dir=$1 name=$2 want=$3 re=$4 rc last
	rc=$(cat "$dir/$name.rc" 2> /dev/null || echo none)
	last=$(tail -n 1 "$dir/$name.err" 2> /dev/null)
	if [ "$rc" != "$want" ]; then
		echo "exit code $rc, want $want (${last:-no summary}; see $dir/$name.log)"
		return 1
	fi
	if ! grep -qE -- "$re" <<< "$last"; then
		echo "summary '$last' does not match /$re/"
		return 1
	fi
}
