#!/bin/sh
# Debian's audit user space for the guest: auditd, auditctl, ausearch and
# aureport, unpacked from their .debs into $BUILD/audit-root. The packages
# are downloaded with apt (cached with the base) but never installed:
# installing auditd would start the service on this host. Prints the root.
set -eu
. "$(dirname "$0")/common.sh"

# auditd and the libraries it links that a build host may lack; the rest
# (libc, Kerberos, libcap-ng) are resolved on the host like coreutils' id.
pkgs="auditd libaudit1 libauparse0 libwrap0"
root=$BUILD/audit-root
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
			die "apt cannot download $p (the guest's audit tools); try: apt-get update"
	fi
done

step "unpacking the audit tools into $root"
rm -rf "$root"
mkdir -p "$root"
for p in $pkgs; do
	dpkg-deb -x "$(newest "$p")" "$root" || die "cannot unpack $(newest "$p")"
done
[ -x "$root/sbin/auditd" ] || die "$root/sbin/auditd missing after unpacking"
echo "$pkgs" >"$stamp"
echo "$root"
