#!/bin/sh
# Install (as root) or name (otherwise) the Debian packages the harness needs.
# Usage: deps.sh [extra-package...]
set -eu

pkgs="git make gcc libc6-dev flex bison bc libelf-dev libssl-dev cpio xz-utils
 python3 perl ccache qemu-system-x86 busybox-static dpkg-dev shellcheck secilc apparmor
 rsync libselinux1-dev libapparmor-dev mmdebstrap e2fsprogs
 dwarves clang libbpf-dev libzstd-dev openssl $*"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "error: missing packages:$missing" >&2
	echo "run: sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "==> installing:$missing" >&2
# The package lists may be absent on a fresh machine; refresh them once.
apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
	$missing >/dev/null
