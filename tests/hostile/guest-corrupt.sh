# SPDX-License-Identifier: GPL-2.0
#
# guest-corrupt.sh - insmod every corrupted copy of hostile_corrupt.ko that
# tests/hostile/corrupt-ko wrote: each must be refused, leave nothing in
# /proc/modules and say why in the kernel log.  The controls must load and
# take their values.  Then hostile_percpu.ko, a MODULE_PARM() of per-cpu
# data, which an SMP kernel must refuse.  (busybox sh.)
# $HOSTILE_KOS: the directory with the copies.
. "$TESTLIB"
# The kernel log starts empty for this part: guest.sh's marks count from
# 1 in every script, and a mark of an earlier part in the same boot would
# match first.
dmesg -c > /dev/null

KOS=${HOSTILE_KOS:-$MODDIR/hostile_kos}
MOD=hostile_corrupt
# The loader's refusal: "MOD: obsolete parameter 'NAME' of type "TYPE"
# refused: REASON"; NAME and TYPE are "?" where they cannot be read.
P="$MOD: obsolete parameter"
NOTDATA="its variable is not in the module's \\.data, \\.bss or \\.init\\.data"
ncase=0
known=" "

# refuse CASE REGEX: CASE.ko is refused, is not in /proc/modules
# afterwards, and the kernel log says something matching REGEX.
# (expect_refuse runs modinfo twice per case, and kmod is a slow exec here:
# busybox insmod, which loads the file the same way.)
refuse() {
	ncase=$((ncase + 1))
	known="$known$1 "
	if [ ! -f "$KOS/$1.ko" ]; then
		fail "hostile/corrupt/$1" "$KOS/$1.ko is missing (corrupt-ko did not write it)"
		return
	fi
	dmesg_mark
	if busybox insmod "$KOS/$1.ko" hc_int=5 > /tmp/hostile-insmod.out 2>&1; then
		fail "hostile/corrupt/$1" "loaded, expected a refusal"
		busybox rmmod $MOD
		return
	elif module_listed $MOD; then
		fail "hostile/corrupt/$1" "insmod failed but $MOD is in /proc/modules"
		busybox rmmod $MOD
	else
		pass "hostile/corrupt/$1"
	fi
	expect_dmesg "hostile/corrupt/$1/message" "$2"
}

# control CASE PARAM WANT ARG...: CASE.ko loads with ARG..., PARAM shows
# WANT in sysfs (mode 0400), and the module unloads.
control() {
	_cc=$1 _cp=$2 _cw=$3
	shift 3
	ncase=$((ncase + 1))
	known="$known$_cc "
	if ! expect_load "hostile/corrupt/$_cc" "$KOS/$_cc.ko" "$@"; then
		dmesg_since | tail -n 3
		return
	fi
	expect_param "hostile/corrupt/$_cc/value" $MOD "$_cp" "$_cw"
	expect_eq "hostile/corrupt/$_cc/mode" \
		"$(stat -c %a /sys/module/$MOD/parameters/"$_cp" 2>&1)" 400
	expect_unload "hostile/corrupt/$_cc/unload" $MOD
}

control control		hc_int 5	hc_int=5
control control-reloc	hc_int 5	hc_int=5
# hc_int's record now describes hc_long ("1-4l"): both names show it.
control control-moved	hc_long 8,9,6,7	hc_int=8,9
# Two names, one record: hc_int is a second name of hc_small.
control control-shared	hc_small 8,9	hc_int=8,9

# initdata CASE ARG WANT-MESSAGE PARAM: CASE.ko loads with ARG, its init
# says WANT-MESSAGE, PARAM (whose variable is init data) is not in sysfs,
# and the module unloads.
initdata() {
	ncase=$((ncase + 1))
	known="$known$1 "
	if ! expect_load "hostile/corrupt/$1" "$KOS/$1.ko" "$2"; then
		dmesg_since | tail -n 3
		return
	fi
	expect_dmesg "hostile/corrupt/$1/value" "$3"
	if [ -e /sys/module/$MOD/parameters/$4 ]; then
		fail "hostile/corrupt/$1/not-in-sysfs" "/sys/module/$MOD/parameters/$4 exists"
	else
		pass "hostile/corrupt/$1/not-in-sysfs"
	fi
	expect_unload "hostile/corrupt/$1/unload" $MOD
}

# The module as built has an __initdata MODULE_PARM(); the copy moves
# hc_int's record there too.
ncase=$((ncase + 1))
if expect_load hostile/corrupt/control-initdata-own "$KOS/control.ko" hc_initdata=7,8; then
	expect_dmesg hostile/corrupt/control-initdata-own/value "hostile_corrupt: hc_initdata=7,8\$"
	expect_unload hostile/corrupt/control-initdata-own/unload $MOD
fi
initdata control-initdata	hc_int=6,5	"hostile_corrupt: hc_initdata=6,5\$"	hc_int

# --- the record's plain fields -------------------------------------------------
refuse size-zero		"$P 'hc_int' of type \"i\" refused: needs 4 bytes, but its variable has 0\$"
refuse size-short		"$P 'hc_small' of type \"2i\" refused: needs 8 bytes, but its variable has 7\$"
refuse size-past-section	"$P 'hc_int' of type \"i\" refused: $NOTDATA\$"
refuse size-max			"$P 'hc_int' of type \"i\" refused: $NOTDATA\$"
FITS="its type letter does not fit its variable's C type"
refuse class-none		"$P 'hc_int' of type \"i\" refused: $FITS\$"
refuse class-const		"$P 'hc_int' of type \"i\" refused: $FITS\$"
refuse class-garbage		"$P 'hc_int' of type \"i\" refused: $FITS\$"
refuse class-long		"$P 'hc_int' of type \"l\" refused: needs 8 bytes, but its variable has 4\$"
refuse class-chars-not-c	"$P 'hc_small' of type \"2i\" refused: $FITS\$"
# A pointer field whose bytes in the file are not zero: the relocation
# code refuses to add to them.
refuse byte-under-addr		"x86/modules: Invalid relocation target, existing value is nonzero"

# The line only orders the names in the load-time warning: any line
# loads, and the warning still names every MODULE_PARM().  (hc_buf is
# first by name, so it is the first parameter once the loader has sorted
# them; with line 0 its key is 0.)
line_case() {	# line_case CASE PARAM
	ncase=$((ncase + 1))
	known="$known$1 "
	if expect_load "hostile/corrupt/$1" "$KOS/$1.ko" hc_int=5; then
		expect_dmesg "hostile/corrupt/$1/warning" \
			"$MOD: uses obsolete MODULE_PARM\\(\\) for (.*, )?$2(, .*)?; see "
		expect_unload "hostile/corrupt/$1/unload" $MOD
	fi
}
line_case line-zero	hc_buf
line_case line-max	hc_int

# --- the type string -------------------------------------------------------------
TNS="its type is not a read-only string of the module"
refuse type-extern		"$P 'hc_int' of type \"\\?\" refused: $TNS\$"
refuse type-unterminated	"$P 'hc_int' of type \"\\?\" refused: $TNS\$"
# A type string in writable memory, the buffer of the parameter hc_tbuf
# (c8, "i"): the loader checks it, then "hc_tbuf=64i" rewrites it to a
# type hc_int has no room for before hc_int's values are parsed.
refuse type-writable		"$P 'hc_int' of type \"\\?\" refused: $TNS\$"
refuse type-unknown-letter	"$P 'hc_int' of type \"x\" refused: unknown type letter\$"
refuse type-count-zero		"$P 'hc_int' of type \"0i\" refused: it takes no values\$"
refuse type-count-huge		"$P 'hc_int' of type \"99999i\" refused: count is too large\$"
refuse type-min-above-max	"$P 'hc_int' of type \"5-2i\" refused: minimum count is above the maximum\$"
refuse type-len-zero		"$P 'hc_buf' of type \"c0\" refused: string length is zero\$"
refuse type-len-huge		"$P 'hc_buf' of type \"c99999\" refused: string length is missing or too large\$"
refuse type-trailing		"$P 'hc_int' of type \"ix\" refused: trailing characters after the type letter\$"
refuse type-no-letter		"$P 'hc_int' of type \"4\" refused: type letter is missing\$"
refuse type-empty		"$P 'hc_int' of type \"\" refused: type letter is missing\$"
refuse type-range-open		"$P 'hc_int' of type \"1-\" refused: range has no valid maximum\$"
refuse type-range-max-huge	"$P 'hc_int' of type \"1-70000i\" refused: range has no valid maximum\$"
refuse type-letter-mismatch	"$P 'hc_int' of type \"l\" refused: $FITS\$"
refuse type-c-on-int		"$P 'hc_int' of type \"c4\" refused: $FITS\$"
refuse too-small-array		"$P 'hc_small' of type \"1-64i\" refused: needs 256 bytes, but its variable has 8\$"
refuse too-small-string		"$P 'hc_buf' of type \"2c17\" refused: needs 34 bytes, but its variable has 32\$"
refuse too-small-charp		"$P 'hc_str' of type \"2s\" refused: needs 16 bytes, but its variable has 8\$"

# --- the variable's address ----------------------------------------------------
for c in rodata text this-module percpu extern record param pool past-data; do
	refuse addr-$c		"$P 'hc_int' of type \"i\" refused: $NOTDATA\$"
done
refuse addr-past-initdata	"$P 'hc_initdata' of type \"1-2i\" refused: $NOTDATA\$"

# --- the kernel_param -------------------------------------------------------------
RNI="its record is not in the module's read-only data"
refuse arg-extern		"$P 'hc_int' of type \"\\?\" refused: $RNI\$"
refuse arg-past-section		"$P 'hc_int' of type \"\\?\" refused: $RNI\$"
# hc_long's values {4, 5, 6, 7} read as a record, in writable data.
refuse arg-garbage		"$P 'hc_int' of type \"\\?\" refused: $RNI\$"
# Half of one record, half of what follows it: on a kernel that packs
# the records, the type is hc_tbuf's variable ("i") and the address is
# hc_tbuf's size and line; under KASAN a redzone follows each global, and
# the half-record's type is no string, or it ends outside the read-only
# data.  Refused either way.
refuse arg-misaligned		"$P 'hc_int' of type \"(i|\\?)\" refused: ($FITS|$NOTDATA|$TNS|$RNI)\$"
# A record in writable memory, the variable of the parameter hc_recbuf
# (1-4l), which holds a true record for hc_int: "hc_recbuf=ADDR" would
# aim hc_int's values at any address once the loader has checked it.
refuse arg-writable		"$P 'hc_int' of type \"\\?\" refused: $RNI\$"
# module_param(hc_new, int)'s ops made MODULE_PARM()'s: its arg, &hc_new,
# is no record.
refuse ops-new-style		"$P 'hc_new' of type \"\\?\" refused: ($TNS|$RNI)\$"
RNS="its name is not a read-only string of the module"
refuse name-extern		"$P '\\?' of type \"i\" refused: $RNS\$"
refuse name-unterminated	"$P '\\?' of type \"i\" refused: $RNS\$"
# The name in writable memory, hc_tbuf's buffer ("i"): "hc_tbuf=hc_small"
# would rename the parameter after the duplicate check.
refuse name-writable		"$P '\\?' of type \"i\" refused: $RNS\$"
refuse duplicate		"$MOD: parameter 'hc_int' is declared twice"
refuse duplicate-pool		"$MOD: parameter 'hc_int' is declared twice"
refuse duplicate-new-style	"$MOD: parameter 'hc_new' is declared twice"

# Every .ko corrupt-ko wrote has a case here.
for f in "$KOS"/*.ko; do
	c=$(basename "$f" .ko)
	case "$known" in
	*" $c "*) ;;
	*)	fail "hostile/corrupt/unknown-file/$c" "$f has no expectation in guest-corrupt.sh" ;;
	esac
done

# --- per-cpu data ------------------------------------------------------------------
# MODULE_PARM(hp_pcpu, "i") on DEFINE_PER_CPU(int, hp_pcpu) builds: the
# compiler sees an int.  &hp_pcpu is a per-cpu offset, not memory of the
# module, so an SMP kernel refuses it; without SMP per-cpu data is plain
# .data and it would load.  (The number of CPUs does not matter.)
PC=$MODDIR/hostile_percpu/hostile_percpu.ko
ncase=$((ncase + 1))
if [ ! -f "$PC" ]; then
	fail hostile/corrupt/percpu "$PC is missing"
elif ! tr '\0' '\n' < "$PC" | grep -qx '\.data\.\.percpu'; then
	skip hostile/corrupt/percpu "no .data..percpu section in $PC: a kernel without SMP"
else
	dmesg_mark
	if busybox insmod "$PC" hp_pcpu=5 > /tmp/hostile-insmod.out 2>&1; then
		fail hostile/corrupt/percpu "loaded, expected a refusal: $(dmesg_since | grep hostile_percpu | tail -n 1)"
		busybox rmmod hostile_percpu
	elif module_listed hostile_percpu; then
		fail hostile/corrupt/percpu "insmod failed but hostile_percpu is in /proc/modules"
		busybox rmmod hostile_percpu
	else
		pass hostile/corrupt/percpu
	fi
	expect_dmesg hostile/corrupt/percpu/message \
		"hostile_percpu: obsolete parameter 'hp_pcpu' of type \"i\" refused: $NOTDATA\$"
	expect_no_dmesg hostile/corrupt/percpu/not-initialised "hostile_percpu: loaded"
fi

echo "hostile: $ncase corrupted-module cases tried"
summary
