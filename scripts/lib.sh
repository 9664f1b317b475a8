# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the modparm build scripts.  Sourced, not executed.

MODPARM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${MODPARM_BUILD_DIR:-$MODPARM_TOP/build}
KSRC=$BUILD_DIR/linux			# git tree: pristine + the series
KSRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
PRISTINE_TAG=pristine
LOCALVERSION_SUFFIX=-modparm
JOBS=${JOBS:-$(nproc)}

_t0=$(date +%s)

# step NAME... : announce a long step with the time since the script started.
step() {
	printf '[%4ss] %s\n' "$(( $(date +%s) - _t0 ))" "$*"
}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# kout CONFIG [ARCH]: output directory of one kernel configuration; x86_64,
# the default architecture, keeps the short name build/out-CONFIG.
kout() {
	if [ "${2:-x86_64}" = x86_64 ]; then
		echo "$BUILD_DIR/out-$1"
	else
		echo "$BUILD_DIR/out-$1-$2"
	fi
}

# The architectures scripts/vm-run can boot: one data file each.
arch_list() {
	(cd "$MODPARM_TOP/scripts/arch" && ls) | paste -sd ' '
}

# arch_load ARCH: read scripts/arch/ARCH, which sets the ARCH_* variables
# (kernel ARCH=, CROSS_COMPILE=, image, QEMU machine and console).
arch_load() {
	local f=$MODPARM_TOP/scripts/arch/$1
	case "$1" in */*|'') die "bad architecture name '$1'" ;; esac
	[ -f "$f" ] || die "unknown architecture '$1' (known: $(arch_list))"
	# shellcheck source=/dev/null
	. "$f"
	MODPARM_ARCH=$1
}

# kmake_arch: the make variables that select the loaded architecture.
kmake_arch() {
	echo "ARCH=$ARCH_KARCH${ARCH_CROSS:+ CROSS_COMPILE=$ARCH_CROSS}"
}

# clang_tree CFG OUT: make OUT a clang configuration of kernel CFG's
# .config, prepared for external modules only (no kernel is built).  The
# configuration is copied in only when it changed: a new .config
# timestamp alone would make make reconfigure and rebuild.  Fails if a
# step fails or the result is not a clang configuration.
clang_tree() {
	local gcc_config
	gcc_config=$(kout "$1")/.config
	mkdir -p "$2"
	cmp -s "$gcc_config" "$2/.config.gcc" || {
		cp "$gcc_config" "$2/.config"
		cp "$gcc_config" "$2/.config.gcc"
	}
	make -s -C "$KSRC" O="$2" CC=clang LOCALVERSION= olddefconfig &&
		make -s -C "$KSRC" O="$2" CC=clang LOCALVERSION= modules_prepare &&
		grep -q '^CONFIG_CC_IS_CLANG=y' "$2/.config"
}

# Debian package version of the kernel source we build, e.g. 6.12.118-1~deb12u1.
ksrc_pkg_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null
}

# Hash of the inputs that define a tree: the series and its patches.
series_hash() {
	(cd "$MODPARM_TOP/patches" && cat series $(grep -v '^#' series) 2>/dev/null) |
		sha1sum | cut -c1-16
}

# check_config CONFIG FRAGMENT...: every option the fragments set must
# have that value in CONFIG (later fragments override earlier ones, as in
# merge_config.sh, which only warns).  Prints each one that did not take.
check_config() {
	local config=$1 line sym bad=0
	shift
	declare -A want=()
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) want[${line%%=*}]=$line ;; esac
	done < <(cat "$@")
	for sym in "${!want[@]}"; do
		line=${want[$sym]}
		if [[ $line == CONFIG_*=n ]]; then
			# off, whether "is not set" or absent for unmet deps
			grep -q "^$sym=[ym]\$" "$config" || continue
		elif grep -qxF -- "$line" "$config"; then
			continue
		fi
		echo "'$line' did not take effect in $config" >&2
		bad=1
	done
	return $bad
}
