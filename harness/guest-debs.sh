#!/bin/sh
# Debian's user space for the guest that a build host need not have: the
# audit tools (auditd, auditctl, ausearch, aureport) and the NFS server
# and client (rpc.nfsd, rpc.mountd, exportfs, mount.nfs), unpacked from
# their .debs into $BUILD/guest-debs. The packages are downloaded with apt
# (cached with the base) but never installed: installing auditd or
# nfs-kernel-server would start the service on this host. Prints the root.
set -eu
. "$(dirname "$0")/common.sh"

# The programs and the libraries they link that a build host may lack; the
# rest (libc, Kerberos, libcap-ng, libmount, libblkid) are resolved on the
# host like coreutils' id.
pkgs="auditd libaudit1 libauparse0 libwrap0
 nfs-kernel-server nfs-common libnfsidmap1 libtirpc3 libevent-core-2.1-7
 libtirpc-common libsqlite3-0 libkeyutils1 libnsl2"
root=$BUILD/guest-debs
stamp=$root/.packages

if [ "$(cat "$stamp" 2>/dev/null)" = "$pkgs" ] && [ -x "$root/sbin/auditd" ]; then
	echo "$root"
	exit 0
fi

mkdir -p "$CACHE/debs"
cd "$CACHE/debs"
# newest PKG: the cached .deb of PKG with the highest version, if any.
newest() { ls "$1"_*.deb 2>/dev/null | sort -V | tail -1; }
for p in $pkgs; do
	[ -n "$(newest "$p")" ] && continue
	step "downloading $p"
	if ! apt-get download -q "$p" >/dev/null 2>&1; then
		# The package lists may be absent on a fresh machine.
		apt-get update -q >/dev/null 2>&1 || true
		apt-get download -q "$p" >/dev/null 2>&1 ||
			die "apt cannot download $p (the guest's Debian tools); try: apt-get update"
	fi
done

step "unpacking the guest's Debian tools into $root"
rm -rf "$root"
mkdir -p "$root"
for p in $pkgs; do
	dpkg-deb -x "$(newest "$p")" "$root" || die "cannot unpack $(newest "$p")"
done
for f in sbin/auditd usr/sbin/rpc.nfsd usr/sbin/rpc.mountd usr/sbin/exportfs sbin/mount.nfs; do
	[ -x "$root/$f" ] || die "$root/$f missing after unpacking"
done
echo "$pkgs" >"$stamp"
echo "$root"
