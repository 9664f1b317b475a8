#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/footprint.sh OUTFILE
#
# Build four vmlinux images with the configuration of build/out-base:
#   pristine  the tag 'pristine' of build/linux (no OBSOLETE_MODPARM at all)
#   fix       pristine and the series' first patch only: the params.c
#             array-message fix that module_param_array() gets too, so
#             that the layer's own cost can be told from the fix's
#   y         the series, CONFIG_OBSOLETE_MODPARM=y, KUnit suite off
#   n         the series, CONFIG_OBSOLETE_MODPARM=n (KUnit suite off)
# each from its own git worktree of build/linux under build/bench/ (so the
# shared tree is never touched and a concurrent series update cannot mix
# into a build), and write key=value lines with the text/data/bss sizes
# and the bloat-o-meter totals to OUTFILE.  Reruns are incremental.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

outfile=${1:?usage: footprint.sh OUTFILE}
bench=$BUILD_DIR/bench
base_cfg=$BUILD_DIR/out-base/.config
[ -f "$base_cfg" ] || die "$base_cfg is missing: run scripts/kernel-build base"
[ -d "$KSRC/.git" ] || die "$KSRC is not a git tree: run scripts/kernel-tree"
mkdir -p "$bench"
jobs=${BENCH_JOBS:-2}

series_commit=$(git -C "$KSRC" rev-parse HEAD)
pristine_commit=$(git -C "$KSRC" rev-parse "$PRISTINE_TAG^{commit}")
fix_commit=$(git -C "$KSRC" rev-list --reverse "$PRISTINE_TAG..$series_commit" | head -1)
[ -n "$fix_commit" ] || die "build/linux holds no series on $PRISTINE_TAG"

# worktree DIR COMMIT: a detached worktree of build/linux at COMMIT.
worktree() {
	local dir=$1 commit=$2
	if [ ! -e "$dir/.git" ]; then
		git -C "$KSRC" worktree prune
		git -C "$KSRC" worktree add -q --detach "$dir" "$commit" >&2
	elif [ "$(git -C "$dir" rev-parse HEAD)" != "$commit" ]; then
		git -C "$dir" checkout -q --detach "$commit" >&2
	fi
}

# build NAME SRCDIR CONFIG-EDITS...: vmlinux in build/bench/out-NAME.
build() {
	local name=$1 src=$2; shift 2
	local o=$bench/out-$name
	mkdir -p "$o"
	cp "$base_cfg" "$o/.config.want"
	local e sym
	for e in "$@"; do
		sym=${e%%=*}
		sed -i "/^$sym=/d; /^# $sym is not set/d" "$o/.config.want"
		echo "$e" >> "$o/.config.want"
	done
	# Keep make's timestamps when nothing changed: install the config
	# only when it differs from what the last build started from.
	if ! cmp -s "$o/.config.want" "$o/.config.in" 2>/dev/null; then
		cp "$o/.config.want" "$o/.config"
		cp "$o/.config.want" "$o/.config.in"
	fi
	make -s -C "$src" O="$o" LOCALVERSION= olddefconfig >/dev/null
	for e in "$@"; do
		sym=${e%%=*}
		case "$e" in
		*=n) ! grep -q "^$sym=[ym]$" "$o/.config" ||
			die "$name: $sym still on in $o/.config" ;;
		*)   grep -qx "$e" "$o/.config" || die "$name: '$e' did not stick" ;;
		esac
	done
	printf '[footprint] building vmlinux: %s (%s)\n' "$name" "$(git -C "$src" rev-parse --short HEAD)" >&2
	/usr/bin/time -f "%e" -o "$o/.build-time" \
		make -s -C "$src" O="$o" LOCALVERSION= -j"$jobs" vmlinux >&2
}

worktree "$bench/src-pristine" "$pristine_commit"
worktree "$bench/src-fix" "$fix_commit"
worktree "$bench/src-series" "$series_commit"

# The pristine tree has no such options; olddefconfig drops them.
build pristine "$bench/src-pristine" CONFIG_OBSOLETE_MODPARM_KUNIT_TEST=n CONFIG_OBSOLETE_MODPARM=n
build fix "$bench/src-fix" CONFIG_OBSOLETE_MODPARM_KUNIT_TEST=n CONFIG_OBSOLETE_MODPARM=n
build y "$bench/src-series" CONFIG_OBSOLETE_MODPARM=y CONFIG_OBSOLETE_MODPARM_KUNIT_TEST=n
build n "$bench/src-series" CONFIG_OBSOLETE_MODPARM=n CONFIG_OBSOLETE_MODPARM_KUNIT_TEST=n

bom=$KSRC/scripts/bloat-o-meter

# init_text_bytes VMLINUX: the summed sizes of its .init.text functions,
# which the kernel frees after boot.
init_text_bytes() {
	local sum=0 size
	while read -r size; do
		sum=$((sum + 16#$size))
	done < <(objdump -t "$1" | awk '{
		for (i = 1; i < NF; i++)
			if ($i == ".init.text" && $(i - 1) == "F") { print $(i + 1); break }
	}')
	echo "$sum"
}

# bloat BASE NAME KEY: bloat-o-meter from out-BASE to out-NAME, into
# build/bench/bloat-KEY{,-c}.txt and key=value lines bom_KEY_*.
bloat() {
	local base=$1 n=$2 key=$3 c tot
	for c in "" "-c"; do
		"$bom" $c "$bench/out-$base/vmlinux" "$bench/out-$n/vmlinux" \
			> "$bench/bloat-$key${c}.txt" 2>&1 || true
	done
	# "Total: Before=..., After=..., chg +x.xx%" of the default
	# (text+data symbols) and per-section views.
	tot=$(grep -m1 '^Total:' "$bench/bloat-$key.txt" || true)
	echo "bom_${key}_total=${tot#Total: }"
	# -c prints one "add/remove: ... (DELTA)" line per kind of symbol:
	# functions, data, read-only data.
	awk -v n="$key" '
		/^add\/remove:/ { k++; d = $NF; gsub(/[()]/, "", d)
			print "bom_" n "_" (k == 1 ? "func" : k == 2 ? "data" : "rodata") "=" d }
	' "$bench/bloat-$key-c.txt"
	echo "bom_${key}_growth=$(grep -m1 '^add/remove:' "$bench/bloat-$key.txt" | sed 's/.*grow\/shrink: //')"
	echo "bom_${key}_delta=$(grep -m1 '^add/remove:' "$bench/bloat-$key.txt" | sed -n 's/.*(\([-+0-9]*\)).*/\1/p')"
}

# bloat_by_object KEY NAME OBJ...: the bloat-o-meter deltas of bloat-KEY.txt
# summed over the symbols each object file of out-NAME defines, as
# bom_KEY_in_OBJBASENAME=N, and the rest as bom_KEY_in_other=N.
bloat_by_object() {
	local key=$1 n=$2 o; shift 2
	for o in "$@"; do
		nm --defined-only "$bench/out-$n/$o" 2>/dev/null |
			awk -v tag="$(basename "$o" .o)" '{ print tag, $3 }'
	done | awk -v key="$key" '
		FNR == NR { obj[$2] = $1; next }
		/^Function|^Total:|^add\/remove:/ || NF < 4 { next }
		{ t = ($1 in obj) ? obj[$1] : "other"; sum[t] += $NF }
		END { for (t in sum) print "bom_" key "_in_" t "=" sum[t] }
	' - "$bench/bloat-$key.txt" | sort
}

{
	echo "fp_date=$(date -u "+%Y-%m-%d %H:%M UTC")"
	echo "fp_series_commit=$(git -C "$KSRC" rev-parse --short "$series_commit")"
	echo "fp_pristine_commit=$(git -C "$KSRC" rev-parse --short "$pristine_commit")"
	echo "fp_fix_commit=$(git -C "$KSRC" rev-parse --short "$fix_commit")"
	echo "fp_fix_subject=$(git -C "$KSRC" log -1 --format=%s "$fix_commit")"
	for n in pristine fix y n; do
		read -r t d b _ < <(size "$bench/out-$n/vmlinux" | tail -1)
		echo "size_${n}_text=$t"
		echo "size_${n}_data=$d"
		echo "size_${n}_bss=$b"
		echo "buildtime_${n}=$(cat "$bench/out-$n/.build-time" 2>/dev/null || echo ?)"
	done
	init_pristine=$(init_text_bytes "$bench/out-pristine/vmlinux")
	init_fix=$(init_text_bytes "$bench/out-fix/vmlinux")
	for n in y n; do
		init=$(init_text_bytes "$bench/out-$n/vmlinux")
		echo "init_${n}_delta=$((init - init_pristine))"
		echo "init_fix_${n}_delta=$((init - init_fix))"
		bloat pristine "$n" "$n"
		# The layer alone: against pristine with the array-message fix.
		bloat fix "$n" "fix_$n"
		bloat_by_object "$n" "$n" kernel/module/obsparm.o kernel/params.o
	done
} > "$outfile"
