#!/bin/sh
# Download the pinned linux-source-6.12 .deb with apt, verify its SHA-256 and
# keep it in the cache. Prints the path of the verified .deb.
set -eu
. "$(dirname "$0")/common.sh"
. "$TOP/harness/base.env"

mkdir -p "$CACHE/debs"
cd "$CACHE/debs"

deb_name() { printf '%s_%s_all.deb' "$BASE_PKG" "$(printf %s "$1" | sed 's/:/%3a/')"; }

version=$BASE_VERSION
want=$BASE_SHA256
deb=$(deb_name "$version")
if [ ! -f "$deb" ]; then
	step "downloading $BASE_PKG=$version"
	if ! apt-get download -q "$BASE_PKG=$version" >/dev/null 2>&1; then
		apt-get update -q >/dev/null 2>&1 || true
		apt-get download -q "$BASE_PKG=$version" >/dev/null 2>&1 || version=
	fi
	if [ -z "$version" ]; then
		# The pin is gone from the archive: take the newest 6.12, verified
		# against the hash in apt's (signed) package index instead.
		version=$(apt-cache madison "$BASE_PKG" | awk '{print $3; exit}')
		[ -n "$version" ] || die "apt serves no $BASE_PKG at all"
		say "************************************************************"
		say "WARNING: pinned $BASE_PKG $BASE_VERSION is no longer served."
		say "WARNING: using $version; the series may not apply."
		say "************************************************************"
		want=$(apt-cache show "$BASE_PKG=$version" | awk '/^SHA256:/{print $2; exit}')
		deb=$(deb_name "$version")
		[ -f "$deb" ] || apt-get download -q "$BASE_PKG=$version" >/dev/null 2>&1 ||
			die "cannot download $BASE_PKG=$version"
	fi
fi
got=$(sha256sum "$deb" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
	rm -f "$deb"
	die "$deb: SHA-256 $got, expected $want (deleted)"
fi
echo "$CACHE/debs/$deb"
