# SPDX-License-Identifier: GPL-2.0
#
# tests/compat/guest.sh - the guest half of tests/compat/run: on one of
# Debian's stock kernels, tests/legacy/modules/legacy_all built with
# compat/modparm.h force-included (and again with -DMODPARM_QUIET, in
# legacy_all_quiet/), legacy_initdata and legacy_percpu (where the
# variable is), the header's test modules of tests/compat/modules, and the
# DKMS example driver.
#
# The values and sysfs contents are those tests/legacy/guest.sh expects of
# the series; the refusals are compat/modparm.h's own messages, which name
# the module, the parameter and the reason.  Every module the header's
# init_module() lets load says once, as the series' loader does, which of
# its parameters are obsolete.  Every check prints one PASS/FAIL line;
# summary ends it.

# shellcheck source=tests/lib/guest.sh
. "$TESTLIB"

K=$(uname -r)
ALL=legacy_all/legacy_all.ko
SYS=/sys/module/legacy_all/parameters
OBS="debug io irq dma media txq rx_copybreak tx_timeout mem win model ifname units alias"

params() {
	_p_g=$1
	shift
	for _p_a in "$@"; do
		expect_param "$_p_g/sysfs/${_p_a%%=*}" legacy_all "${_p_a%%=*}" "${_p_a#*=}"
	done
}

# refuse NAME PATTERN ARGS...: legacy_all with ARGS is refused, and the
# kernel says PATTERN (an ERE).
refuse() {
	_r_n=$1 _r_p=$2
	shift 2
	expect_refuse "refuse/$_r_n" "$ALL" "$@"
	expect_dmesg "refuse/$_r_n/message" "$_r_p"
}

unload() {
	expect_unload "$1/unload" legacy_all
}

# warned NAME MODULE NAMES: since the last mark, exactly one load warning
# from MODULE, naming NAMES ("a, b, c", in source order).
warned() {
	_w_all=$(dmesg_since | grep -E "(^|[] ])$2: uses obsolete MODULE_PARM\(\) for ")
	_w_n=$(printf '%s' "$_w_all" | grep -c .)
	if [ "$_w_n" != 1 ]; then
		fail "$1" "want 1 load warning from $2, got $_w_n: $(_gs_oneline "$_w_all")"
		return 1
	fi
	case $_w_all in
	*"] $2: uses obsolete MODULE_PARM() for $3; see compat/README.md" | \
	"$2: uses obsolete MODULE_PARM() for $3; see compat/README.md")
		pass "$1" ;;
	*)	fail "$1" "got '$_w_all', want '$2: uses obsolete MODULE_PARM() for $3; see compat/README.md'" ;;
	esac
}

# not_warned NAME MODULE: no load warning from MODULE since the last mark.
not_warned() {
	expect_no_dmesg "$1" "(^|[] ])$2: uses obsolete MODULE_PARM\(\) for "
}

# The obsolete parameters of legacy_all, as its load warning lists them.
OBS_LIST=$(echo $OBS | sed 's/ /, /g')

case $K in
*-amd64)	pass "stock-kernel/$K" ;;
*)		fail "stock-kernel" "uname -r is $K, not one of Debian's amd64 kernels" ;;
esac

# --- modinfo: the stock modinfo shows MODULE_PARM()'s parmtype lines ---------
minfo=$(modinfo_parms "$ALL" 2>&1)
for want in 'debug:i' 'io:I/O ports (1-4i)' 'irq:IRQ lines (4i)' \
	'dma:DMA channels (0-3h)' 'media:2-6i' 'txq:TX queue length (b)' \
	'rx_copybreak:i' 'tx_timeout:h' 'mem:shared memory base (l)' 'win:2l' \
	'model:board model (s)' 'ifname:interface name (c16)' \
	'units:units per card (1-3i)' 'alias:1-2c16' \
	'verbose:new-style verbosity (int)'; do
	if printf '%s\n' "$minfo" | grep -qxF -- "$want"; then
		pass "modinfo/${want%%:*}"
	else
		fail "modinfo/${want%%:*}" "no 'parm: $want' in: $(_gs_oneline "$minfo")"
	fi
done

# --- defaults ------------------------------------------------------------------
if expect_load defaults/load "$ALL"; then
	warned defaults/load-warning legacy_all "$OBS_LIST"
	params defaults debug=1 io=768,800,832,864 irq=5,9,10,11 dma=1,3,5 \
		media=1,2,0,0,0,0 txq=16 rx_copybreak=200 tx_timeout=400 \
		mem=851968 win=4096,8192 model=ne2000 'ifname=eth%d' \
		units=1,0,0 alias=lan,wan verbose=0
	for p in $OBS verbose; do
		want=400
		[ "$p" = verbose ] && want=444
		if [ -e "$SYS/$p" ]; then
			expect_eq "mode/$p" "$(stat -c %a "$SYS/$p")" $want
		else
			fail "mode/$p" "$SYS/$p does not exist"
		fi
	done
	unload defaults
fi

# --- good values of every form -------------------------------------------------
if expect_load good/load "$ALL" debug=3 io=0x280,0x2a0 irq=3,4,5,7 \
	dma=6,7 media=1,2,3,4,5,6 txq=255 rx_copybreak=-1 tx_timeout=-32768 \
	mem=-5 win=1,2 'model="isa ne2000"' ifname=abcdefghijklmno \
	units=2,3,4 alias=uplink,abcdefghijklmno verbose=2; then
	warned good/load-warning legacy_all "$OBS_LIST"
	params good debug=3 io=640,672,832,864 irq=3,4,5,7 dma=6,7,5 \
		media=1,2,3,4,5,6 txq=255 rx_copybreak=-1 tx_timeout=-32768 \
		mem=-5 win=1,2 'model=isa ne2000' ifname=abcdefghijklmno \
		units=2,3,4 alias=uplink,abcdefghijklmno verbose=2
	expect_dmesg good/dmesg-1 'legacy_all: debug=3 io=640,672,832,864 irq=3,4,5,7 dma=6,7,5 media=1,2,3,4,5,6$'
	expect_dmesg good/dmesg-2 'legacy_all: txq=255 rx_copybreak=-1 tx_timeout=-32768 mem=-5 win=1,2 units=2,3,4 verbose=2$'
	expect_dmesg good/dmesg-3 'legacy_all: model=isa ne2000 model_len=10 ifname=abcdefghijklmno alias=uplink,abcdefghijklmno$'
	unload good
fi

# --- limits of each integer type (x86_64: long is 64 bits) ---------------------
if expect_load radix/load "$ALL" debug=0x10 io=010,0x20,-0x10 txq=0xff \
	rx_copybreak=-2147483648 tx_timeout=077 mem=0x7fffffffffffffff \
	win=-9223372036854775808,0 units=0x7fffffff; then
	params radix debug=16 io=8,32,-16,864 txq=255 rx_copybreak=-2147483648 \
		tx_timeout=63 mem=9223372036854775807 \
		win=-9223372036854775808,0 units=2147483647,0,0
	unload radix
fi

# --- -DMODPARM_QUIET silences the build warnings, not the load warning ---------
if expect_load quiet/load legacy_all_quiet/legacy_all.ko; then
	warned quiet/load-warning legacy_all "$OBS_LIST"
	unload quiet
fi

# --- s: up to 1024 characters, as param_set_charp() takes ----------------------
s1024=$(head -c 1024 /dev/zero | tr '\0' m)
if expect_load s1024/load "$ALL" "model=$s1024"; then
	expect_eq s1024/sysfs-length "$(cat $SYS/model | tr -d '\n' | wc -c)" 1024
	unload s1024
fi
refuse s-1025 'legacy_all: parameter model: value 1 \("m{64}"\) is not a string of at most 1024 characters' "model=${s1024}m"

# --- wrong counts --------------------------------------------------------------
refuse too-many-1-4i 'legacy_all: parameter io: can only take 4 arguments' io=1,2,3,4,5
refuse too-many-4i 'legacy_all: parameter irq: can only take 4 arguments' irq=1,2,3,4,5
refuse too-many-0-3h 'legacy_all: parameter dma: can only take 3 arguments' dma=1,2,3,4
refuse too-many-macro 'legacy_all: parameter units: can only take 3 arguments' units=1,2,3,4
refuse too-many-c 'legacy_all: parameter alias: can only take 2 arguments' alias=a,b,c
refuse too-many-scalar 'legacy_all: parameter debug: can only take 1 arguments' debug=1,2
refuse too-few-4i 'legacy_all: parameter irq: needs at least 4 arguments' irq=1,2,3
refuse too-few-2-6i 'legacy_all: parameter media: needs at least 2 arguments' media=1
refuse too-few-stringify 'legacy_all: parameter win: needs at least 2 arguments' win=1

# --- bad values ------------------------------------------------------------------
refuse nan-i 'legacy_all: parameter debug: value 1 \("x"\) is not an int' debug=x
refuse nan-array 'legacy_all: parameter io: value 2 \("abc"\) is not an int' io=0x300,abc
refuse empty-element 'legacy_all: parameter io: value 2 \(""\) is not an int' io=1,,3
refuse nan-l 'legacy_all: parameter mem: value 1 \("12k"\) is not a long' mem=12k
refuse b-256 'legacy_all: parameter txq: value 1 \("256"\) is not a byte' txq=256
refuse b-negative 'legacy_all: parameter txq: value 1 \("-1"\) is not a byte' txq=-1
refuse h-32768 'legacy_all: parameter tx_timeout: value 1 \("32768"\) is not a short' tx_timeout=32768
refuse h-array-32768 'legacy_all: parameter dma: value 2 \("32768"\) is not a short' dma=1,32768
refuse i-2147483648 'legacy_all: parameter debug: value 1 \("2147483648"\) is not an int' debug=2147483648
refuse i-array-2147483648 'legacy_all: parameter irq: value 4 \("2147483648"\) is not an int' irq=1,2,3,2147483648
refuse l-over 'legacy_all: parameter mem: value 1 \("9223372036854775808"\) is not a long' mem=9223372036854775808
refuse c16-too-long 'legacy_all: parameter ifname: value 1 \("abcdefghijklmnop"\) is too long: at most 15 characters' ifname=abcdefghijklmnop
refuse c16-array-too-long 'legacy_all: parameter alias: value 2 \("abcdefghijklmnop"\) is too long: at most 15 characters' alias=ok,abcdefghijklmnop
refuse missing-value 'legacy_all: parameter debug: needs a value' debug
refuse missing-value-array 'legacy_all: parameter io: needs a value' io
refuse missing-value-s 'legacy_all: parameter model: needs a value' model
refuse empty-i 'legacy_all: parameter debug: value 1 \(""\) is not an int' debug=
refuse new-style-nan "legacy_all: \`x' invalid for parameter \`verbose'" verbose=x

# --- where the variable is ---------------------------------------------------------
# __initdata, as 2.4 drivers often had it: values are set before the
# module's init reads them; afterwards the memory is gone, and reading the
# parameter fails instead of reading freed memory.
INIT=legacy_initdata/legacy_initdata.ko
if expect_load initdata/set $INIT io=0x220 irq=7,9 options=full_duplex names=eth0,eth1 label=card0; then
	warned initdata/load-warning legacy_initdata 'io, irq, options, names, label'
	expect_dmesg initdata/set/values 'legacy_initdata: io=0x220 irq=7,9,0,0 options=full_duplex names=eth0,eth1 label=card0$'
	if _o=$(cat /sys/module/legacy_initdata/parameters/irq 2>&1); then
		fail initdata/sysfs-after-init "read '$_o' from freed memory"
	else
		pass initdata/sysfs-after-init
	fi
	expect_unload initdata/unload legacy_initdata
fi
expect_refuse initdata/too-many $INIT irq=1,2,3,4,5
expect_dmesg initdata/too-many/message 'legacy_initdata: parameter irq: can only take 4 arguments'
# A per-cpu variable is not in the module's memory: a value would miss it.
expect_refuse percpu/refuse legacy_percpu/legacy_percpu.ko count=3
expect_dmesg percpu/message "legacy_percpu: parameter count: its variable is not in the module's memory"
# The record is bad whether a value is given or not: the header's
# init_module() refuses the module before the driver's init, unwarned.
expect_refuse percpu/refuse-no-value legacy_percpu/legacy_percpu.ko
expect_dmesg percpu/no-value-message "legacy_percpu: parameter count: its variable is not in the module's memory"
expect_no_dmesg percpu/no-value-init-ran "legacy_percpu: count="
not_warned percpu/no-value-unwarned legacy_percpu

# --- the header's own test modules (tests/compat/modules) -------------------------
# No init at all: the header's init_module() warns, and the module can
# still be unloaded although it has no cleanup_module() either.
NI=compat_noinit/compat_noinit.ko
if expect_load noinit/load $NI level=7; then
	warned noinit/load-warning compat_noinit level
	expect_param noinit/sysfs-level compat_noinit level 7
	expect_unload noinit/unload compat_noinit
fi
# 2.4 style: the driver's own init_module() runs after the warning, what
# it returns is what the loader gets, and its cleanup_module() runs.
OLD=compat_oldinit/compat_oldinit.ko
if expect_load oldinit/load $OLD io=0x300 mode=bnc; then
	warned oldinit/load-warning compat_oldinit 'io, mode, fail'
	expect_dmesg oldinit/init-ran 'compat_oldinit: io=0x300 mode=bnc$'
	expect_unload oldinit/unload compat_oldinit
	expect_dmesg oldinit/cleanup-ran 'compat_oldinit: cleanup_module$'
fi
expect_refuse oldinit/init-refuses $OLD fail=1
expect_dmesg oldinit/init-refuses/message 'compat_oldinit: refusing, as asked$'
# Two object files, each with the header and a MODULE_PARM(): one
# warning names the parameters of both (by line: cm_beta's is cm_more.c:9,
# alpha's cm_main.c:14); the init is that of the file that has one.
if expect_load multi/load compat_multi/compat_multi.ko alpha=5 cm_beta=7; then
	warned multi/load-warning compat_multi 'cm_beta, alpha'
	expect_dmesg multi/init-ran 'compat_multi: alpha=5 beta=7,3$'
	expect_param multi/sysfs-cm_beta compat_multi cm_beta 7,3
	expect_unload multi/unload compat_multi
fi

# More names than fit: the first fourteen in source order (9 characters
# each with ", " between them come to 124 of 128), then "...".
if expect_load many/load compat_many/compat_many.ko; then
	warned many/load-warning compat_many 'parm_00, parm_01, parm_02, parm_03, parm_04, parm_05, parm_06, parm_07, parm_08, parm_09, parm_10, parm_11, parm_12, parm_13, ...'
	expect_unload many/unload compat_many
fi

# Forty-six one-letter names out of order (#line): the first 43 by line,
# T before S on their shared line, fill 127 characters, then "...".
if expect_load letters/load compat_letters/compat_letters.ko; then
	warned letters/load-warning compat_letters 'a, t, M, l, E, d, w, P, o, H, g, z, r, K, j, C, b, u, N, m, T, S, F, e, x, Q, p, I, h, A, s, L, k, D, c, v, O, n, G, f, y, R, q, ...'
	expect_unload letters/unload compat_letters
fi

# --- the DKMS example, a driver left as 2.4 had it -------------------------------
OI=oldisa/oldisa.ko
if expect_load oldisa/defaults "$OI"; then
	warned oldisa/load-warning oldisa 'io, irq, options, name, mode'
	expect_dmesg oldisa/defaults/values 'oldisa: io=0x300 irq=5 options=0,0,0,0 name=oldisa mode=auto$'
	expect_unload oldisa/defaults/unload oldisa
fi
if expect_load oldisa/set "$OI" io=0x280 irq=10 options=1,2 name=eth-isa0 mode=10baseT; then
	expect_dmesg oldisa/set/values 'oldisa: io=0x280 irq=10 options=1,2,0,0 name=eth-isa0 mode=10baseT$'
	expect_param oldisa/set/sysfs-options oldisa options 1,2,0,0
	expect_param oldisa/set/sysfs-name oldisa name eth-isa0
	expect_unload oldisa/set/unload oldisa
fi
expect_refuse oldisa/too-many "$OI" options=1,2,3,4,5
expect_dmesg oldisa/too-many/message 'oldisa: parameter options: can only take 4 arguments'

# --- modprobe with options from /etc/modprobe.d --------------------------------
# What DKMS users do: the stock kmod reads the options and passes them to
# the header's parameters.  legacy_all.ko is here twice (legacy_all/ and
# legacy_all_quiet/, the same source and parameters): modprobe takes the
# one depmod lists, and either must behave the same.
cat > /etc/modprobe.d/legacy.conf <<'EOF'
# tests/compat/guest.sh
options legacy_all debug=7 io=0x100,0x110 irq=1,2,3,4 txq=1 mem=-1 win=5,6 units=9 model=fromconf ifname=conf0 alias=x,y verbose=5
EOF
if expect_load modprobe/load legacy_all; then
	warned modprobe/load-warning legacy_all "$OBS_LIST"
	params modprobe debug=7 io=256,272,832,864 irq=1,2,3,4 txq=1 mem=-1 \
		win=5,6 units=9,0,0 model=fromconf ifname=conf0 alias=x,y \
		verbose=5 dma=1,3,5
	expect_dmesg modprobe/dmesg-3 'legacy_all: model=fromconf model_len=8 ifname=conf0 alias=x,y$'
	if _o=$(modprobe -r legacy_all 2>&1) && ! is_loaded legacy_all; then
		pass modprobe/remove
	else
		fail modprobe/remove "modprobe -r legacy_all: $(_gs_oneline "$_o")"
	fi
fi
# Values on the command line come after the configured ones and win.
if expect_load modprobe-override/load legacy_all debug=8 irq=4,3,2,1; then
	params modprobe-override debug=8 irq=4,3,2,1 model=fromconf
	unload modprobe-override
fi
# A bad value from the configuration is refused like one typed.
echo 'options legacy_all irq=1,2,3,4,5' > /etc/modprobe.d/legacy.conf
expect_refuse modprobe-refuse/too-many legacy_all
expect_dmesg modprobe-refuse/too-many/message 'legacy_all: parameter irq: can only take 4 arguments'
rm -f /etc/modprobe.d/legacy.conf

left=$(grep -E '^(legacy_all|legacy_initdata|legacy_percpu|oldisa|compat_[a-z]+) ' /proc/modules | cut -d' ' -f1 | tr '\n' ' ')
expect_eq nothing-loaded "$left" ""

summary
