# SPDX-License-Identifier: GPL-2.0
#
# tests/differential/guest.sh - the guest half of tests/differential/run
# (busybox sh, through scripts/vm-run).
#
# legacy_all (every MODULE_PARM() form) and legacy_all_twin (the same
# source after modparm-convert -i --perm 0444) are loaded in turn with the
# same arguments.  Per case:
#   differential/CASE             both accept or both refuse (or, for a
#                                 documented difference, exactly that)
#   differential/CASE/sysfs       when both accepted: the same parameter
#                                 names, and per name the same value and
#                                 mode; a mismatch is one FAIL per name,
#                                 differential/CASE/sysfs/NAME
# The arguments come from tests/legacy/guest.sh, plus a few edge cases.

. "$TESTLIB"

L=legacy_all/legacy_all.ko
T=legacy_all_twin/legacy_all_twin.ko

# try SIDE KO MOD ARGS...: insmod KO with ARGS; when it loads, save each
# sysfs parameter of MOD as /tmp/SIDE/NAME (value) and NAME.mode, then
# unload it.  The insmod output goes to /tmp/SIDE.err.  0 iff it loaded.
try() {
	_t_s=$1 _t_ko=$2 _t_m=$3
	shift 3
	rm -rf "/tmp/$_t_s"
	mkdir -p "/tmp/$_t_s"
	if ! insmod "$_t_ko" "$@" > "/tmp/$_t_s.err" 2>&1; then
		if grep -q "^$_t_m " /proc/modules; then
			echo "refused but still loaded" >> "/tmp/$_t_s.err"
			rmmod "$_t_m"
		fi
		return 1
	fi
	for _t_f in /sys/module/$_t_m/parameters/*; do
		[ -e "$_t_f" ] || continue
		_t_n=${_t_f##*/}
		cat "$_t_f" > "/tmp/$_t_s/$_t_n" 2>&1 ||
			echo "<read failed: $(cat "/tmp/$_t_s/$_t_n")>" > "/tmp/$_t_s/$_t_n"
		stat -c %a "$_t_f" > "/tmp/$_t_s/$_t_n.mode"
	done
	if ! rmmod "$_t_m" 2>> "/tmp/$_t_s.err"; then
		fail "differential/rmmod/$_t_m" "rmmod $_t_m failed: $(_gs_oneline "$(cat "/tmp/$_t_s.err")")"
	fi
	return 0
}

# why SIDE: the kernel's last words about a refusal, for a FAIL reason.
why() {
	_w=$(dmesg_since | grep -E 'legacy_all|insmod' | tail -n 1)
	echo "$(_gs_oneline "$(cat "/tmp/$1.err")") [${_w:-no kernel message}]"
}

# compare CASE: both loaded; compare /tmp/l and /tmp/t name by name.
compare() {
	_c_bad=0
	_c_names=$( (ls /tmp/l; ls /tmp/t) | grep -v '\.mode$' | sort -u)
	_c_n=0
	for _c_p in $_c_names; do
		_c_n=$((_c_n + 1))
		if [ ! -e "/tmp/t/$_c_p" ]; then
			fail "differential/$1/sysfs/$_c_p" "only legacy_all has it ('$(cat "/tmp/l/$_c_p")')"
			_c_bad=1
		elif [ ! -e "/tmp/l/$_c_p" ]; then
			fail "differential/$1/sysfs/$_c_p" "only legacy_all_twin has it ('$(cat "/tmp/t/$_c_p")')"
			_c_bad=1
		elif ! cmp -s "/tmp/l/$_c_p" "/tmp/t/$_c_p"; then
			fail "differential/$1/sysfs/$_c_p" "legacy '$(cat "/tmp/l/$_c_p")', twin '$(cat "/tmp/t/$_c_p")'"
			_c_bad=1
		elif ! cmp -s "/tmp/l/$_c_p.mode" "/tmp/t/$_c_p.mode" &&
		     [ "$(cat "/tmp/l/$_c_p.mode") $(cat "/tmp/t/$_c_p.mode")" != "400 444" ]; then
			# The one difference by design: the layer shows an obsolete
			# parameter to root only, the converter writes the 0444 of
			# most converted drivers, a choice their author now makes.
			fail "differential/$1/sysfs/$_c_p" "mode: legacy $(cat "/tmp/l/$_c_p.mode"), twin $(cat "/tmp/t/$_c_p.mode")"
			_c_bad=1
		fi
	done
	if [ "$_c_n" = 0 ]; then
		fail "differential/$1/sysfs" "no parameters in sysfs at all"
	elif [ "$_c_bad" = 0 ]; then
		pass "differential/$1/sysfs"
	fi
}

# check CASE WANT ARGS...: load both with ARGS.  WANT is "same" (both
# accept or both refuse) or a documented difference,
# "legacy-refuses-twin-accepts" or "legacy-accepts-twin-refuses", which
# is then asserted as differential/CASE/WANT.
check() {
	_k_c=$1 _k_w=$2
	shift 2
	dmesg_mark
	try l "$L" legacy_all "$@"
	_k_l=$? _k_wl=""
	[ "$_k_l" = 0 ] || _k_wl=$(why l)
	dmesg_mark
	try t "$T" legacy_all_twin "$@"
	_k_t=$? _k_wt=""
	[ "$_k_t" = 0 ] || _k_wt=$(why t)
	case "$_k_l$_k_t" in
	00) _k_got=both-accept ;;
	11) _k_got=both-refuse ;;
	10) _k_got=legacy-refuses-twin-accepts ;;
	01) _k_got=legacy-accepts-twin-refuses ;;
	esac
	if [ "$_k_w" = same ]; then
		case $_k_got in
		both-*)
			pass "differential/$_k_c" ;;
		legacy-refuses-*)
			fail "differential/$_k_c" "legacy_all refuses ($_k_wl), legacy_all_twin accepts" ;;
		*)
			fail "differential/$_k_c" "legacy_all accepts, legacy_all_twin refuses ($_k_wt)" ;;
		esac
	elif [ "$_k_got" = "$_k_w" ]; then
		pass "differential/$_k_c/$_k_w"
	else
		fail "differential/$_k_c/$_k_w" "documented difference not seen: $_k_got (legacy: $_k_wl; twin: $_k_wt)"
	fi
	[ "$_k_got" = both-accept ] && compare "$_k_c"
}

# twin_value CASE NAME WANT: after a documented difference the twin took,
# what it made of it.
twin_value() {
	if [ -e "/tmp/t/$2" ]; then
		expect_eq "differential/$1/twin-value/$2" "$(cat "/tmp/t/$2")" "$3"
	else
		fail "differential/$1/twin-value/$2" "the twin did not load or has no $2"
	fi
}

# Both modules really are there, and the twin is the converted one.
if [ -f "$T" ] && [ -f "$L" ]; then
	pass differential/modules-present
else
	fail differential/modules-present "missing $L or $T"
fi
_n_obs=$(modinfo "$T" | grep -c '^parm:.*([0-9]*-*[0-9]*[bhilsc][0-9]*)$')
echo "info: legacy_all_twin: $_n_obs parameter(s) still described with a MODULE_PARM type"

# --- accepted values ----------------------------------------------------------
check defaults same
check good same debug=3 io=0x280,0x2a0 irq=3,4,5,7 \
	dma=6,7 media=1,2,3,4,5,6 txq=255 rx_copybreak=-1 tx_timeout=-32768 \
	mem=-5 win=1,2 'model="isa ne2000"' ifname=abcdefghijklmno \
	units=2,3,4 alias=uplink,abcdefghijklmno verbose=2
check radix same debug=0x10 io=010,0x20,-0x10 \
	irq=0x1,02,3,0 dma=0x7fff,-0x8000 media=00,0x0 txq=0xff \
	rx_copybreak=-2147483648 tx_timeout=077 mem=0x7fffffffffffffff \
	win=-9223372036854775808,0 units=0x7fffffff
s1024=$(head -c 1024 /dev/zero | tr '\0' m)
check s1024 same "model=$s1024"
check full-arrays same io=1,2,3,4 dma=1,2,3 units=7,8,9 alias=a,b
check empty-s same model=
check empty-c same ifname=
check unknown-param same bogus=1
check modprobe-conf-values same debug=7 io=0x100,0x110 irq=1,2,3,4 txq=1 \
	mem=-1 win=5,6 units=9 model=fromconf ifname=conf0 alias=x,y verbose=5

# --- refused values ---------------------------------------------------------------
check s-1025 same "model=${s1024}m"
check too-many-1-4i same io=1,2,3,4,5
check too-many-4i same irq=1,2,3,4,5
check too-many-0-3h same dma=1,2,3,4
check too-many-macro same units=1,2,3,4
check too-many-c same alias=a,b,c
check too-many-scalar same debug=1,2
check nan-i same debug=x
check nan-array same io=0x300,abc
check nan-l same mem=12k
check b-256 same txq=256
check b-negative same txq=-1
check h-32768 same tx_timeout=32768
check h-array-32768 same dma=1,32768
check i-2147483648 same debug=2147483648
check i-array-2147483648 same irq=1,2,3,2147483648
check l-9223372036854775808 same mem=9223372036854775808
check c16-too-long same ifname=abcdefghijklmnop
check c16-array-too-long same alias=ok,abcdefghijklmnop
check missing-value same debug
check missing-value-array same io
check missing-value-s same model
check missing-value-c same ifname
check missing-value-b same txq
check empty-i same debug=
check empty-array same dma=
check new-style-nan same verbose=x

# --- documented differences -------------------------------------------------------
# module_param_array() has no minimum count: MODULE_PARM's "4i", "2-6i"
# and "2l" (from __stringify(2) "l") refuse fewer values, the twin takes
# them and the elements not given keep their initial values.  The
# converter says so ("minimum count ... is no longer enforced").
check too-few-4i legacy-refuses-twin-accepts irq=1,2,3
twin_value too-few-4i irq 1,2,3,11
check too-few-2-6i legacy-refuses-twin-accepts media=1
twin_value too-few-2-6i media 1,2,0,0,0,0
check too-few-stringify legacy-refuses-twin-accepts win=1
twin_value too-few-stringify win 1,8192

left=$(grep -E '^legacy_all(_twin)? ' /proc/modules | cut -d' ' -f1 | tr '\n' ' ')
expect_eq differential/nothing-loaded "$left" ""

summary
