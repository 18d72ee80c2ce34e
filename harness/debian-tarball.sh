#!/bin/sh
# A Debian trixie root made by mmdebstrap, cached as a tarball:
#   debian-tarball.sh NAME VARIANT PACKAGE...
# prints $CACHE/distro/NAME-trixie-KEY.tar, one per package list, made the
# first time (20 s to 1.5 minutes and 300 to 550 MB). Needs root
# (mmdebstrap --mode=root keeps file owners and security.* attributes).
set -eu
. "$(dirname "$0")/common.sh"

name=$1 variant=$2
shift 2
suite=trixie
mirror=http://deb.debian.org/debian

[ "$(id -u)" = 0 ] || die "mmdebstrap of the $name root needs root"
key=$(printf '%s\n' "$suite" "$@" | sha256sum | cut -c1-16)
tar=$CACHE/distro/$name-$suite-$key.tar
if [ ! -f "$tar" ]; then
	mkdir -p "$CACHE/distro"
	step "$name root: mmdebstrap $suite ($variant) from $mirror (20 s to 1.5 minutes)"
	mmdebstrap --quiet --mode=root --variant="$variant" --format=tar \
		--include="$(echo "$@" | tr ' ' ',')" "$suite" "$tar.new" "$mirror" ||
		die "mmdebstrap $suite ($name root) failed"
	mv "$tar.new" "$tar"
fi
echo "$tar"
