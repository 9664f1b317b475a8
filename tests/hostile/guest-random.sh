# SPDX-License-Identifier: GPL-2.0
#
# guest-random.sh - insmod every random corruption of hostile_corrupt.ko
# that tests/hostile/corrupt-ko wrote, with the largest value each of its
# records admits.  The kernel must either refuse it, saying so in its log
# (the module's name, or x86's relocation code refusing to relocate a
# pointer whose bytes in the file are not zero) and leaving nothing in
# /proc/modules, or load it, show every parameter
# in sysfs without a fault, and unload it.  Writing outside a variable is
# caught by KASAN, which fails the whole boot (vm-run exit 66).
# tests/hostile/run appends one "rcase CASE EDITS [ARG]..." line per case
# and a final "rdone".  (busybox sh.)
. "$TESTLIB"
# The kernel log starts empty for this part: guest.sh's marks count from
# 1 in every script, and a mark of an earlier part in the same boot would
# match first.
dmesg -c > /dev/null

KOS=${HOSTILE_RANDOM_KOS:-$MODDIR/hostile_random}
MOD=hostile_corrupt
nload=0
nrefuse=0

# rcase CASE EDITS [ARG]...
rcase() {
	_c=$1 _e=$2
	shift 2
	if [ ! -f "$KOS/$_c.ko" ]; then
		fail "hostile/random/$_c" "$KOS/$_c.ko is missing (edits: $_e)"
		return
	fi
	# Announce the case: if it brings the kernel down, the log says which.
	echo "hostile: random case $_c: $_e"
	dmesg_mark
	if busybox insmod "$KOS/$_c.ko" "$@" > /tmp/hostile-insmod.out 2>&1; then
		for _f in /sys/module/$MOD/parameters/*; do
			[ ! -e "$_f" ] || cat "$_f" > /dev/null 2>&1
		done
		if ! busybox rmmod $MOD; then
			fail "hostile/random/$_c" "loaded, but rmmod failed (edits: $_e)"
			return
		fi
		nload=$((nload + 1))
	elif module_listed $MOD; then
		fail "hostile/random/$_c" "insmod failed, but $MOD is in /proc/modules (edits: $_e)"
		busybox rmmod $MOD
		return
	elif ! dmesg_since | grep -qE "$MOD|x86/modules: Invalid relocation target"; then
		fail "hostile/random/$_c" "refused without a word in the kernel log (edits: $_e)"
		return
	else
		nrefuse=$((nrefuse + 1))
	fi
	pass "hostile/random/$_c"
}

rdone() {
	echo "hostile: random cases: $nload loaded, $nrefuse refused"
	summary
}
