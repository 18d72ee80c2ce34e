#!/bin/sh
# Build the Debian guest disk: trixie (the release whose kernel is 6.12)
# with systemd, SELinux's reference policy, AppArmor's profiles, auditd and
# two confined daemons (chronyd, sshd), labelled for SELinux here so that
# no boot relabels under TCG, and the libraries of patches/userspace
# (userspace-debs.sh) in place of Debian's. Prints the path of the ext4
# image.
#
# The trixie tarball is debian-tarball.sh's (about 1.5 minutes and 300 MB
# to make, cached); the image is made again from it, in seconds, when the
# guest's check files change. Needs root (mmdebstrap --mode=root, chroot,
# file owners and security.* attributes).
set -eu
. "$(dirname "$0")/common.sh"

pkgs="systemd-sysv udev dbus apparmor apparmor-profiles selinux-basics
 selinux-policy-default policycoreutils auditd openssh-server chrony
 iputils-ping procps iproute2 less"

[ "$(id -u)" = 0 ] || die "the Debian guest image needs root (mmdebstrap, chroot, xattrs)"
# shellcheck disable=SC2086 # one word a package
tar=$("$TOP/harness/debian-tarball.sh" debian apt $pkgs)

out=$BUILD/distro
root=$out/root
image=$out/debian.ext4
# The guest programs and the kernel's LSM selftests, built static for the
# initramfs, run in this guest too.
"$TOP/harness/initramfs.sh" >/dev/null
bin=$BUILD/initramfs/bin
selftests=$BUILD/initramfs/selftests/lsm
# The user space of patches/userspace, as packages, and the D-Bus test
# programs, built against trixie in its build root.
debs=$("$TOP/harness/userspace-debs.sh")
build_root=$("$TOP/harness/build-chroot.sh")
progs=$BUILD/distro/bin
mkdir -p "$progs" "$build_root/build/guest"
for p in dbusprobe:-ldbus-1 peerlabels:-ldl; do
	prog=${p%%:*}
	# built again only when its source or the build root is newer
	[ -n "$(find "$progs/$prog" -newer "$TOP/guest/distro/$prog.c" \
		-newer "$build_root/.tarball" 2>/dev/null)" ] && continue
	cp "$TOP/guest/distro/$prog.c" "$build_root/build/guest/"
	# shellcheck disable=SC2016 # expanded in the build root
	chroot "$build_root" sh -c 'cd /build/guest && cc -O2 -Wall -Werror -o "$1" "$1.c" \
		$(pkg-config --cflags dbus-1) "$2"' - "$prog" "${p#*:}" ||
		die "cannot build $prog for the Debian guest"
	cp "$build_root/build/guest/$prog" "$progs/"
done
# The image is rebuilt when anything it is made of changed.
want=$( {
	echo "$tar"
	cat "$0" "$TOP"/guest/distro/* "$TOP/guest/lib/ktap.sh"
	cat "$bin/selfattr" "$selftests"/*_test "$progs"/*
	echo "$debs"
} | sha256sum | cut -d' ' -f1)
if [ -f "$image" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$want" ]; then
	echo "$image"
	exit 0
fi

step "distro: image from $(basename "$tar")"
rm -rf "$root"
mkdir -p "$root"
tar -C "$root" -xf "$tar" --numeric-owner --xattrs --xattrs-include='*'

# A test machine: root logs in on the console without a password.
sed -i 's/^root:[^:]*:/root::/' "$root/etc/shadow"
echo composer >"$root/etc/hostname"
echo '/dev/vda / ext4 rw,relatime 0 0' >"$root/etc/fstab"
# SELinux policy "default", permissive unless the kernel says enforcing=1.
cat >"$root/etc/selinux/config" <<EOF
SELINUX=permissive
SELINUXTYPE=default
EOF

# The checks (guest/distro) and what they run; the workload's file.
echo 'server 127.0.0.1' >"$root/etc/composer-test.conf"
lib=$root/usr/local/lib/composer
mkdir -p "$lib/selftests" "$root/usr/local/sbin" "$root/usr/local/bin"
install -m 755 "$TOP/guest/distro/composer-check" "$root/usr/local/sbin/"
install -m 644 "$TOP/guest/lib/ktap.sh" "$lib/"
install -m 644 "$TOP/guest/distro/composer-check.service" \
	"$TOP/guest/distro/composer-check.target" "$root/etc/systemd/system/"
install -m 755 "$bin/selfattr" "$root/usr/local/bin/"
install -m 755 "$selftests"/*_test "$lib/selftests/"
install -m 755 "$progs"/* "$root/usr/local/bin/"
install -m 644 "$TOP/guest/distro/composer-dbus.apparmor" "$lib/"

# patches/userspace's libraries replace Debian's; Debian's stay beside
# them for the checks that compare the two.
mkdir -p "$root/tmp/debs" "$lib/unpatched"
cp "$debs"/*+composer1_*.deb "$root/tmp/debs/"
chroot "$root" sh -c "dpkg -i /tmp/debs/*.deb" >/dev/null || die "cannot install $debs into the guest"
rm -rf "$root/tmp/debs"
for d in "$debs"/*.deb; do
	case $d in *+composer1_*) continue ;; esac
	dpkg-deb -x "$d" "$out/unpatched"
done
cp -a "$out/unpatched"/usr/lib/x86_64-linux-gnu/lib*.so.* "$lib/unpatched/"
rm -rf "$out/unpatched"

# The SELinux types of the D-Bus checks, in the policy the guest loads.
cp "$TOP/guest/distro/composer-dbus.cil" "$root/tmp/composer_dbus.cil"
chroot "$root" semodule -i /tmp/composer_dbus.cil ||
	die "semodule cannot install guest/distro/composer-dbus.cil"
rm -f "$root/tmp/composer_dbus.cil"

# Every file gets the label the policy's file_contexts gives it.
chroot "$root" /usr/sbin/setfiles -F \
	-c "$(ls "$root"/etc/selinux/default/policy/policy.* | sed "s|^$root||" | tail -1)" \
	/etc/selinux/default/contexts/files/file_contexts / ||
	die "setfiles failed"

# mke2fs copies the tree with owners and extended attributes (labels,
# file capabilities). QEMU boots it with -snapshot: the image never changes.
rm -f "$image"
mke2fs -q -F -t ext4 -L debian -d "$root" "$image" 2G >&2 || die "mke2fs failed"
echo "$want" >"$out/.stamp"
echo "$image"
