#!/bin/sh
# Build one kernel variant (see configs/variants) out of tree, with ccache.
# Prints the path of its bzImage. Nothing is rebuilt when neither the
# source commit nor the fragments changed since the last build.
set -eu
. "$(dirname "$0")/common.sh"

variant=${1:?usage: build-kernel.sh VARIANT}
line=$(grep -v '^#' "$TOP/configs/variants" | awk -v v="$variant" '$1 == v')
[ -n "$line" ] || die "unknown variant '$variant' (see configs/variants)"
set -- $line
tree=$2
shift 2
frags=
for f in "$@"; do
	case $f in
	# @NAME is generated; the script that makes it prints its path.
	@debian-*) frags="$frags $("$TOP/harness/fetch-debian-config.sh" "${f#@}")" ;;
	@test-key) frags="$frags $("$TOP/harness/test-key.sh" fragment)" ;;
	@*) die "variant $variant: no script makes fragment $f" ;;
	# configs/$BASE/NAME.config replaces NAME.config where a base's
	# Kconfig differs (a symbol removed or renamed).
	*) if [ -f "$TOP/configs/$BASE/$f.config" ]; then
		frags="$frags $TOP/configs/$BASE/$f.config"
	else
		frags="$frags $TOP/configs/$f.config"
	fi ;;
	esac
done

case $tree in
stock)
	src=$STOCK_SRC
	if [ ! -d "$src" ]; then
		git -C "$SRC" worktree prune
		mkdir -p "${src%/*}"
		git -C "$SRC" worktree add -q --detach "$src" base
	fi
	;;
# The stock tree with bench/layout-pad.c appended to security.c: code that
# never runs, the benchmark's measure of what moving code alone does.
stock-pad)
	src=$BUILD/stock-pad/linux
	if [ ! -d "$src" ]; then
		git -C "$SRC" worktree prune
		mkdir -p "${src%/*}"
		git -C "$SRC" worktree add -q --detach "$src" base
	fi
	# Appended anew each time, so that an edit of the pad counts.
	git -C "$src" checkout -q -- security/security.c
	cat "$TOP/bench/layout-pad.c" >>"$src/security/security.c"
	;;
composer) src=$SRC ;;
*) die "variant $variant: unknown tree '$tree'" ;;
esac

# KSRC and KOUT build the variant's config from another tree into another
# directory (check-series.sh builds every step of the series this way).
src=${KSRC:-$src}
out=${KOUT:-$(kernel_out "$variant")}
image=$out/arch/x86/boot/bzImage
stamp=$out/.composer-stamp
# The stamp names everything the image depends on.
want=$( {
	git -C "$src" rev-parse HEAD
	git -C "$src" diff HEAD
	cat $frags
} | sha256sum | cut -d' ' -f1)
if [ -f "$image" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
	echo "$image"
	exit 0
fi

mkdir -p "$out" "$CACHE/ccache"
# A base dir makes cached objects reusable from any clone of the repo, and
# so does leaving the build directory out of the hash of objects with
# debug info (the Debian-config kernels'; their DW_AT_comp_dir may then
# name another clone, which nothing here reads). Depend mode takes the
# headers from the compiler's own -MMD list instead of running the
# preprocessor a second time: a kernel from an empty cache builds about a
# quarter faster, and a hit is as quick.
export CCACHE_DIR="$CACHE/ccache" CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G} CCACHE_BASEDIR="$TOP" \
	CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1
export KBUILD_BUILD_TIMESTAMP="2000-01-01" KBUILD_BUILD_USER=composer KBUILD_BUILD_HOST=qemu
kmake() { make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

# A new commit may change a Kconfig default that an old .config keeps.
fragsum=$( {
	cat $frags
	git -C "$src" rev-parse HEAD
} | sha256sum | cut -d' ' -f1)
if [ "$(cat "$out/.composer-frags" 2>/dev/null)" != "$fragsum" ] || [ ! -f "$out/.config" ]; then
	step "$variant: configuring (tinyconfig +$(printf ' %s' "$@"))"
	kmake tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" $frags >/dev/null
	kmake olddefconfig >/dev/null
	# Every symbol a fragment sets must survive olddefconfig; where
	# several fragments set one, the last one counts, as in merge_config.
	bad=$(cat $frags | grep -E '^(CONFIG_[A-Z0-9_]+=|# CONFIG_[A-Z0-9_]+ is not set)' |
		awk '{ s = $1 == "#" ? $2 : $1; sub(/=.*/, "", s)
			if (!(s in last)) order[n++] = s; last[s] = $0 }
			END { for (i = 0; i < n; i++) print last[order[i]] }' |
		while read -r l; do
			case $l in
			"# "*) s=${l#\# }; s=${s%% *}
				if grep -q "^$s=" "$out/.config"; then echo "$l"; fi ;;
			*) if ! grep -qxF "$l" "$out/.config"; then echo "$l"; fi ;;
			esac
		done)
	# A composer symbol must survive where the tree defines it: not in
	# the stock tree, nor at the patches before it (make check-series).
	for l in $(printf '%s\n' "$bad" | grep -o 'CONFIG_SECURITY_COMPOSER[A-Z0-9_]*' || true); do
		if [ "$tree" = composer ] &&
			grep -q "^config ${l#CONFIG_}\$" "$src"/security/Kconfig*; then
			die "$variant: config lost: $l"
		fi
	done
	# Anything else lost is an error.
	bad=$(printf '%s\n' "$bad" | grep -v COMPOSER || true)
	[ -z "$bad" ] || die "$variant: config lost:$(printf ' %s' $bad)"
	echo "$fragsum" >"$out/.composer-frags"
fi

# A tree whose Kconfig gained symbols since the last build gives them
# their defaults here instead of prompting for them.
kmake olddefconfig >/dev/null </dev/null
# From an empty cache on 2 cores: about 4.5 minutes on the project's
# configuration, 7 on Debian's (debug info for BTF, the function tracer)
# and on the sanitizer kernel.
case $variant in
debian-* | all-* | *-debug) about=7 ;;
*) about=4.5 ;;
esac
step "$variant: building bzImage in $out (about $about minutes from an empty cache, one or two from a warm one)"
start=$(date +%s)
kmake -j"$JOBS" bzImage >"$out/build.log" 2>&1 </dev/null || {
	tail -30 "$out/build.log" >&2
	die "$variant: build failed (log: $out/build.log)"
}
step "$variant: built in $(($(date +%s) - start)) s"
echo "$want" >"$stamp"
echo "$image"
