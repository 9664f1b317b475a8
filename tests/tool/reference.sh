# SPDX-License-Identifier: GPL-2.0
#
# What the byte-exact corpus reference is made of, for tests/tool/run and
# tests/tool/update-reference.  Sourced with $root and $here set.
#
# Each run is TREE[:OPTION...]: the converter runs in the corpus tree
# TREE on ".", with those options, once with --report and once for the
# diff.  A run's files are named after it: linux-2.4.27.perm-0444.*

shared=${MODPARM_SHARED:-$root/../shared}
corpus_dir=$shared/corpus
tool=$root/tools/modparm-convert/modparm-convert
corpus_runs=(
	linux-2.4.27
	linux-2.4.27:--perm=0444
	linux-2.4.27-modules
)

# reference_name RUN: the stem of its reference files
reference_name() {
	printf '%s' "$1" | sed -e 's/:--/./g' -e 's/=/-/g'
}

# reference_output RUN DIR: write RUN's STEM.report, STEM.diff.digest
# and STEM.status (the exit codes) into DIR, and for a run without
# options STEM.check-syntax and STEM.count too
reference_output() {
	local run=$1 dir=$2 tree opts stem rc
	tree=${run%%:*}
	opts=()
	if [ "$tree" != "$run" ]; then
		IFS=: read -r -a opts <<<"${run#*:}"
	fi
	stem=$(reference_name "$run")
	mkdir -p "$dir"
	rc=0
	(cd "$corpus_dir/$tree" && "$tool" "${opts[@]}" --report .) \
		>"$dir/$stem.report" 2>/dev/null || rc=$?
	echo "report exit $rc" >"$dir/$stem.status"
	rc=0
	(cd "$corpus_dir/$tree" && "$tool" "${opts[@]}" -q .) \
		>"$dir/$stem.diff" 2>/dev/null || rc=$?
	echo "diff exit $rc" >>"$dir/$stem.status"
	"$here/digest-diff" <"$dir/$stem.diff" >"$dir/$stem.diff.digest"
	rm -f "$dir/$stem.diff"
	# the lexer's own outputs, which take no options
	if [ ${#opts[@]} -eq 0 ]; then
		for opt in --check-syntax --count; do
			rc=0
			(cd "$corpus_dir/$tree" && "$tool" "$opt" .) \
				>"$dir/$stem.${opt#--}" 2>&1 || rc=$?
			echo "$opt exit $rc" >>"$dir/$stem.status"
		done
	fi
}
