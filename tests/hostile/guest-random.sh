# SPDX-License-Identifier: GPL-2.0
#
# guest-random.sh - insmod every random corruption of hostile_corrupt.ko
# that tests/hostile/corrupt-ko wrote, with the largest value each of its
# records admits.  The kernel must either refuse it, with one of the
# loader's refusals (loader_refused) and nothing left in /proc/modules, or
# load it, give a sane value for every parameter in sysfs (sane_reads) and
# unload it.  Writing outside a variable is caught by KASAN, which fails
# the whole boot (vm-run exit 66).  Controls (rcontrols) show that both
# judges can say no: a refusal that gives no reason, values that are too
# long or hold a NUL, a complaint in the log.
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
nread=0
ntoolarge=0
# Where a kernel message starts: after dmesg's "[  12.345678] ".
A='(^|[]] )'

# loader_refused MOD: true when the kernel log since the mark holds one of
# the loader's refusals of MOD; _why is its first line.  The refusals a
# corrupted module can meet: an obsolete parameter refused
# (kernel/module/obsparm.c), a name declared twice, x86's relocation code
# refusing to write over bytes that are not zero (it does not name the
# module), and parse_args() refusing the values (a count or a value that
# no longer fits the record).  A line that merely names the module (its
# "uses obsolete MODULE_PARM()" notice) is no refusal.
loader_refused() {
	_why=$(dmesg_since | grep -E -m 1 \
		-e "$A$1: obsolete parameter '[^']*' of type \".*\" refused: [a-z].*\$" \
		-e "$A$1: parameter '[^']*' is declared twice\$" \
		-e "${A}module: x86/modules: Invalid relocation target, existing value is nonzero for type [0-9]+, loc [0-9a-fx]+, val [0-9a-fx]+\$" \
		-e "$A$1: [A-Za-z0-9_]+: (can only take|needs at least) [0-9]+ arguments\$" \
		-e "$A$1: \`.*' (invalid|too large) for parameter \`[^']*'\$")
	[ -n "$_why" ]
}

# sane_reads DIR: _bad says what is wrong with the parameter values read
# into DIR/* (nothing: they are sane).  Each must be 1 to 4095 bytes
# (sysfs cuts a longer value to 4095 and complains), hold no NUL, and the
# kernel log since the mark must hold no complaint: a sanitizer report, a
# warning, or sysfs's "returned bad count" for a value over a page.
sane_reads() {
	_bad=
	if [ -n "$(ls "$1")" ]; then
		wc -c "$1"/* > /tmp/hostile-wc
		_tot=0
		while read -r _n _f; do
			[ "$_f" != total ] || continue
			_tot=$((_tot + _n))
			if [ "$_n" = 0 ]; then
				_bad="$_bad ${_f##*/} is empty;"
			elif [ "$_n" -gt 4095 ]; then
				_bad="$_bad ${_f##*/} is $_n bytes;"
			fi
		done < /tmp/hostile-wc
		_nn=$(cat "$1"/* | tr -d '\000' | wc -c)
		[ "$_nn" = "$_tot" ] || _bad="$_bad $((_tot - _nn)) NUL bytes in the values;"
	fi
	_cpl=$(dmesg_since | grep -E -m 1 "${A}(BUG:|WARNING:|UBSAN:|Oops|general protection|.*returned bad count)")
	[ -z "$_cpl" ] || _bad="$_bad the kernel said: $_cpl;"
	_bad=${_bad# }
}

# read_params MOD DIR: every parameter of MOD in sysfs read into DIR/NAME;
# _bad gets the reads that failed other than with EOVERFLOW (a value
# longer than a page is refused so: a sane answer).
read_params() {
	rm -rf "$2"
	mkdir -p "$2"
	_rbad=
	for _f in /sys/module/$1/parameters/*; do
		[ -e "$_f" ] || continue
		if cat "$_f" > "$2/${_f##*/}" 2> /tmp/hostile-read.err; then
			nread=$((nread + 1))
		else
			rm -f "$2/${_f##*/}"
			if grep -q 'Value too large' /tmp/hostile-read.err; then
				ntoolarge=$((ntoolarge + 1))
			else
				_rbad="$_rbad ${_f##*/}: $(cat /tmp/hostile-read.err);"
			fi
		fi
	done
}

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
		read_params $MOD /tmp/hostile-reads
		sane_reads /tmp/hostile-reads
		_bad="$_rbad${_bad:+ $_bad}"
		if ! busybox rmmod $MOD; then
			fail "hostile/random/$_c" "loaded, but rmmod failed (edits: $_e)"
			return
		fi
		nload=$((nload + 1))
		if [ -n "$_bad" ]; then
			fail "hostile/random/$_c" "loaded; its parameters read badly:${_bad# } (edits: $_e)"
			return
		fi
	elif module_listed $MOD; then
		fail "hostile/random/$_c" "insmod failed, but $MOD is in /proc/modules (edits: $_e)"
		busybox rmmod $MOD
		return
	elif ! loader_refused $MOD; then
		fail "hostile/random/$_c" "refused without a refusal of the loader in the kernel log: $(dmesg_since | grep -v 'guest\.sh: mark' | tail -n 3 | cut -c1-200 | tr '\n' '|') (edits: $_e)"
		return
	else
		nrefuse=$((nrefuse + 1))
	fi
	pass "hostile/random/$_c"
}

# rcontrols: the judges above on input they must turn down.
rcontrols() {
	_cm=$MODDIR/hostile_control/hostile_control.ko
	# A module whose init fails without a word: refused, and the log
	# names it (the MODULE_PARM() notice), but the loader refused nothing.
	dmesg_mark
	if busybox insmod "$_cm" fail=1 > /dev/null 2>&1; then
		fail hostile/random/control/silent-refusal "hostile_control.ko fail=1 loaded"
		busybox rmmod hostile_control
	elif ! dmesg_since | grep -q 'hostile_control'; then
		fail hostile/random/control/silent-refusal "the log does not name hostile_control: the control shows nothing"
	elif loader_refused hostile_control; then
		fail hostile/random/control/silent-refusal "taken for a refusal of the loader: $_why"
	else
		pass hostile/random/control/silent-refusal
	fi
	# Values no parameter may read as: a page and more, a NUL, nothing.
	_fd=/tmp/hostile-fake
	rm -rf $_fd
	mkdir -p $_fd
	dmesg_mark
	printf '%04096d\n' 0 > $_fd/long
	printf 'a\000b\n' > $_fd/nul
	: > $_fd/empty
	echo 1 > $_fd/good
	sane_reads $_fd
	case $_bad in
	*"long is 4097 bytes;"*"1 NUL bytes"*) pass hostile/random/control/bad-values ;;
	*) fail hostile/random/control/bad-values "not all found: '$_bad'" ;;
	esac
	case $_bad in
	*"empty is empty;"*) pass hostile/random/control/empty-value ;;
	*) fail hostile/random/control/empty-value "not found: '$_bad'" ;;
	esac
	# sysfs's complaint about a value over a page, in the log.
	rm -rf $_fd
	mkdir -p $_fd
	echo 1 > $_fd/good
	dmesg_mark
	echo "<4>fill_read_buffer: hostile_control_get returned bad count" > /dev/kmsg
	sane_reads $_fd
	case $_bad in
	*"returned bad count"*) pass hostile/random/control/complaint ;;
	*) fail hostile/random/control/complaint "not found: '$_bad'" ;;
	esac
	rm -rf $_fd
}

rdone() {
	rcontrols
	echo "hostile: random cases: $nload loaded, $nrefuse refused; $nread parameter reads, $ntoolarge refused as too large"
	summary
}
