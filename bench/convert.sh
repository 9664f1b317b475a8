#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/convert.sh OUTFILE
#
# modparm-convert against the Coccinelle semantic patch on the same copy
# of the Linux 2.4.27 corpus (BENCH_CORPUS).  Each tool gets its own copy
# in a temporary directory; the corpus itself is read-only.
#   modparm-convert, diff mode (stdout): 3 runs, the median wall time
#   modparm-convert -i on a separate copy: 1 run (fsyncs every file)
#   spatch -D patch -j 2: 1 run (about 2 minutes on 2 cores)
# Converted uses are counted alike for both tools: lines of the diff that
# match '^-.*\bMODULE_PARM\s*\(' (for -i, of diff -ruN against the
# original).  BENCH_QUICK=1 runs both tools on the first 60 files only;
# the full-corpus spatch time is then an estimate, scaled by file count.
# Writes key=value lines to OUTFILE.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

outfile=${1:?usage: convert.sh OUTFILE}
corpus=${BENCH_CORPUS:-${MODPARM_SHARED:-$MODPARM_TOP/../shared}/corpus/linux-2.4.27}
quick=${BENCH_QUICK:-0}
conv=$MODPARM_TOP/tools/modparm-convert/modparm-convert
cocci=$KSRC/scripts/coccinelle/api/module_param.cocci
[ -f "$cocci" ] || cocci=$BUILD_DIR/staging/module_param.cocci

if [ ! -d "$corpus" ]; then
	echo "skip=corpus $corpus is missing" > "$outfile"
	exit 0
fi
make -s -C "$MODPARM_TOP/tools/modparm-convert" >&2
[ -x "$conv" ] || die "$conv did not build"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/modparm-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
name=${corpus##*/}
pat='^-.*\bMODULE_PARM\s*\('

# The input: the corpus, or its first 60 files (sorted) that use MODULE_PARM.
mkdir -p "$tmp/src"
nfiles_full=$(find "$corpus" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
if [ "$quick" = 1 ]; then
	(cd "$corpus/.." && "$conv" --count "$name" | sed 's/: [0-9]*$//' | LC_ALL=C sort | head -60 |
		xargs cp --parents -t "$tmp/src")
else
	cp -a "$corpus" "$tmp/src/"
fi
chmod -R u+w "$tmp/src"
nfiles=$(find "$tmp/src" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
uses=$("$conv" --count "$tmp/src/$name" | awk '{ s += $NF } END { print s + 0 }')

# timev OUT CMD...: run CMD under /usr/bin/time -v; OUT.time gets
# "SECONDS MAXRSS_KB".
timev() {
	local out=$1; shift
	/usr/bin/time -v -o "$out.tv" "$@" || true
	awk -F': ' '
		/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0
			for (i = 1; i <= n; i++) s = s * 60 + p[i]; wall = s }
		/Maximum resident set size/ { rss = $2 }
		/Exit status/ { rc = $2 }
		END { printf "%.2f %d %d\n", wall, rss, rc }' "$out.tv" > "$out.time"
}

# modparm-convert, diff mode: 3 runs on one copy (it does not write).
cp -a "$tmp/src" "$tmp/diff"
for r in 1 2 3; do
	(cd "$tmp/diff" && timev "$tmp/conv$r" "$conv" -q "$name" > "$tmp/conv$r.diff" 2> "$tmp/conv$r.err")
done
read -r cw cm crc < <(cat "$tmp"/conv[123].time | sort -n | sed -n 2p)
cconv=$(grep -cE "$pat" "$tmp/conv1.diff" || true)
cannot=$("$conv" --report "$tmp/diff/$name" 2>/dev/null | grep -cE 'cannot convert|is a dead parameter: .*never set' || true)

# modparm-convert -i on a separate copy.
cp -a "$tmp/src" "$tmp/inplace"
(cd "$tmp/inplace" && timev "$tmp/convi" "$conv" -q -i "$name" > /dev/null 2> "$tmp/convi.err")
read -r iw im irc < "$tmp/convi.time"
cinpl=$(diff -ruN "$tmp/src/$name" "$tmp/inplace/$name" | grep -cE "$pat" || true)

# spatch on its own copy.
cp -a "$tmp/src" "$tmp/spatch"
echo "convert.sh: spatch on $nfiles files ($(basename "$cocci")), this takes a while" >&2
(cd "$tmp/spatch" && timev "$tmp/sp" spatch --sp-file "$cocci" -D patch --dir "$name" \
	--no-includes --include-headers -j 2 > "$tmp/sp.diff" 2> "$tmp/sp.err")
read -r sw sm src_rc < "$tmp/sp.time"
csp=$(grep -cE "$pat" "$tmp/sp.diff" || true)
mkdir -p "$BUILD_DIR/bench"
cp "$tmp/sp.diff" "$BUILD_DIR/bench/spatch.diff"
cp "$tmp/conv1.diff" "$BUILD_DIR/bench/modparm-convert.diff"

{
	echo "corpus=$(realpath --relative-to="$MODPARM_TOP" "$corpus")"
	echo "quick=$quick"
	echo "nfiles=$nfiles"
	echo "nfiles_full=$nfiles_full"
	echo "uses=$uses"
	echo "cocci=${cocci#"$MODPARM_TOP"/}"
	echo "conv_version=$("$conv" --version 2>&1 | head -1)"
	echo "spatch_version=$(spatch --version 2>&1 | head -1 | awk '{ print $3 }')"
	echo "conv_wall=$cw"
	echo "conv_walls=$(cut -d' ' -f1 "$tmp"/conv[123].time | tr '\n' ' ' | sed 's/ $//')"
	echo "conv_rss=$cm"
	echo "conv_rc=$crc"
	echo "conv_converted=$cconv"
	echo "conv_cannot=$cannot"
	echo "convi_wall=$iw"
	echo "convi_rss=$im"
	echo "convi_rc=$irc"
	echo "convi_converted=$cinpl"
	echo "sp_wall=$sw"
	echo "sp_rss=$sm"
	echo "sp_rc=$src_rc"
	echo "sp_converted=$csp"
	echo "sp_errors=$(grep -c -iE 'error|exception' "$tmp/sp.err" || true)"
} > "$outfile"
