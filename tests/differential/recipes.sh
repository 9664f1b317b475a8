# SPDX-License-Identifier: GPL-2.0
#
# The generated drivers of tests/differential/run and what the converter
# must leave of them, for tests/differential/run and
# tests/differential/update-recipes.  Sourced with $MODPARM_TOP set.
#
# tests/differential/recipes-left, committed, has one line per recipe:
#   NAME BYTES SUM LEFT KEPT
# NAME is recipe-SEED, BYTES the recipe length it was generated with, SUM
# the md5sum of its generated files (so that a change of the generator
# shows as such, not as a converter bug), LEFT the variable names of the
# MODULE_PARM() uses that modparm-convert -i leaves in real code (outside
# directives), sorted, one per use, and KEPT the variables whose use its
# --report calls unconvertible, a wrapper macro's among them: each list
# comma-separated, "-" when empty.  The run converts each recipe and
# compares LEFT exactly; a MODULE_PARM() the compiler warns about after
# conversion must be in KEPT or LEFT.

recipe_gen=$MODPARM_TOP/tools/modparm-convert/modparm-convert-recipe-gen
recipes_left=$MODPARM_TOP/tests/differential/recipes-left

# recipe_bytes SEED: the recipe length seed SEED is generated with by
# default (4 to 15 bytes: short drivers, most of which build)
recipe_bytes() {
	echo $((4 + $1 % 12))
}

# make_recipe SEED DIR BYTES: generate the driver of SEED into DIR; false
# when it has no MODULE_PARM( at all (DIR is then removed)
make_recipe() {
	mkdir -p "$2"
	"$recipe_gen" "$1" "$2" "$3"
	if ! grep -q 'MODULE_PARM *(' "$2"/*.c; then
		rm -rf "${2:?}"
		return 1
	fi
}

# recipe_sum DIR: one checksum of DIR's generated files
recipe_sum() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 cat) |
		md5sum | cut -d' ' -f1
}

# leftover FILE...: MODULE_PARM( uses left in real code: comments and
# strings blanked, preprocessor lines skipped.  One variable name per line.
leftover() {
	perl -0777 -ne '
		s{/\*.*?\*/}{ (my $c = $&) =~ s/[^\n]//g; $c }gse;
		s{//[^\n]*}{}g;
		s{"(?:\\.|[^"\\\n])*"}{""}g;
		s{^[ \t]*#[^\n]*}{}mg;
		print "$1\n" while /\bMODULE_PARM\s*\(\s*(\w+)/g;' "$@"
}

# recipe_left DIR: the names leftover finds in DIR's .c files, sorted,
# comma-separated, or "-"
recipe_left() {
	leftover "$1"/*.c | LC_ALL=C sort | paste -sd, | grep . || echo -
}

# recipe_kept REPORT: the variables a --report calls unconvertible, sorted,
# comma-separated, or "-"
recipe_kept() {
	{
		sed -nE 's/.*cannot convert MODULE_PARM\(([A-Za-z0-9_]+)\).*/\1/p' "$1"
		sed -nE 's/.*: MODULE_PARM\(([A-Za-z0-9_]+)\) is a dead parameter: .*/\1/p' "$1"
		sed -nE 's/.*MODULE_PARM\(\) stays for what its calls pass: ([A-Za-z0-9_, ]+).*/\1/p' "$1" |
			tr -s ', ' '\n\n'
	} | grep . | LC_ALL=C sort -u | paste -sd, | grep . || echo -
}
