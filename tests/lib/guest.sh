# SPDX-License-Identifier: GPL-2.0
#
# guest.sh - helpers for guest scripts run by scripts/vm-run.  Source it:
#
#	. "$TESTLIB"
#	expect_load   load-defaults  mydrv/mydrv.ko
#	expect_eq     size-default   "$(cat /sys/module/mydrv/parameters/size)" 64
#	expect_unload unload         mydrv
#	expect_refuse reject-negative mydrv/mydrv.ko size=-1
#	expect_dmesg  reject-message 'mydrv: .*size'
#	summary
#
# Every check prints exactly one line, "PASS: NAME" or "FAIL: NAME: REASON"
# (or "SKIP: NAME: REASON").  summary prints the counts and exits 1 when a
# check failed, 0 otherwise.  busybox sh: POSIX shell, no bash-isms.
#
# MOD arguments are a .ko path (relative to $MODDIR, the working directory,
# or absolute), loaded with insmod, or a bare module name, loaded with
# modprobe from /lib/modules/$(uname -r).

# busybox sh prefers its own applets to $PATH: make the module tools
# kmod's (as /etc/profile does for 'sh -l').
if [ -x /bin/kmod ]; then
	for _gs_t in insmod rmmod modprobe modinfo lsmod depmod; do
		eval "$_gs_t() { /sbin/$_gs_t \"\$@\"; }"
	done
fi

_gs_npass=0
_gs_nfail=0
_gs_nskip=0
_gs_mark=0

pass() {
	echo "PASS: $1"
	_gs_npass=$((_gs_npass + 1))
}

# fail NAME REASON...
fail() {
	_gs_name=$1
	shift
	echo "FAIL: $_gs_name: $*"
	_gs_nfail=$((_gs_nfail + 1))
}

# skip NAME REASON...
skip() {
	_gs_name=$1
	shift
	echo "SKIP: $_gs_name: $*"
	_gs_nskip=$((_gs_nskip + 1))
}

# Flatten multi-line command output into one line for a FAIL reason.
_gs_oneline() {
	printf '%s' "$*" | tr '\n' ' ' | sed 's/ *$//'
}

# dmesg_mark: remember the current end of the kernel log; dmesg_since and
# expect_dmesg look only at what came later.  expect_load, expect_refuse
# and expect_unload set a mark before they act.
dmesg_mark() {
	_gs_mark=$((_gs_mark + 1))
	# Debug level: in the log buffer, not on the console.
	echo "<7>guest.sh: mark $_gs_mark" > /dev/kmsg
}

# dmesg_since: the kernel messages after the last mark.
dmesg_since() {
	if [ "$_gs_mark" = 0 ]; then
		dmesg
	else
		dmesg | sed -n "/guest\\.sh: mark $_gs_mark\$/,\$p" | sed 1d
	fi
}

# modname MOD: the kernel's name for MOD (a .ko path or a module name).
modname() {
	case "$1" in
	*.ko)
		_gs_n=$(modinfo -F name "$1" 2>/dev/null)
		[ -n "$_gs_n" ] || _gs_n=$(basename "$1" .ko)
		;;
	*)	_gs_n=$1 ;;
	esac
	echo "$_gs_n" | tr - _
}

# module_listed NAME: true when the module NAME (as /proc/modules spells
# it) is loaded.  Shell builtins only: suites that ask once per case
# cannot afford a fork each under TCG.
module_listed() {
	while read -r _gs_lm _gs_rest; do
		[ "$_gs_lm" = "$1" ] && return 0
	done < /proc/modules
	return 1
}

# is_loaded MOD: true when MOD (a .ko path or a module name) is loaded.
is_loaded() {
	module_listed "$(modname "$1")"
}

# load MOD ARGS...: insmod a .ko path, modprobe a bare name.
load() {
	_gs_mod=$1
	shift
	case "$_gs_mod" in
	*.ko)	insmod "$_gs_mod" "$@" ;;
	*)	modprobe "$_gs_mod" "$@" ;;
	esac
}

# expect_load NAME MOD ARGS...: loading must succeed and the module must be
# live in /proc/modules.
expect_load() {
	_gs_t=$1 _gs_m=$2
	shift 2
	dmesg_mark
	if ! _gs_out=$(load "$_gs_m" "$@" 2>&1); then
		fail "$_gs_t" "loading $_gs_m $* failed: $(_gs_oneline "$_gs_out")"
		return 1
	fi
	if ! is_loaded "$_gs_m"; then
		fail "$_gs_t" "$_gs_m loaded but $(modname "$_gs_m") is not in /proc/modules"
		return 1
	fi
	pass "$_gs_t"
}

# expect_refuse NAME MOD ARGS...: loading must fail and leave no module
# behind.  A module that loads anyway is unloaded again.
expect_refuse() {
	_gs_t=$1 _gs_m=$2
	shift 2
	dmesg_mark
	if _gs_out=$(load "$_gs_m" "$@" 2>&1); then
		fail "$_gs_t" "loading $_gs_m $* succeeded, expected a refusal"
		rmmod "$(modname "$_gs_m")" 2>/dev/null
		return 1
	fi
	if is_loaded "$_gs_m"; then
		fail "$_gs_t" "loading failed but $(modname "$_gs_m") is in /proc/modules"
		return 1
	fi
	pass "$_gs_t"
}

# expect_unload NAME MOD: rmmod must succeed and remove the module.
expect_unload() {
	_gs_t=$1
	dmesg_mark
	if ! _gs_out=$(rmmod "$(modname "$2")" 2>&1); then
		fail "$_gs_t" "rmmod $(modname "$2") failed: $(_gs_oneline "$_gs_out")"
		return 1
	fi
	if is_loaded "$2"; then
		fail "$_gs_t" "$(modname "$2") is still in /proc/modules after rmmod"
		return 1
	fi
	pass "$_gs_t"
}

# expect_eq NAME GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "got '$2', want '$3'"
		return 1
	fi
}

# expect_ne NAME GOT UNWANTED
expect_ne() {
	if [ "$2" != "$3" ]; then
		pass "$1"
	else
		fail "$1" "got '$2', which it must not be"
		return 1
	fi
}

# expect_dmesg NAME PATTERN: an extended regex must match a kernel message
# since the last mark.
expect_dmesg() {
	if dmesg_since | grep -qE -- "$2"; then
		pass "$1"
	else
		fail "$1" "no kernel message since the mark matches '$2'"
		return 1
	fi
}

# expect_no_dmesg NAME PATTERN: no kernel message since the mark matches.
expect_no_dmesg() {
	_gs_hit=$(dmesg_since | grep -E -m1 -- "$2")
	if [ -z "$_gs_hit" ]; then
		pass "$1"
	else
		fail "$1" "unexpected kernel message: $_gs_hit"
		return 1
	fi
}

# modinfo_parms KO: one line per parameter of the module file KO, as kmod's
# modinfo shows them after "parm:": "NAME:DESC (TYPE)", or "NAME:TYPE"
# without a description, in kmod's order.  busybox's modinfo lists descriptions and types apart: where there
# is no kmod, the lines are put together from the module's strings.
modinfo_parms() {
	if [ -x /bin/kmod ]; then
		modinfo "$1" | sed -n 's/^parm: *//p'
		return
	fi
	# kmod reads the entries last to first and lists each name where it
	# first meets it.
	tr '\0' '\n' < "$1" | awk '
		/^parm=/ || /^parmtype=/ { line[m++] = $0 }
		END {
			for (j = m - 1; j >= 0; j--) {
				tag = substr(line[j], 1, index(line[j], "=") - 1)
				rest = substr(line[j], index(line[j], "=") + 1)
				name = substr(rest, 1, index(rest, ":") - 1)
				val = substr(rest, index(rest, ":") + 1)
				if (!(name in seen)) { seen[name] = 1; order[n++] = name }
				if (tag == "parm") desc[name] = val; else type[name] = val
			}
			for (i = 0; i < n; i++) {
				p = order[i]
				if (p in desc && p in type) print p ":" desc[p] " (" type[p] ")"
				else if (p in desc) print p ":" desc[p]
				else print p ":" type[p]
			}
		}'
}

# expect_param NAME MOD PARAM WANT: /sys/module/MOD/parameters/PARAM reads WANT.
expect_param() {
	_gs_f=/sys/module/$(modname "$2")/parameters/$3
	if [ ! -r "$_gs_f" ]; then
		fail "$1" "$_gs_f does not exist or is not readable"
		return 1
	fi
	expect_eq "$1" "$(cat "$_gs_f")" "$4"
}

# summary: print the counts; exit 1 if anything failed.
summary() {
	echo "summary: $_gs_npass passed, $_gs_nfail failed, $_gs_nskip skipped"
	[ "$_gs_nfail" = 0 ] || exit 1
	exit 0
}
