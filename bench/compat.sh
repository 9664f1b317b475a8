#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/compat.sh OUTFILE
#
# The cost of compat/modparm.h, the header-only MODULE_PARM() layer, on
# Debian's stock 6.12 kernel (no series), with the two 256-parameter
# modules of bench/gen-modules.sh; bench_legacy is built with
# -include compat/modparm.h -DMODPARM_QUIET:
#   size  both .ko files built on the host against Debian's 6.12
#         linux-headers (build/bench/compat/), `size` text/data/bss
#   load  bench/load.sh --kernel debian-6.12 --strip: one boot of
#         Debian's kernel (scripts/vm-run), the same timed finit_module()
#         rounds as section 2, the modules taking turns.  Both are
#         stripped with strip -g, as DKMS installs what it builds (dkms
#         3.0.10 of Debian 12: STRIP defaults to yes)
#   control  a second boot with bench_modparam built with the header too
#         (console quiet): what the parameters cost apart from the header's
#         init, which moves time between a module's load and its unload
# Writes key=value lines prefixed compat_ to OUTFILE.  A part that could
# not be measured writes compat_size_skip= or compat_load_skip= with the
# reason instead of its figures, and the script exits 1.
set -uo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

outfile=${1:?usage: compat.sh OUTFILE}
here=$(cd "$(dirname "$0")" && pwd)
work=$BUILD_DIR/bench/compat
header=$MODPARM_TOP/compat/modparm.h
cflags="-include $header -DMODPARM_QUIET"
kernel=debian-6.12
rc=0
mkdir -p "$work"
: > "$outfile" || exit 1
out() { echo "compat_$1=$2" >> "$outfile"; }
# num X: X is a positive number.
num() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v x="$1" 'BEGIN { exit !(x > 0) }'; }
# read_kv ARRAY FILE: FILE's key=value lines into the associative ARRAY.
read_kv() {
	local -n _kv=$1
	local k v
	while IFS='=' read -r k v; do
		[ -n "$k" ] && _kv[$k]=$v
	done < "$2"
}
# ratio A B: A / B to three places, "?" when B is not a positive number.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0) printf "%.3f", a / b; else print "?" }'; }

out kernel "$kernel"
out date "$(date -u '+%Y-%m-%d %H:%M UTC')"
out cflags "-include compat/modparm.h -DMODPARM_QUIET"

# --- size ----------------------------------------------------------------------
size_skip=
if ! debian_kernel "${kernel#debian-}" > "$work/fetch.log" 2>&1; then
	size_skip="Debian's ${kernel#debian-} kernel packages could not be fetched or unpacked (build/bench/compat/fetch.log)"
else
	out release "$DEB_RELEASE"
	out gcc "$(gcc -dumpfullversion)"
	rm -rf "$work/gen"
	"$here/gen-modules.sh" "$work/gen" 256
	echo "ccflags-y += $cflags" >> "$work/gen/bench_legacy/Kbuild"
	for m in legacy modparam; do
		d=$work/gen/bench_$m
		if ! nice -n 10 make -C "$DEB_HDR" M="$d" -j"$JOBS" modules > "$work/build-$m.log" 2>&1 ||
			[ ! -f "$d/bench_$m.ko" ]; then
			size_skip="bench_$m.ko did not build against Debian's $DEB_RELEASE headers (build/bench/compat/build-$m.log)"
			break
		fi
		# A MODULE_PARM() warning here would mean -DMODPARM_QUIET was lost.
		if grep -qE '(^|: )(warning|error)[: ]' "$work/build-$m.log"; then
			size_skip="bench_$m.ko built with warnings (build/bench/compat/build-$m.log)"
			break
		fi
		read -r t dt b _ < <(size "$d/bench_$m.ko" | tail -1)
		for v in "$t" "$dt"; do
			num "$v" || size_skip="size gave no figures for bench_$m.ko"
		done
		[ -z "$size_skip" ] || break
		out "size_${m}_text" "$t"
		out "size_${m}_data" "$dt"
		out "size_${m}_bss" "$b"
		out "size_${m}_file" "$(stat -c %s "$d/bench_$m.ko")"
	done
fi
if [ -n "$size_skip" ]; then
	echo "compat.sh: size: $size_skip" >&2
	out size_skip "$size_skip"
	rc=1
fi

# --- load ----------------------------------------------------------------------
load_skip=
lt=$work/load.txt
if ! "$here/load.sh" --kernel "$kernel" --strip --legacy-cflags "$cflags" "$lt" > "$work/load.log" 2>&1; then
	tail -5 "$work/load.log" >&2
	load_skip="the boot of $kernel failed: $(grep -m1 -oE 'error: .*' "$work/load.log" || echo "see build/bench/compat/load.log")"
else
	declare -A L=()
	read_kv L "$lt"
	out loads "${L[loads]:-?}"
	out ns_per_tick "${L[ns_per_tick]:-?}"
	out vm_release "${L[release]:-?}"
	for ph in syscall-quiet syscall-console exec; do
		for m in legacy modparam; do
			n=${L[${ph}_${m}_n]:-0} l=${L[${ph}_${m}_load]:-}
			if [ "$n" != "${L[loads]:-}" ] || ! num "$l"; then
				load_skip="phase $ph: $n of ${L[loads]:-?} timed loads of bench_$m, median '$l' (build/bench/load-$kernel-raw.txt)"
				break 2
			fi
		done
	done
	if [ -z "$load_skip" ]; then
		for ph in syscall-quiet syscall-console exec; do
			for m in legacy modparam; do
				out "${ph}_${m}_load" "${L[${ph}_${m}_load]}"
				out "${ph}_${m}_unload" "${L[${ph}_${m}_unload]:-?}"
			done
			out "${ph}_ratio" "$(ratio "${L[${ph}_legacy_load]}" "${L[${ph}_modparam_load]}")"
			out "${ph}_pair_ratio" "${L[${ph}_pair_ratio]:-?}"
		done
	fi
fi

# --- control: the twin built with the header too ---------------------------------
# The header replaces the module's init (it warns, then calls the
# driver's).  Built into a module without one MODULE_PARM(), that alone
# moves time between the load and the unload; with both modules built
# with it, the ratio is that of the parameters.  One more boot.
ct=$work/load-control.txt
if [ -z "$load_skip" ] &&
	"$here/load.sh" --kernel "$kernel" --name "$kernel-control" --strip \
		--legacy-cflags "$cflags" --modparam-cflags "$cflags" "$ct" \
		> "$work/load-control.log" 2>&1; then
	declare -A C=()
	read_kv C "$ct"
	for m in legacy modparam; do
		for d in load unload; do
			out "control_${m}_$d" "${C[syscall-quiet_${m}_$d]:-?}"
		done
	done
	out control_ratio "$(ratio "${C[syscall-quiet_legacy_load]:-0}" "${C[syscall-quiet_modparam_load]:-0}")"
	out control_pair_ratio "${C[syscall-quiet_pair_ratio]:-?}"
elif [ -z "$load_skip" ]; then
	out control_skip "the control boot failed (build/bench/compat/load-control.log)"
fi
if [ -n "$load_skip" ]; then
	echo "compat.sh: load: $load_skip" >&2
	out load_skip "$load_skip"
	rc=1
fi
exit $rc
