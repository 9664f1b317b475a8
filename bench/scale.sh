#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/scale.sh OUTFILE
#
# How modparm-convert scales with the tree and with -j: the corpus
# (BENCH_CORPUS) copied once and eight times into a temporary directory
# (the copies are hard links of one copy: the tool only reads them), and
# the tool run over each, --report and diff mode (stdout to /dev/null),
# with -j 1 and -j 2.  Each combination runs BENCH_SCALE_RUNS times (3),
# the combinations taking turns within a round so that a load on the
# machine falls on them alike; the median wall time is kept, with the
# peak RSS of that run.  Writes key=value lines to OUTFILE:
#   scale_<x1|x8>_<report|diff>_j<1|2>_{wall,rss,rc,cpu}
# and the figures the ratios need beside them (CPUs, load average).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

outfile=${1:?usage: scale.sh OUTFILE}
corpus=${BENCH_CORPUS:-${MODPARM_SHARED:-$MODPARM_TOP/../shared}/corpus/linux-2.4.27}
runs=${BENCH_SCALE_RUNS:-3}
conv=$MODPARM_TOP/tools/modparm-convert/modparm-convert

if [ ! -d "$corpus" ]; then
	echo "scale_skip=corpus $corpus is missing" > "$outfile"
	exit 0
fi
make -s -C "$MODPARM_TOP/tools/modparm-convert" >&2
[ -x "$conv" ] || die "$conv did not build"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install time)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/modparm-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/x1" "$tmp/x8"
cp -r "$corpus" "$tmp/x1/copy1"
for i in 1 2 3 4 5 6 7 8; do
	cp -al "$tmp/x1/copy1" "$tmp/x8/copy$i"
done
nfiles_x1=$(find "$tmp/x1" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
nfiles_x8=$(find "$tmp/x8" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)

# one TREE MODE J ROUND: time one run; $tmp/TREE.MODE.J.ROUND gets
# "WALL RSS RC CPU", CPU being user + system seconds
one() {
	local tree=$1 mode=$2 j=$3 r=$4 rc=0 flag=
	[ "$mode" = report ] && flag=--report
	(cd "$tmp" && /usr/bin/time -o "$tmp/time.out" -f '%e %M %U %S' \
		"$conv" -q -j "$j" $flag "$tree" >/dev/null 2>&1) || rc=$?
	# WALL RSS RC CPU
	awk -v rc=$rc 'END { printf "%s %s %d %.2f\n", $1, $2, rc, $3 + $4 }' "$tmp/time.out" \
		> "$tmp/$tree.$mode.$j.$r"
}

load_before=$(cut -d' ' -f1 /proc/loadavg)
for r in $(seq 1 "$runs"); do
	for tree in x1 x8; do
		for mode in report diff; do
			for j in 1 2; do
				one $tree $mode $j "$r"
			done
		done
	done
done
load_after=$(cut -d' ' -f1 /proc/loadavg)

{
	echo "scale_corpus=$(realpath --relative-to="$MODPARM_TOP" "$corpus")"
	echo "scale_files_x1=$nfiles_x1"
	echo "scale_files_x8=$nfiles_x8"
	echo "scale_runs=$runs"
	echo "scale_cpus=$(getconf _NPROCESSORS_ONLN)"
	echo "scale_load=$load_before $load_after"
	for tree in x1 x8; do
		for mode in report diff; do
			for j in 1 2; do
				# the median run by wall time
				read -r w m rc cpu < <(cat "$tmp/$tree.$mode.$j".* | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
				echo "scale_${tree}_${mode}_j${j}_wall=$w"
				echo "scale_${tree}_${mode}_j${j}_walls=$(cut -d' ' -f1 "$tmp/$tree.$mode.$j".* | tr '\n' ' ' | sed 's/ $//')"
				echo "scale_${tree}_${mode}_j${j}_rss=$m"
				echo "scale_${tree}_${mode}_j${j}_rc=$rc"
				echo "scale_${tree}_${mode}_j${j}_cpu=$cpu"
			done
		done
	done
} > "$outfile"
