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

# --- Debian's stock kernels (scripts/vm-run --kernel, tests/compat) --------
# Fetched with apt-get download into build/debian/debs and unpacked with
# dpkg -x under build/debian/SERIES/root: never installed on the host.
DEBIAN_DIR=$BUILD_DIR/debian

# debian_abi SERIES: the newest ABI name apt knows for Debian's amd64
# kernel SERIES (6.1 or 6.12), e.g. 6.1.0-57 or 6.12.118+deb12.
debian_abi() {
	local re
	case "$1" in
	6.1)	re='^linux-headers-6\.1\.0-[0-9]+-amd64$' ;;
	6.12)	re='^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' ;;
	*)	return 1 ;;
	esac
	apt-cache search --names-only "$re" | cut -d' ' -f1 |
		sed 's/^linux-headers-//; s/-amd64$//' | sort -V | tail -n 1
}

# debian_unpack SERIES ABI: download the amd64 headers (with the -common
# and linux-kbuild packages they depend on) and the unsigned image of
# ABI, unpack them into build/debian/SERIES/root and point the headers'
# Makefile at the unpacked -common directory instead of /usr/src.
debian_unpack() {
	local abi=$2 dir=$DEBIAN_DIR/$1 pkgs deps p deb
	mapfile -t deps < <(apt-cache depends "linux-headers-$abi-amd64" |
		sed -n 's/^ *Depends: \(linux-\(headers-.*-common\|kbuild-.*\)\)$/\1/p')
	pkgs=("linux-headers-$abi-amd64" "linux-image-$abi-amd64-unsigned" "${deps[@]}")
	[ ${#pkgs[@]} = 4 ] || { echo "debian_unpack: no -common or kbuild package for $abi" >&2; return 1; }
	mkdir -p "$DEBIAN_DIR/debs"
	(cd "$DEBIAN_DIR/debs" && apt-get download -q "${pkgs[@]}") >&2 || return 1
	rm -rf "$dir"
	mkdir -p "$dir/root"
	for p in "${pkgs[@]}"; do
		for deb in "$DEBIAN_DIR/debs/${p}"_*.deb; do :; done
		dpkg -x "$deb" "$dir/root" || return 1
	done
	sed -i "s#^include /usr/src/#include $dir/root/usr/src/#" \
		"$dir/root/usr/src/linux-headers-$abi-amd64/Makefile" || return 1
	echo "$abi" > "$dir/abi"
}

# debian_kernel SERIES: make Debian's kernel SERIES (6.1 or 6.12) ready,
# fetching it the first time, and set DEB_RELEASE (uname -r), DEB_HDR
# (the headers directory, for make -C DEB_HDR M=...), DEB_IMAGE (the
# bzImage) and DEB_MODLIB (its /lib/modules/RELEASE).
debian_kernel() {
	local dir=$DEBIAN_DIR/$1 abi
	mkdir -p "$DEBIAN_DIR"
	(
		flock 7
		[ -s "$dir/abi" ] && exit 0
		abi=$(debian_abi "$1")
		if [ -z "$abi" ]; then
			apt-get update -qq >&2
			abi=$(debian_abi "$1")
		fi
		[ -n "$abi" ] || { echo "debian_kernel: apt knows no linux-headers for Debian's $1 kernel" >&2; exit 1; }
		debian_unpack "$1" "$abi"
	) 7>"$DEBIAN_DIR/.lock" || return 1
	abi=$(cat "$dir/abi")
	# shellcheck disable=SC2034  # for the caller
	DEB_RELEASE=$abi-amd64
	DEB_HDR=$dir/root/usr/src/linux-headers-$DEB_RELEASE
	DEB_IMAGE=$dir/root/boot/vmlinuz-$DEB_RELEASE
	# shellcheck disable=SC2034  # for the caller
	DEB_MODLIB=$dir/root/lib/modules/$DEB_RELEASE
	[ -f "$DEB_HDR/Makefile" ] && [ -f "$DEB_IMAGE" ]
}

# debian_clang_tree SERIES: a copy of the headers directory of
# debian_kernel SERIES, beside it, whose configuration says clang, for
# building modules with CC=clang (Debian builds with gcc, and the flags
# it chose for gcc are not all clang's).  Prints its path.
debian_clang_tree() {
	local out ver f drop
	debian_kernel "$1" || return 1
	out=$DEB_HDR-clang
	ver=$(clang -dumpversion | awk -F. '{ printf "%d%02d%02d", $1, $2, $3 }')
	if [ "$(cat "$out/.clang-version" 2>/dev/null)" = "$ver" ]; then
		echo "$out"
		return 0
	fi
	rm -rf "$out"
	cp -a "$DEB_HDR" "$out" || return 1
	# gcc-only features, or ones clang 14 lacks
	drop='FTRACE_MCOUNT_USE_CC|MITIGATION_RETHUNK|RETHUNK|CC_HAS_RETURN_THUNK|MITIGATION_SLS|SLS|CC_HAS_SLS|CC_HAS_AUTO_VAR_INIT_ZERO_BARE|INIT_STACK_ALL_ZERO|CC_HAS_NAMED_AS|CC_HAS_NAMED_AS_FIXED_SANITIZERS|USE_X86_SEG_SUPPORT'
	for f in "$out/.config" "$out/include/config/auto.conf"; do
		sed -i -E "s/^CONFIG_CC_IS_GCC=y/CONFIG_CC_IS_CLANG=y/
			s/^CONFIG_GCC_VERSION=.*/CONFIG_GCC_VERSION=0/
			s/^CONFIG_CLANG_VERSION=.*/CONFIG_CLANG_VERSION=$ver/
			s/^CONFIG_CC_IMPLICIT_FALLTHROUGH=.*/CONFIG_CC_IMPLICIT_FALLTHROUGH=\"-Wimplicit-fallthrough\"/
			/^CONFIG_($drop)=/d" "$f" || return 1
	done
	sed -i -E "s/^#define CONFIG_CC_IS_GCC 1/#define CONFIG_CC_IS_CLANG 1/
		s/^#define CONFIG_GCC_VERSION .*/#define CONFIG_GCC_VERSION 0/
		s/^#define CONFIG_CLANG_VERSION .*/#define CONFIG_CLANG_VERSION $ver/
		/^#define CONFIG_($drop) /d" "$out/include/generated/autoconf.h" || return 1
	echo "$ver" > "$out/.clang-version"
	echo "$out"
}
