#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/footprint-floor.sh [PATCH...]
#
# How small can CONFIG_OBSOLETE_MODPARM=y get?  For each PATCH (default:
# bench/footprint-floor/*.patch), check out the series in a worktree of
# build/linux under build/bench/, apply PATCH on top, build vmlinux with
# the =y configuration bench/footprint.sh used, and print
# scripts/bloat-o-meter's total against its pristine vmlinux.
#
# The patches are size experiments, never booted: see
# bench/footprint-floor/README.  Run bench/footprint.sh (make bench)
# first; each variant is a clean build of about 3 minutes on 2 cores.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

bench=$BUILD_DIR/bench
pristine=$bench/out-pristine/vmlinux
ycfg=$bench/out-y/.config
if [ ! -f "$pristine" ] || [ ! -f "$ycfg" ]; then
	die "no pristine and =y builds in $bench: run 'make bench' first"
fi
series_commit=$(git -C "$KSRC" rev-parse HEAD)

if [ $# -eq 0 ]; then
	set -- "$MODPARM_TOP"/bench/footprint-floor/*.patch
fi

for patch in "$@"; do
	patch=$(realpath "$patch")
	name=$(basename "$patch" .patch)
	src=$bench/src-floor-$name
	out=$bench/out-floor-$name
	rm -rf "$out"
	if [ -e "$src/.git" ]; then
		git -C "$src" checkout -q -f --detach "$series_commit"
	else
		git -C "$KSRC" worktree prune
		git -C "$KSRC" worktree add -q --detach "$src" "$series_commit"
	fi
	git -C "$src" apply "$patch" ||
		die "$name: does not apply to the series at $(git -C "$KSRC" rev-parse --short HEAD)"
	mkdir -p "$out"
	cp "$ycfg" "$out/.config"
	make -s -C "$src" O="$out" LOCALVERSION= olddefconfig >/dev/null
	grep -qx CONFIG_OBSOLETE_MODPARM=y "$out/.config" ||
		die "$name: CONFIG_OBSOLETE_MODPARM=y did not stick"
	printf '[footprint-floor] building vmlinux: %s\n' "$name" >&2
	make -s -C "$src" O="$out" LOCALVERSION= -j"${BENCH_JOBS:-2}" vmlinux >&2
	"$KSRC"/scripts/bloat-o-meter "$pristine" "$out/vmlinux" > "$out/bloat.txt"
	printf '%s: %s\n' "$name" "$(grep -m1 '^add/remove:' "$out/bloat.txt")"
	git -C "$src" checkout -q -f --detach "$series_commit"
done
