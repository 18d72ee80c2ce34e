#!/bin/sh
# A Debian trixie build root, for what the Debian guest runs and the host
# cannot build for it (a bookworm host has older libraries and headers):
# the user-space packages of patches/userspace (userspace-debs.sh) and the
# guest's D-Bus test programs. Prints the path of the unpacked root.
#
# The tarball is debian-tarball.sh's, unpacked again when it changes.
# Needs root (mmdebstrap, chroot).
set -eu
. "$(dirname "$0")/common.sh"

[ "$(id -u)" = 0 ] || die "the trixie build root needs root (mmdebstrap, chroot)"
# build-essential comes with the buildd variant; the rest is what
# libapparmor (autotools, bison, flex), libselinux (pcre2, sepol) and the
# guest programs (libdbus) need to build.
tar=$("$TOP/harness/debian-tarball.sh" build buildd debhelper autoconf automake \
	libtool autoconf-archive bison flex pkgconf libpcre2-dev libsepol-dev libdbus-1-dev)

root=$BUILD/build-root
if [ "$(cat "$root/.tarball" 2>/dev/null)" != "$tar" ]; then
	step "build root: unpacking $(basename "$tar")"
	rm -rf "$root"
	mkdir -p "$root"
	tar -C "$root" -xf "$tar" --numeric-owner || die "cannot unpack $tar"
	echo "$tar" >"$root/.tarball"
fi
echo "$root"
