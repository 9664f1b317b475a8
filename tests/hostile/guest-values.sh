# SPDX-License-Identifier: GPL-2.0
#
# guest-values.sh - hostile parameter values for hostile_params.ko, whose
# MODULE_PARM()s cover every form: pb "b", ph "h", pi "i", pl "l", ps "s",
# pc "c16", ai "4i", ah "1-4h", al "0-3l", as "1-3s", ac "1-2c8".
#
# Each case insmods the module once.  It must either be refused (insmod
# fails, the module is not in /proc/modules, and the kernel log says why:
# the module, the parameter and the reason) or, where the grammar accepts
# the value, load with exactly the expected value in sysfs and unload
# again.  One "PASS: hostile/values/CASE" or "FAIL: ..." per case.
#
# Facts the expectations rely on (kernel/params.c, lib/kstrtox.c):
#  - kmod's insmod joins its arguments with spaces; the kernel splits them
#    again at whitespace outside double quotes and strips one pair of
#    quotes around a value (next_arg()).  The kernel's ctype is Latin-1:
#    0xa0 is whitespace there.
#  - numbers go through kstrto*() with base 0: 0x hex, leading 0 octal,
#    optional sign, range-checked for the C type.
#  - "s" values are at most 1024 characters; "cLEN" values shorter than LEN.
#  - sysfs shows every element of an array (MAX of them), defaults included:
#    there is no count of the values given.
#  - unknown parameters are ignored with a warning; a known one without
#    "=" is refused ("needs a value").
#  - an array error names the module and the parameter ("MOD: NAME: can
#    only take N arguments"), then parse_args() names the whole value.
#  - MODULE_PARM() parameters are read-only to root in sysfs: mode 0400.
#  - every refused value ends in parse_args()'s "MOD: `VALUE' invalid for
#    parameter `NAME'" ("too large" for a string that does not fit); a
#    count, a missing value or a string length is said first, in a line
#    of its own.  printk() cuts a line at 1024 bytes: of a value longer
#    than about 1000 characters only the start is shown, and neither the
#    reason nor the parameter.
# busybox sh.
. "$TESTLIB"
# The kernel log starts empty for this part: guest.sh's marks count from
# 1 in every script, and a mark of an earlier part in the same boot would
# match first.
dmesg -c > /dev/null

M=$MODDIR/hostile_params/hostile_params.ko
MOD=hostile_params
SYS=/sys/module/$MOD/parameters
ntried=0

# rmmod: busybox's, a bare delete_module(): kmod's costs an exec of a
# dynamically linked binary with libcrypto, slow under TCG.
unload() {
	busybox rmmod $MOD
}

# short S: S for a message: control bytes escaped, at most 60 characters.
short() {
	printf '%s' "$1" | od -An -c | tr -s ' \n' ' ' | sed 's/^ //; s/ $//' |
		awk -v n="${#1}" '{ if (length($0) > 60) $0 = substr($0, 1, 60) "..."; print $0 " (" n " chars)" }'
}

# sysfs_all: every parameter's sysfs value, for a message.
sysfs_all() {
	for _f in "$SYS"/*; do
		printf '%s=%s; ' "${_f##*/}" "$(short "$(cat "$_f" 2>&1)")"
	done
}

# try CASE refuse ERE... -- ARGS...
# try CASE PARAM VALUE [PARAM VALUE]... -- ARGS...
#	insmod hostile_params.ko ARGS...: refused, with every ERE matching a
#	kernel message of this insmod (at least one ERE: a refusal without
#	its reason proves nothing), or loaded with each PARAM reading VALUE
#	in sysfs (and then unloaded).
try() {
	_c=hostile/values/$1
	shift
	_n=0
	_refuse=0
	_ne=0
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		if [ "$1" = refuse ]; then
			_refuse=1
			shift
			continue
		fi
		if [ $_refuse = 1 ]; then
			_ne=$((_ne + 1))
			eval "_we$_ne=\$1"
			shift
			continue
		fi
		_n=$((_n + 1))
		eval "_wp$_n=\$1 _wv$_n=\$2"
		shift 2
	done
	[ "$1" = -- ] && shift
	ntried=$((ntried + 1))

	if module_listed $MOD; then
		unload 2>/dev/null
	fi
	dmesg_mark
	kmark
	if insmod "$M" "$@" > /tmp/hostile-insmod.out 2>&1; then _ok=1; else _ok=0; fi

	if [ $_refuse = 1 ]; then
		if [ $_ok = 1 ]; then
			_got=$(sysfs_all)
			unload 2>/dev/null
			fail "$_c" "accepted, expected a refusal; sysfs: $_got"
		elif module_listed $MOD; then
			unload 2>/dev/null
			fail "$_c" "insmod failed but $MOD is in /proc/modules"
		elif [ $_ne = 0 ]; then
			fail "$_c" "refused, but the case names no message to expect"
		else
			why_refused "$_c"
		fi
		return
	fi

	if [ $_ok = 0 ]; then
		_why=$(dmesg_since | grep -v 'uses obsolete MODULE_PARM' | tail -n 1)
		module_listed $MOD && unload 2>/dev/null
		fail "$_c" "refused, expected a load: $(tr "\n" " " < /tmp/hostile-insmod.out | cut -c1-120) [$_why]"
		return
	fi
	if ! module_listed $MOD; then
		fail "$_c" "insmod succeeded but $MOD is not in /proc/modules"
		return
	fi
	_bad=
	_i=1
	while [ $_i -le $_n ]; do
		eval "_p=\$_wp$_i _v=\$_wv$_i"
		_g=
		if ! IFS= read -r _g < "$SYS/$_p"; then
			_bad="$_bad $_p: cannot read $SYS/$_p;"
		elif [ "$_g" != "$_v" ]; then
			_bad="$_bad $_p is '$(short "$_g")', want '$(short "$_v")';"
		fi
		_i=$((_i + 1))
	done
	if ! unload 2> /tmp/hostile-rmmod.out; then
		_bad="$_bad rmmod failed: $(cat /tmp/hostile-rmmod.out);"
	elif module_listed $MOD; then
		_bad="$_bad still in /proc/modules after rmmod;"
	fi
	if [ -z "$_bad" ]; then
		pass "$_c"
	else
		fail "$_c" "${_bad# }"
	fi
}

# The refusals are judged on /dev/kmsg, read all along into $KMSG: dmesg
# (syslog(2)) leaves out a record of the full 1024 bytes, and the
# messages of the longest values are such records.  kmark before each
# insmod; kmsg_since writes a sync record and waits until the reader has
# it, then prints the records in between ("LEVEL,SEQ,USEC,-;TEXT",
# non-printable bytes as \xNN).
KMSG=/tmp/hostile-kmsg
: > $KMSG
cat /dev/kmsg >> $KMSG &
kmsg_pid=$!
_km=0
kmark() {
	_km=$((_km + 1))
	: > $KMSG	# the reader appends: earlier records need not stay
	echo "<7>hostile-values: mark $_km" > /dev/kmsg
}
kmsg_since() {
	echo "<7>hostile-values: sync $_km" > /dev/kmsg
	_t=0
	until grep -q ";hostile-values: sync $_km\$" $KMSG; do
		_t=$((_t + 1))
		[ $_t -le 50 ] || break
		sleep 0.1
	done
	sed -n "/;hostile-values: mark $_km\$/,/;hostile-values: sync $_km\$/p" $KMSG
}

# reasons_missing: _miss lists the EREs _we1.._we$_ne that match no kernel
# message of the last insmod (empty: all of them match).
reasons_missing() {
	kmsg_since > /tmp/hostile-dmesg.out
	_miss=
	_k=1
	while [ $_k -le $_ne ]; do
		eval "_e=\$_we$_k"
		grep -qE -- "$_e" /tmp/hostile-dmesg.out || _miss="$_miss '$_e'"
		_k=$((_k + 1))
	done
}

# why_refused CASE: every ERE _we1.._we$_ne matches a kernel message of
# the last insmod; PASS or FAIL CASE.
why_refused() {
	reasons_missing
	if [ -z "$_miss" ]; then
		pass "$1"
		return
	fi
	_said=$(grep -v -e 'hostile-values: ' -e 'uses obsolete MODULE_PARM' /tmp/hostile-dmesg.out |
		cut -c1-160 | tr '\n' '|')
	fail "$1" "refused, but no kernel message matches$_miss; it said: ${_said:-nothing}"
}

# Where a kernel message starts: after /dev/kmsg's "LEVEL,SEQ,USEC,-;"
# (or dmesg's "[  12.345678] ").
A='(^|[]] |;)'

# rep N STRING: STRING N times.
rep() {
	_r=
	_k=0
	while [ $_k -lt "$1" ]; do
		_r=$_r$2
		_k=$((_k + 1))
	done
	printf '%s' "$_r"
}

A1000=$(rep 10 "$(rep 100 A)")
A3000=$A1000$A1000$A1000
A1024=$A1000$(rep 24 A)
A1025=${A1024}A
D3000=$(rep 30 "$(rep 100 9)")
Z3000=$(rep 30 "$(rep 100 0)")
C600=$(rep 600 ,)
L601=$(rep 600 7,)7

# --- the loop: every hostile value for every parameter --------------------
# Functions set variables rather than print: command substitutions fork.
# hv I: _hv is value I, _hn its case name.
NV=17
hv() {
	case $1 in
	1) _hn=long3000 _hv=$A3000 ;;
	2) _hn=digits3000 _hv=$D3000 ;;
	3) _hn=commas600 _hv=$C600 ;;
	4) _hn=list601 _hv=$L601 ;;
	5) _hn=empty-elements _hv=',,,' ;;
	6) _hn=l-max-plus-1 _hv=9223372036854775808 ;;
	7) _hn=l-min-minus-1 _hv=-9223372036854775809 ;;
	8) _hn=hex-prefix-only _hv=0x ;;
	9) _hn=minus _hv=- ;;
	10) _hn=plus _hv=+ ;;
	11) _hn=int-max-hex _hv=0x7fffffff ;;
	12) _hn=int-min-hex _hv=-0x80000000 ;;
	13) _hn=int-max-plus-1 _hv=2147483648 ;;
	14) _hn=quote _hv='"' ;;
	15) _hn=format _hv='%n%n%s' ;;
	16) _hn=bytes-01-ff _hv=$BYTES ;;
	17) _hn=no-equals _hv= ;;	# the parameter name alone
	esac
}
BYTES=$(printf 'a\001b\377c')

# want P I: _w is what P=(value I) must do: "refuse", or "=SYSFS" for a
# load.  Needs hv I first.
want() {
	_w=refuse
	case $1 in
	pi)	case $2 in
		11) _w==2147483647 ;;
		12) _w==-2147483648 ;;
		esac ;;
	pl)	case $2 in
		11) _w==2147483647 ;;
		12) _w==-2147483648 ;;
		13) _w==2147483648 ;;
		esac ;;
	al)	case $2 in
		11) _w==2147483647,11,12 ;;
		12) _w==-2147483648,11,12 ;;
		13) _w==2147483648,11,12 ;;
		esac ;;
	ps)	case $2 in
		1|2|3|4|5|17) ;;
		14) _w== ;;
		*) _w="=$_hv" ;;
		esac ;;
	pc)	case $2 in
		1|2|3|4|5|6|7|17) ;;
		14) _w== ;;
		*) _w="=$_hv" ;;
		esac ;;
	as)	case $2 in
		1|2|3|4|5|17) ;;
		14) _w==,s1,s2 ;;
		*) _w="=$_hv,s1,s2" ;;
		esac ;;
	ac)	case $2 in
		1|2|3|4|5|6|7|11|12|13|17) ;;
		14) _w==,c1 ;;
		*) _w="=$_hv,c1" ;;
		esac ;;
	esac	# pb, ph, ai, ah: nothing fits
}

# why P I: the messages of the refusal of P=(value I): EREs _y1 and, where
# a line of its own says why first, _y2.  Needs hv I.
why() {
	case $1 in
	ai|ah)	_max=4 ;;
	al|as)	_max=3 ;;
	ac)	_max=2 ;;
	*)	_max=1 ;;
	esac
	case $1 in
	pc)	_len=15 ;;
	ac)	_len=7 ;;
	*)	_len= ;;
	esac
	# The line that says why first, if any; _big: a string too long for
	# its buffer, which parse_args() calls "too large".
	_y2= _big=0
	case $1:$2 in
	*:17)	_y2="$A$1: needs a value\$" ;;
	*:4|ps:[35]|pc:[35]|as:[35]|ac:[35])
		_y2="$A$MOD: $1: can only take $_max arguments\$" ;;
	ps:[12]|as:[12])
		_y2="$A$1: string parameter too long\$" ;;
	ai:1[12])
		_y2="$A$MOD: ai: needs at least 4 arguments\$" ;;
	pc:*|ac:*)
		_y2="$A$1: string doesn't fit in $_len chars\\.\$" _big=1 ;;
	esac
	# parse_args()'s line for the whole value, cut after about 1000
	# characters.
	case $2 in
	1)	_y1="$A$MOD: \`AAAAAAAA[^']*\$" ;;
	2)	_y1="$A$MOD: \`99999999[^']*\$" ;;
	4)	_y1="$A$MOD: \`7,7,7,7,[^']*\$" ;;
	17)	_y1="$A$MOD: \`' invalid for parameter \`$1'\$" ;;
	*)	if [ $_big = 1 ]; then
			_y1="$A$MOD: \`.*' too large for parameter \`$1'\$"
		else
			_y1="$A$MOD: \`.*' invalid for parameter \`$1'\$"
		fi ;;
	esac
}

for p in pb ph pi pl ps pc ai ah al as ac; do
	i=1
	while [ $i -le $NV ]; do
		hv $i
		want $p $i
		if [ $i = 17 ]; then
			arg=$p
		else
			arg=$p=$_hv
		fi
		case $_w in
		refuse)	why $p $i
			try "$_hn/$p" refuse "$_y1" ${_y2:+"$_y2"} -- "$arg" ;;
		=*)	try "$_hn/$p" $p "${_w#=}" -- "$arg" ;;
		esac
		i=$((i + 1))
	done
done

# --- boundaries and particular values ---------------------------------------------
try b-max		pb 255				-- pb=255
try b-hex		pb 255				-- pb=0xff
try b-256		refuse "$A$MOD: \`256' invalid for parameter \`pb'\$" -- pb=256
try b-negative		refuse "$A$MOD: \`-1' invalid for parameter \`pb'\$" -- pb=-1
try h-max		ph 32767			-- ph=32767
try h-min-hex		ph -32768			-- ph=-0x8000
try h-32768		refuse "$A$MOD: \`32768' invalid for parameter \`ph'\$" -- ph=32768
try i-octal		pi 8				-- pi=010
try i-plus		pi 5				-- pi=+5
try i-bad-octal		refuse "$A$MOD: \`08' invalid for parameter \`pi'\$" -- pi=08
try i-zeros3000		pi 0				-- "pi=$Z3000"
try l-max		pl 9223372036854775807		-- pl=9223372036854775807
try l-min		pl -9223372036854775808		-- pl=-9223372036854775808
try l-max-hex		pl 9223372036854775807		-- pl=0x7fffffffffffffff
try l-zeros3000		pl 0				-- "pl=$Z3000"
try s-1024		ps "$A1024"			-- "ps=$A1024"
try s-1025		refuse "${A}ps: string parameter too long\$" \
	"$A$MOD: \`AAAAAAAA[^']*\$"	-- "ps=$A1025"
try s-empty		ps ''				-- ps=
try c-15		pc 123456789012345		-- pc=123456789012345
try c-16		refuse "${A}pc: string doesn't fit in 15 chars\\.\$" \
	"$A$MOD: \`1234567890123456' too large for parameter \`pc'\$" -- pc=1234567890123456
try c-empty		pc ''				-- pc=

# Quotes: the kernel strips one pair, and an open quote runs to the end.
try quote-pair		ps 'a b'			-- 'ps="a b"'
try quote-inside	ps 'a"b'			-- 'ps=a"b'
try quote-whole-arg	ps 'x y'			-- '"ps=x y"'
try quote-swallows-next	ps ' pi=5' pi 3			-- 'ps="' pi=5
try quote-ten		pc '""""""""'			-- 'pc=""""""""""'
# Both outer quotes go: 18 are left, more than pc has room for.
try quote-twenty	refuse "${A}pc: string doesn't fit in 15 chars\\.\$" \
	"$A$MOD: \`\"{18}' too large for parameter \`pc'\$" -- 'pc=""""""""""""""""""""'
try quote-in-array	as 'a,"b",c'			-- 'as=a,"b",c'
try space-splits	pi 1 ps s-default		-- 'pi=1 2'
try nbsp-splits		ps a				-- "ps=$(printf 'a\240b')"
try format-in-name	ps s-default			-- '%n%s%s=1'
try byte-ff-in-name	pi 3				-- "$(printf 'p\377')=1"
try format-array	as '%s,%n,%p'			-- 'as=%s,%n,%p'
try bytes-array		ac "$(printf '\001,\377')"	-- "ac=$(printf '\001,\377')"

# Control: the reason is what is checked, not that something was said.
# pi=08 is refused; the message of another parameter and of another
# reason must both be found missing.
ntried=$((ntried + 1))
kmark
insmod "$M" pi=08 > /dev/null 2>&1 && unload
_ne=2
_we1="$A$MOD: \`08' invalid for parameter \`ph'\$"
_we2="${A}pi: needs a value\$"
reasons_missing
if [ "$_miss" = " '$_we1' '$_we2'" ]; then
	pass hostile/values/control/wrong-reason
else
	fail hostile/values/control/wrong-reason "the messages of a refusal the kernel did not give were found:${_miss:- both}"
fi

# Names and separators.
try unknown-no-equals	pi 3				-- nosuch
try empty-name		pi 3				-- =5
try value-has-equals	refuse "$A$MOD: \`1=2' invalid for parameter \`pi'\$" -- pi=1=2
try s-value-has-equals	ps a=b				-- ps=a=b
try twice		pi 2				-- pi=1 pi=2
try twice-s		ps y				-- ps=x ps=y
# One argument: kmod's getopt would drop a separate "--".
try after-dashes	pi 1				-- 'pi=1 -- pi=2'
try dash-for-underscore	pi 3				-- p-i=7

# Arrays: counts.
try ai-4		ai 2147483647,-2147483648,0,-1	-- ai=0x7fffffff,-0x80000000,0,-1
try ai-3		refuse "$A$MOD: ai: needs at least 4 arguments\$" \
	"$A$MOD: \`1,2,3' invalid for parameter \`ai'\$" -- ai=1,2,3
try ai-5		refuse "$A$MOD: ai: can only take 4 arguments\$" \
	"$A$MOD: \`1,2,3,4,5' invalid for parameter \`ai'\$" -- ai=1,2,3,4,5
try ai-trailing-comma	refuse "$A$MOD: ai: can only take 4 arguments\$" \
	"$A$MOD: \`1,2,3,4,' invalid for parameter \`ai'\$" -- ai=1,2,3,4,
try ah-1		ah 7,21,22,23			-- ah=7
try ah-4		ah 32767,-32768,0,1		-- ah=32767,-32768,0,1
try ah-5		refuse "$A$MOD: ah: can only take 4 arguments\$" \
	"$A$MOD: \`1,2,3,4,5' invalid for parameter \`ah'\$" -- ah=1,2,3,4,5
try al-empty		refuse "$A$MOD: \`' invalid for parameter \`al'\$" -- al=
try al-3		al 1,2,3			-- al=1,2,3
try al-4		refuse "$A$MOD: al: can only take 3 arguments\$" \
	"$A$MOD: \`1,2,3,4' invalid for parameter \`al'\$" -- al=1,2,3,4
try as-empties		as ,,				-- as=,,
try as-3x1024		as "$A1024,$A1024,$A1024"	-- "as=$A1024,$A1024,$A1024"
try as-1025		refuse "${A}as: string parameter too long\$" \
	"$A$MOD: \`x,AAAAAAAA[^']*\$"	-- "as=x,$A1025"
try ac-7		ac abcdefg,x			-- ac=abcdefg,x
try ac-8		refuse "${A}ac: string doesn't fit in 7 chars\\.\$" \
	"$A$MOD: \`abcdefgh' too large for parameter \`ac'\$" -- ac=abcdefgh
try ac-8-second		refuse "${A}ac: string doesn't fit in 7 chars\\.\$" \
	"$A$MOD: \`x,abcdefgh' too large for parameter \`ac'\$" -- ac=x,abcdefgh
try pi-no-value		refuse "${A}pi: needs a value\$" \
	"$A$MOD: \`' invalid for parameter \`pi'\$" -- pi
try ac-comma		ac ,				-- ac=,

# 100 KB of arguments: the last of 100 values wins.
big=
k=0
while [ $k -lt 100 ]; do
	big="$big ps=$k$A1000"
	k=$((k + 1))
done
# shellcheck disable=SC2086
try args-100k		ps "99$A1000"			-- $big

try all-at-once pb 9 ph -9 pi 99 pl -99 ps sss pc ccc ai 1,2,3,4 ah 5,6,22,23 \
	al 7,11,12 as x,y,s2 ac z,c1 \
	-- pb=9 ph=-9 pi=99 pl=-99 ps=sss pc=ccc ai=1,2,3,4 ah=5 ah=5,6 al=7 as=x,y ac=z

# Modes: every MODULE_PARM() is read-only to root.
ntried=$((ntried + 1))
if expect_load hostile/values/sysfs-modes "$M"; then
	_bad=
	for p in pb ph pi pl ps pc ai ah al as ac; do
		_m=$(stat -c '%a %u:%g' "$SYS/$p" 2>&1)
		[ "$_m" = "400 0:0" ] || _bad="$_bad $p: $_m;"
	done
	_n=$(ls "$SYS" | wc -l)
	[ "$_n" = 11 ] || _bad="$_bad $_n files in $SYS, want 11;"
	if [ -z "$_bad" ]; then
		pass hostile/values/sysfs-modes/0400
	else
		fail hostile/values/sysfs-modes/0400 "${_bad# }"
	fi
	expect_unload hostile/values/sysfs-modes/unload $MOD
fi

kill $kmsg_pid
echo "hostile: $ntried value cases tried"
summary
