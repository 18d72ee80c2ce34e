#!/bin/sh
# Build or sync the kernel work tree: a git repo whose first commit (tag
# "base") is the pristine Debian source and whose later commits are the
# patches of patches/series, one commit each.
#
#   tree.sh apply    create the tree, or re-apply patches/ if they changed
#   tree.sh export   write the tree's commits back to patches/
#   tree.sh verify   fail if patches/ and the tree's commits disagree
#
# A tree with commits that were never exported is never overwritten.
set -eu
. "$(dirname "$0")/common.sh"

STATE=$SRC/.git/composer-synced
export GIT_AUTHOR_NAME="LSM composer harness" GIT_AUTHOR_EMAIL="composer@localhost"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"

git_src() { git -C "$SRC" "$@"; }

# Hash of a patch directory's series and the patches it lists.
fingerprint() {
	(
		cd "$1"
		[ -f series ] || { echo empty; exit 0; }
		cat series
		grep -v '^#' series | grep . | while read -r p; do cat "$p"; done
	) | sha256sum | cut -d' ' -f1
}

# Export the tree's commits into directory $1 (emptied first).
export_to() {
	mkdir -p "$1"
	rm -f "$1"/[0-9][0-9][0-9][0-9]-*.patch "$1/series"
	# --zero-commit and --no-signature keep a re-export of an unchanged
	# tree byte-identical.
	git_src format-patch -q --zero-commit --no-signature --no-numbered \
		--full-index --abbrev=40 -o "$1" base..HEAD >/dev/null
	{
		echo "# Applied in order with git am by harness/tree.sh."
		for f in "$1"/[0-9][0-9][0-9][0-9]-*.patch; do
			case ${f##*/} in
			0000-*) ;;
			*) if [ -f "$f" ]; then echo "${f##*/}"; fi ;;
			esac
		done
	} >"$1/series"
}

unpack_base() {
	deb=$("$TOP/harness/fetch-base.sh")
	step "unpacking $(basename "$deb") into $SRC"
	rm -rf "$SRC.tmp"
	mkdir -p "$SRC.tmp"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO --wildcards './usr/src/linux-source-*.tar.xz' |
		tar -xJ -C "$SRC.tmp" --strip-components=1
	step "committing the pristine source (about a minute)"
	git -C "$SRC.tmp" init -q -b composer
	git -C "$SRC.tmp" config core.autocrlf false
	# Debian's top-level .gitignore ignores everything: add with -f.
	git -C "$SRC.tmp" add -f .
	# A fixed date gives every machine the same base commit id.
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git -C "$SRC.tmp" commit -q -m "Debian $(basename "$deb" .deb): pristine source"
	git -C "$SRC.tmp" tag base
	mv "$SRC.tmp" "$SRC"
}

apply_series() {
	git_src am --abort >/dev/null 2>&1 || true
	git_src reset -q --hard base
	n=0
	for p in $(grep -v '^#' "$PATCHES/series" 2>/dev/null | grep . || true); do
		git_src am -q --committer-date-is-author-date "$PATCHES/$p" ||
			die "patch $p does not apply (tree left at the failing patch)"
		n=$((n + 1))
	done
	step "applied $n patches"
	fingerprint "$PATCHES" >"$STATE"
}

cmd_apply() {
	[ -d "$SRC/.git" ] || unpack_base
	want=$(fingerprint "$PATCHES")
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	export_to "$tmp"
	have=$(fingerprint "$tmp")
	[ "$have" = "$want" ] && { fingerprint "$PATCHES" >"$STATE"; return 0; }
	last=$(cat "$STATE" 2>/dev/null || echo none)
	if [ "$have" != "$last" ] && [ "$last" != none ] && [ "${FORCE:-0}" != 1 ]; then
		die "$SRC has commits that are not in patches/: run 'make export' first, or FORCE=1 make tree to discard them"
	fi
	step "applying patches/series to $SRC"
	apply_series
}

cmd_export() {
	[ -d "$SRC/.git" ] || die "no work tree: run 'make tree'"
	[ -z "$(git_src status --porcelain --untracked-files=no)" ] ||
		say "warning: $SRC has uncommitted changes; only commits are exported"
	export_to "$PATCHES"
	fingerprint "$PATCHES" >"$STATE"
	step "exported $(grep -vc '^#' "$PATCHES/series") patches to patches/$BASE/"
}

cmd_verify() {
	[ -d "$SRC/.git" ] || die "no work tree: run 'make tree'"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	export_to "$tmp"
	if [ "$(fingerprint "$tmp")" != "$(fingerprint "$PATCHES")" ]; then
		diff -r -q -x checkpatch-accepted "$tmp" "$PATCHES" >&2 || true
		die "patches/ and $SRC disagree: 'make export' (tree wins) or 'make tree' (patches/ win)"
	fi
}

case ${1:-} in
apply) cmd_apply ;;
export) cmd_export ;;
verify) cmd_verify ;;
*) die "usage: $0 apply|export|verify" ;;
esac
