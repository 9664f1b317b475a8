# SPDX-License-Identifier: GPL-2.0
#
# guest-corrupt.sh - insmod every corrupted copy of hostile_corrupt.ko that
# tests/hostile/corrupt-ko wrote: each must be refused, leave nothing in
# /proc/modules and say why in the kernel log.  The two controls must load.
# (busybox sh.)  $HOSTILE_KOS: the directory with the copies.
. "$TESTLIB"

KOS=${HOSTILE_KOS:-$MODDIR/hostile_kos}
MOD=hostile_corrupt
P="$MOD: "
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
	elif module_listed $MOD; then
		fail "hostile/corrupt/$1" "insmod failed but $MOD is in /proc/modules"
		busybox rmmod $MOD
	else
		pass "hostile/corrupt/$1"
	fi
	expect_dmesg "hostile/corrupt/$1/message" "$2"
}

# control CASE: CASE.ko loads, hc_int=5 shows in sysfs, and unloads.
control() {
	ncase=$((ncase + 1))
	known="$known$1 "
	if ! expect_load "hostile/corrupt/$1" "$KOS/$1.ko" hc_int=5; then
		dmesg_since | tail -n 3
		return
	fi
	expect_param "hostile/corrupt/$1/value" $MOD hc_int 5
	expect_unload "hostile/corrupt/$1/unload" $MOD
}

control control
control control-reloc

# initdata CASE VALUE [PATTERN]: CASE.ko, whose hc_int record now names
# hc_initdata, loads with hc_initdata=VALUE, says PATTERN at init, shows
# nothing in sysfs (the memory is freed after init), and unloads.
initdata() {
	ncase=$((ncase + 1))
	known="$known$1 "
	if ! expect_load "hostile/corrupt/$1" "$KOS/$1.ko" hc_initdata="$2"; then
		dmesg_since | tail -n 3
		return
	fi
	[ -z "${3:-}" ] || expect_dmesg "hostile/corrupt/$1/value" "$3"
	if [ -e /sys/module/$MOD/parameters/hc_initdata ]; then
		fail "hostile/corrupt/$1/not-in-sysfs" "/sys/module/$MOD/parameters/hc_initdata exists"
	else
		pass "hostile/corrupt/$1/not-in-sysfs"
	fi
	expect_unload "hostile/corrupt/$1/unload" $MOD
}

initdata sym-initdata		7,8	"hostile_corrupt: hc_initdata=7,8$"
initdata sym-initdata-charp	abc,def

refuse name-unterminated	"${P}obsolete parameter 'A{64}' of type \"i\" refused: its name is not a C identifier"
refuse name-empty		"${P}obsolete parameter '' of type \"i\" refused: its name is not a C identifier"
refuse type-unterminated	"${P}obsolete parameter 'hc_int' of type \"i{56}\" refused: its type is not terminated"
refuse section-size-odd		"${P}__obsparm section size [0-9]+ is not a multiple of 128"
# The last record's addr relocation now lies past the end of the section:
# x86's apply_relocate_add() does not check r_offset against the section
# size and writes there, unless the 8 bytes it finds are not zero.
refuse section-size-odd-reloc-outside "Invalid relocation target, existing value is nonzero|${P}__obsparm section size [0-9]+ is not a multiple of 128"
# Caught by the generic ELF checks before MODULE_PARM() code sees it.
refuse section-size-beyond-file	"Invalid ELF section in module"

refuse type-unknown-letter	"${P}obsolete parameter 'hc_int' of type \"x\" refused: unknown type letter"
refuse type-count-zero		"${P}obsolete parameter 'hc_int' of type \"0i\" refused: it takes no values"
refuse type-count-huge		"${P}obsolete parameter 'hc_int' of type \"99999i\" refused: count is too large"
refuse type-min-above-max	"${P}obsolete parameter 'hc_int' of type \"5-2i\" refused: minimum count is above the maximum"
refuse type-len-zero		"${P}obsolete parameter 'hc_buf' of type \"c0\" refused: string length is zero"
refuse type-len-huge		"${P}obsolete parameter 'hc_buf' of type \"c99999\" refused: string length is missing or too large"
refuse type-trailing		"${P}obsolete parameter 'hc_int' of type \"ix\" refused: trailing characters after the type letter"
refuse type-no-letter		"${P}obsolete parameter 'hc_int' of type \"4\" refused: type letter is missing"
refuse type-empty		"${P}obsolete parameter 'hc_int' of type \"\" refused: type letter is missing"
refuse type-range-open		"${P}obsolete parameter 'hc_int' of type \"1-\" refused: range has no valid maximum"
refuse type-range-max-huge	"${P}obsolete parameter 'hc_int' of type \"1-70000i\" refused: range has no valid maximum"

refuse sym-missing		"${P}obsolete parameter 'no_such_var' of type \"i\" refused: the module has no variable of that name at its address"
refuse sym-function-name	"${P}obsolete parameter 'hc_init' of type \"i\" refused: the module has no variable of that name at its address"
refuse sym-function		"${P}obsolete parameter 'hc_init' of type \"i\" refused: its symbol is not a variable"
refuse sym-rodata		"${P}obsolete parameter 'hc_const' of type \"i\" refused: its variable is not in the module's \\.data, \\.bss or \\.init\\.data"
# Only with CONFIG_SMP: otherwise per-cpu data is plain .data and
# corrupt-ko writes no such copy.
if [ -f "$KOS/sym-percpu.ko" ]; then
	refuse sym-percpu	"${P}obsolete parameter 'hc_pcpu' of type \"i\" refused: its variable is per-cpu"
else
	known="$known" # nothing to check
	skip hostile/corrupt/sym-percpu "no per-cpu sections in modules of this kernel (!SMP)"
fi
refuse sym-addr-off		"${P}obsolete parameter 'hc_int' of type \"i\" refused: the module has no variable of that name at its address"
refuse sym-absolute		"${P}obsolete parameter 'hc_int' of type \"i\" refused: its variable is not in a section of the module"
refuse name-not-identifier	"${P}obsolete parameter 'hc\\.int' of type \"i\" refused: its name is not a C identifier"
refuse sym-size-overruns	"${P}obsolete parameter 'hc_small' of type \"1-1000i\" refused: its variable overruns its section"
# Not in the loader's list of refusals, but storage it must not hand out:
# a parameter value would rename the parameter (its name is the record's)
# or overwrite struct module (state, list pointers) while the module is
# on the modules list.
refuse sym-own-record		"${P}(obsolete )?parameter '__obsparm_hc_int' "
refuse sym-this-module		"${P}(obsolete )?parameter '__this_module' "
refuse too-small-array		"${P}obsolete parameter 'hc_small' of type \"1-64i\" refused: needs 256 bytes, but its variable has 8"
refuse too-small-string		"${P}obsolete parameter 'hc_buf' of type \"2c17\" refused: needs 34 bytes, but its variable has 32"
refuse too-small-charp		"${P}obsolete parameter 'hc_str' of type \"2s\" refused: needs 16 bytes, but its variable has 8"
refuse duplicate		"${P}parameter 'hc_int' is declared twice"
refuse duplicate-new-style	"${P}parameter 'hc_new' is declared twice"

# Every .ko corrupt-ko wrote has a case here.
for f in "$KOS"/*.ko; do
	c=$(basename "$f" .ko)
	case "$known" in
	*" $c "*) ;;
	*)	fail "hostile/corrupt/unknown-file/$c" "$f has no expectation in guest-corrupt.sh" ;;
	esac
done

echo "hostile: $ncase corrupted-module cases tried"
summary
