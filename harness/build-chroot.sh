#!/bin/sh
# A Debian trixie build root, for what the Debian guest runs and the host
# cannot build for it (a bookworm host has older libraries and headers):
# the user-space packages of patches/userspace (userspace-debs.sh) and the
# guest's D-Bus test programs. Prints the path of the unpacked root.
#
# mmdebstrap's tarball is cached in $CACHE/distro (about 1.5 minutes and
# 150 MB to make) and unpacked again when the package list changes. Needs
# root (mmdebstrap --mode=root, chroot).
set -eu
. "$(dirname "$0")/common.sh"

suite=trixie
mirror=http://deb.debian.org/debian
# build-essential comes with the buildd variant; the rest is what
# libapparmor (autotools, bison, flex), libselinux (pcre2, sepol) and the
# guest programs (libdbus) need to build.
pkgs="debhelper autoconf automake libtool autoconf-archive bison flex pkgconf
 libpcre2-dev libsepol-dev libdbus-1-dev"

[ "$(id -u)" = 0 ] || die "the trixie build root needs root (mmdebstrap, chroot)"

key=$(printf '%s\n' "$suite" $pkgs | sha256sum | cut -c1-16)
tar=$CACHE/distro/build-$suite-$key.tar
if [ ! -f "$tar" ]; then
	mkdir -p "$CACHE/distro"
	step "build root: mmdebstrap $suite (buildd) from $mirror (about 1.5 minutes)"
	mmdebstrap --quiet --mode=root --variant=buildd --format=tar \
		--include="$(echo $pkgs | tr ' ' ',')" "$suite" "$tar.new" "$mirror" ||
		die "mmdebstrap $suite (build root) failed"
	mv "$tar.new" "$tar"
fi

root=$BUILD/build-root
if [ "$(cat "$root/.tarball" 2>/dev/null)" != "$tar" ]; then
	step "build root: unpacking $(basename "$tar")"
	rm -rf "$root"
	mkdir -p "$root"
	tar -C "$root" -xf "$tar" --numeric-owner || die "cannot unpack $tar"
	echo "$tar" >"$root/.tarball"
fi
echo "$root"
