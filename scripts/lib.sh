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

# Output directory of one kernel configuration.
kout() {
	echo "$BUILD_DIR/out-$1"
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
