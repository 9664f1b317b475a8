# SPDX-License-Identifier: GPL-2.0
#
# tests/legacy/guest.sh - the guest half of the legacy MODULE_PARM() suite,
# run by tests/legacy/run through scripts/vm-run (busybox sh).
#
# Modules (built from tests/legacy/modules/):
#   legacy_all       every MODULE_PARM() form plus one module_param()
#   legacy_overflow  "1-8i" on int x[4]: must be refused
#   legacy_initdata  parameters in __initdata: values at load, not in sysfs
#   legacy_multifile MODULE_PARM() on variables another object file defines
#   legacy_percpu    MODULE_PARM() on a per-cpu variable: refused on SMP,
#                    where per-cpu data is not the module's .data
#
# MODULE_PARM() before its declaration, of a name nothing defines, on a
# const or on a variable its letter does not fit are build errors now:
# tests/legacy/build-errors/, checked on the host by tests/legacy/run.
#
# Every check prints one PASS/FAIL line named legacy/...; summary ends it.
# Values are checked in sysfs and in the lines legacy_all prints at init.

. "$TESTLIB"

ALL=legacy_all/legacy_all.ko
SYS=/sys/module/legacy_all/parameters

# The obsolete parameters of legacy_all, and the new-style one.
OBS="debug io irq dma media txq rx_copybreak tx_timeout mem win model ifname units alias"
NEW="verbose"

# params GROUP NAME=VALUE...: each sysfs value of legacy_all.
params() {
	_p_g=$1
	shift
	for _p_a in "$@"; do
		expect_param "legacy/$_p_g/sysfs/${_p_a%%=*}" legacy_all "${_p_a%%=*}" "${_p_a#*=}"
	done
}

# warn_once GROUP: since the last mark, exactly one load-time warning,
# naming exactly the obsolete parameters, in source order.
warn_once() {
	_w_n=$(dmesg_since | grep -c 'legacy_all: uses obsolete MODULE_PARM() for ')
	expect_eq "legacy/$1/warning-once" "$_w_n" 1
	_w_got=$(dmesg_since |
		sed -n 's/.*legacy_all: uses obsolete MODULE_PARM() for \(.*\); see Documentation\/core-api\/obsolete-modparm.rst$/\1/p' |
		head -n 1 | tr -d ',')
	_w_want=$OBS
	expect_eq "legacy/$1/warning-names" "$_w_got" "$_w_want"
}

# refuse NAME PATTERN ARGS...: legacy_all with ARGS must be refused, leave
# nothing loaded, and the kernel must say PATTERN (an ERE).
refuse() {
	_r_n=$1 _r_p=$2
	shift 2
	expect_refuse "legacy/refuse/$_r_n" "$ALL" "$@"
	expect_dmesg "legacy/refuse/$_r_n/message" "$_r_p"
}

# unload GROUP: rmmod legacy_all; its sysfs directory must go too.
unload() {
	expect_unload "legacy/$1/unload" legacy_all
	if [ -e /sys/module/legacy_all ]; then
		fail "legacy/$1/sysfs-gone" "/sys/module/legacy_all still exists"
	else
		pass "legacy/$1/sysfs-gone"
	fi
}

# --- modinfo --------------------------------------------------------------
# "parm: NAME:DESC (TYPE)", or "parm: NAME:TYPE" without a description.
minfo=$(modinfo_parms "$ALL" 2>&1)
for want in \
	'debug:i' \
	'io:I/O ports (1-4i)' \
	'irq:IRQ lines (4i)' \
	'dma:DMA channels (0-3h)' \
	'media:2-6i' \
	'txq:TX queue length (b)' \
	'rx_copybreak:i' \
	'tx_timeout:h' \
	'mem:shared memory base (l)' \
	'win:2l' \
	'model:board model (s)' \
	'ifname:interface name (c16)' \
	'units:units per card (1-3i)' \
	'alias:1-2c16' \
	'verbose:new-style verbosity (int)'; do
	if printf '%s\n' "$minfo" | grep -qxF -- "$want"; then
		pass "legacy/modinfo/${want%%:*}"
	else
		fail "legacy/modinfo/${want%%:*}" "no 'parm: $want' in: $(_gs_oneline "$minfo")"
	fi
done
_m_n=$(printf '%s\n' "$minfo" | grep -c .)
expect_eq legacy/modinfo/count "$_m_n" 15

# --- defaults -----------------------------------------------------------------
if expect_load legacy/defaults/load "$ALL"; then
	warn_once defaults
	params defaults debug=1 io=768,800,832,864 irq=5,9,10,11 dma=1,3,5 \
		media=1,2,0,0,0,0 txq=16 rx_copybreak=200 tx_timeout=400 \
		mem=851968 win=4096,8192 model=ne2000 'ifname=eth%d' \
		units=1,0,0 alias=lan,wan verbose=0
	expect_dmesg legacy/defaults/dmesg-1 'legacy_all: debug=1 io=768,800,832,864 irq=5,9,10,11 dma=1,3,5 media=1,2,0,0,0,0$'
	expect_dmesg legacy/defaults/dmesg-2 'legacy_all: txq=16 rx_copybreak=200 tx_timeout=400 mem=851968 win=4096,8192 units=1,0,0 verbose=0$'
	expect_dmesg legacy/defaults/dmesg-3 'legacy_all: model=ne2000 model_len=6 ifname=eth%d alias=lan,wan$'
	# Obsolete parameters are read-only, to root: mode 0400; the
	# module_param() next to them keeps the mode it asked for.
	for p in $OBS $NEW; do
		want=400
		case " $NEW " in *" $p "*) want=444 ;; esac
		if [ -e "$SYS/$p" ]; then
			expect_eq "legacy/mode/$p" "$(stat -c %a "$SYS/$p")" $want
		else
			fail "legacy/mode/$p" "$SYS/$p does not exist"
		fi
	done
	unload defaults
fi

# --- good values of every form ----------------------------------------------
if expect_load legacy/good/load "$ALL" debug=3 io=0x280,0x2a0 irq=3,4,5,7 \
	dma=6,7 media=1,2,3,4,5,6 txq=255 rx_copybreak=-1 tx_timeout=-32768 \
	mem=-5 win=1,2 'model="isa ne2000"' ifname=abcdefghijklmno \
	units=2,3,4 alias=uplink,abcdefghijklmno verbose=2; then
	warn_once good
	params good debug=3 io=640,672,832,864 irq=3,4,5,7 dma=6,7,5 \
		media=1,2,3,4,5,6 txq=255 rx_copybreak=-1 tx_timeout=-32768 \
		mem=-5 win=1,2 'model=isa ne2000' ifname=abcdefghijklmno \
		units=2,3,4 alias=uplink,abcdefghijklmno verbose=2
	expect_dmesg legacy/good/dmesg-1 'legacy_all: debug=3 io=640,672,832,864 irq=3,4,5,7 dma=6,7,5 media=1,2,3,4,5,6$'
	expect_dmesg legacy/good/dmesg-2 'legacy_all: txq=255 rx_copybreak=-1 tx_timeout=-32768 mem=-5 win=1,2 units=2,3,4 verbose=2$'
	expect_dmesg legacy/good/dmesg-3 'legacy_all: model=isa ne2000 model_len=10 ifname=abcdefghijklmno alias=uplink,abcdefghijklmno$'
	unload good
fi

# --- hex, octal and the limits of each integer type -------------------------
# "l" is a long: 64 bits on x86_64 and riscv64, 32 on arm and mips.
case $(uname -m) in
*64)	LMAX=9223372036854775807 LMIN=-9223372036854775808 LMAXX=0x7fffffffffffffff
	LOVER=9223372036854775808 ;;
*)	LMAX=2147483647 LMIN=-2147483648 LMAXX=0x7fffffff LOVER=2147483648 ;;
esac
if expect_load legacy/radix/load "$ALL" debug=0x10 io=010,0x20,-0x10 \
	irq=0x1,02,3,0 dma=0x7fff,-0x8000 media=00,0x0 txq=0xff \
	rx_copybreak=-2147483648 tx_timeout=077 mem=$LMAXX \
	win=$LMIN,0 units=0x7fffffff; then
	params radix debug=16 io=8,32,-16,864 irq=1,2,3,0 dma=32767,-32768,5 \
		media=0,0,0,0,0,0 txq=255 rx_copybreak=-2147483648 \
		tx_timeout=63 mem=$LMAX \
		win=$LMIN,0 units=2147483647,0,0
	expect_dmesg legacy/radix/dmesg-1 'legacy_all: debug=16 io=8,32,-16,864 irq=1,2,3,0 dma=32767,-32768,5 media=0,0,0,0,0,0$'
	expect_dmesg legacy/radix/dmesg-2 "legacy_all: txq=255 rx_copybreak=-2147483648 tx_timeout=63 mem=$LMAX win=$LMIN,0 units=2147483647,0,0 verbose=0\$"
	unload radix
fi

# --- s: up to 1024 characters, as in 2.4 and as param_set_charp() takes -------
s1024=$(head -c 1024 /dev/zero | tr '\0' m)
if expect_load legacy/s1024/load "$ALL" "model=$s1024"; then
	expect_eq legacy/s1024/sysfs-length "$(cat $SYS/model | tr -d '\n' | wc -c)" 1024
	expect_eq legacy/s1024/sysfs-value "$(cat $SYS/model)" "$s1024"
	expect_dmesg legacy/s1024/dmesg 'legacy_all: model=m{40} model_len=1024 '
	unload s1024
fi
refuse s-1025 'model: string parameter too long' "model=${s1024}m"

# --- bad values: each refused, nothing left loaded ---------------------------
refuse too-many-1-4i 'legacy_all: io: can only take 4 arguments' io=1,2,3,4,5
# The error names the whole value, as given (2.6 cut it at the first comma).
expect_dmesg legacy/refuse/too-many-1-4i/whole-value "legacy_all: \`1,2,3,4,5' invalid for parameter \`io'"
refuse too-many-4i 'legacy_all: irq: can only take 4 arguments' irq=1,2,3,4,5
refuse too-many-0-3h 'legacy_all: dma: can only take 3 arguments' dma=1,2,3,4
refuse too-many-macro 'legacy_all: units: can only take 3 arguments' units=1,2,3,4
refuse too-many-c 'legacy_all: alias: can only take 2 arguments' alias=a,b,c
refuse too-many-scalar 'legacy_all: debug: can only take 1 arguments' debug=1,2
refuse too-few-4i 'irq: needs at least 4 arguments' irq=1,2,3
refuse too-few-2-6i 'media: needs at least 2 arguments' media=1
refuse too-few-stringify 'legacy_all: win: needs at least 2 arguments' win=1
refuse nan-i "legacy_all: \`x' invalid for parameter \`debug'" debug=x
refuse nan-array "legacy_all: \`0x300,abc' invalid for parameter \`io'" io=0x300,abc
# An empty element is no number: 2.4's insmod took it as 0, 2.6.9 ignored
# the error; the layer refuses it (Documentation/core-api/obsolete-modparm.rst).
refuse empty-element "legacy_all: \`1,,3' invalid for parameter \`io'" io=1,,3
refuse nan-l "invalid for parameter \`mem'" mem=12k
refuse b-256 "legacy_all: \`256' invalid for parameter \`txq'" txq=256
refuse b-negative "legacy_all: \`-1' invalid for parameter \`txq'" txq=-1
refuse h-32768 "legacy_all: \`32768' invalid for parameter \`tx_timeout'" tx_timeout=32768
refuse h-array-32768 "invalid for parameter \`dma'" dma=1,32768
refuse i-2147483648 "legacy_all: \`2147483648' invalid for parameter \`debug'" debug=2147483648
refuse i-array-2147483648 "invalid for parameter \`irq'" irq=1,2,3,2147483648
refuse l-over "legacy_all: \`$LOVER' invalid for parameter \`mem'" mem=$LOVER
refuse c16-too-long "ifname: string doesn't fit in 15 chars" ifname=abcdefghijklmnop
expect_dmesg legacy/refuse/c16-too-long/message-2 "legacy_all: \`abcdefghijklmnop' too large for parameter \`ifname'"
refuse c16-array-too-long "alias: string doesn't fit in 15 chars" alias=ok,abcdefghijklmnop
refuse missing-value 'debug: needs a value' debug
refuse missing-value-array 'io: needs a value' io
refuse missing-value-s 'model: needs a value' model
refuse empty-i "legacy_all: \`' invalid for parameter \`debug'" debug=
refuse new-style-nan "legacy_all: \`x' invalid for parameter \`verbose'" verbose=x

# --- storage checks ------------------------------------------------------------
expect_refuse legacy/overflow/refuse legacy_overflow/legacy_overflow.ko
expect_dmesg legacy/overflow/message "legacy_overflow: obsolete parameter 'x' of type \"1-8i\" refused: needs 32 bytes, but its variable has 16"

# Per-cpu data is not the module's .data on SMP: the parameter would
# write one CPU's copy, or none.  On UP it is plain .data and works.
# What counts is CONFIG_SMP (uname -v says "SMP"), not how many CPUs
# this boot brought up: an SMP kernel on one CPU still has the section.
PC=legacy_percpu/legacy_percpu.ko
if uname -v | grep -qw SMP; then
	# vm-run gives an SMP kernel two CPUs; on x86 both must come up
	# (SeaBIOS's MP table listed one, qboot's lists both).
	[ "$(uname -m)" != x86_64 ] ||
		expect_eq legacy/smp/two-cpus "$(cat /sys/devices/system/cpu/online)" 0-1
	expect_refuse legacy/percpu/refuse-smp $PC
	expect_dmesg legacy/percpu/message "legacy_percpu: obsolete parameter 'count' of type \"i\" refused: its variable is not in the module's \\.data, \\.bss or \\.init\\.data"
elif expect_load legacy/percpu/load-up $PC count=3; then
	expect_param legacy/percpu/value-up legacy_percpu count 3
	expect_unload legacy/percpu/unload-up legacy_percpu
fi

# --- __initdata, as 2.4 drivers had it ------------------------------------------
INIT=legacy_initdata/legacy_initdata.ko
if expect_load legacy/initdata/defaults $INIT; then
	expect_dmesg legacy/initdata/defaults/values "legacy_initdata: io=0x300 irq=5,0,0,0 options=\(null\) names=\(null\),\(null\) label=none$"
	expect_unload legacy/initdata/defaults/unload $INIT
fi
if expect_load legacy/initdata/set $INIT io=0x220 irq=7,9 options=full_duplex names=eth0,eth1 label=card0; then
	expect_dmesg legacy/initdata/set/values "legacy_initdata: io=0x220 irq=7,9,0,0 options=full_duplex names=eth0,eth1 label=card0$"
	# Freed after init: nothing to show, so no file at all.
	_n=$(ls /sys/module/legacy_initdata/parameters 2>/dev/null | wc -l)
	expect_eq legacy/initdata/not-in-sysfs "$_n" 0
	expect_unload legacy/initdata/set/unload $INIT
fi
expect_refuse legacy/initdata/bad-value $INIT irq=1,2,3,4,5
expect_dmesg legacy/initdata/bad-value/message "irq: can only take 4 arguments"
expect_refuse legacy/initdata/too-long $INIT label=0123456789abcdef
expect_dmesg legacy/initdata/too-long/message "label: string doesn't fit in 15"

# --- variables of another object file of the module ----------------------------
MF=legacy_multifile/legacy_multifile.ko
MFSYS=/sys/module/legacy_multifile/parameters
_mf_info=$(modinfo_parms "$MF" 2>&1)
expect_eq legacy/multifile/modinfo "$(_gs_oneline "$_mf_info")" \
	"$(_gs_oneline 'lmf_debug:debug level, defined in lmf_hw.c (i)
lmf_base:1-2l
lmf_name:c8')"
if expect_load legacy/multifile/defaults $MF; then
	expect_dmesg legacy/multifile/defaults/values 'legacy_multifile: debug=2 base=0xd0000,0xe0000 name=card$'
	expect_dmesg legacy/multifile/defaults/warning 'legacy_multifile: uses obsolete MODULE_PARM\(\) for lmf_debug, lmf_base, lmf_name; see Documentation/core-api/obsolete-modparm\.rst$'
	expect_unload legacy/multifile/defaults/unload $MF
fi
if expect_load legacy/multifile/set $MF lmf_debug=5 lmf_base=0x1000 lmf_name=eth9; then
	expect_dmesg legacy/multifile/set/values 'legacy_multifile: debug=5 base=0x1000,0xe0000 name=eth9$'
	expect_param legacy/multifile/set/sysfs-debug $MF lmf_debug 5
	expect_param legacy/multifile/set/sysfs-base $MF lmf_base 4096,917504
	expect_param legacy/multifile/set/sysfs-name $MF lmf_name eth9
	expect_eq legacy/multifile/set/mode "$(stat -c %a $MFSYS/lmf_base 2>&1)" 400
	expect_unload legacy/multifile/set/unload $MF
fi
expect_refuse legacy/multifile/too-many $MF lmf_base=1,2,3
expect_dmesg legacy/multifile/too-many/message 'lmf_base: can only take 2 arguments'
expect_refuse legacy/multifile/too-long $MF lmf_name=abcdefgh
expect_dmesg legacy/multifile/too-long/message "lmf_name: string doesn't fit in 7 chars"

# --- modprobe with options from /etc/modprobe.d ------------------------------
cat > /etc/modprobe.d/legacy.conf <<'EOF'
# tests/legacy/guest.sh
options legacy_all debug=7 io=0x100,0x110 irq=1,2,3,4 txq=1 mem=-1 win=5,6 units=9 model=fromconf ifname=conf0 alias=x,y verbose=5
EOF
if expect_load legacy/modprobe/load legacy_all; then
	warn_once modprobe
	params modprobe debug=7 io=256,272,832,864 irq=1,2,3,4 txq=1 mem=-1 \
		win=5,6 units=9,0,0 model=fromconf ifname=conf0 alias=x,y \
		verbose=5 dma=1,3,5
	expect_dmesg legacy/modprobe/dmesg-3 'legacy_all: model=fromconf model_len=8 ifname=conf0 alias=x,y$'
	dmesg_mark
	if _o=$(modprobe -r legacy_all 2>&1) && ! is_loaded legacy_all; then
		pass legacy/modprobe/remove
	else
		fail legacy/modprobe/remove "modprobe -r legacy_all: $(_gs_oneline "$_o")"
	fi
fi
# Command line values come after the configured ones and win.
if expect_load legacy/modprobe-override/load legacy_all debug=8 irq=4,3,2,1; then
	params modprobe-override debug=8 irq=4,3,2,1 model=fromconf
	unload modprobe-override
fi
rm -f /etc/modprobe.d/legacy.conf

# --- nothing stays loaded ------------------------------------------------------
left=$(grep -E '^legacy_(all|overflow|initdata|multifile|percpu) ' /proc/modules | cut -d' ' -f1 | tr '\n' ' ')
expect_eq legacy/nothing-loaded "$left" ""

summary
