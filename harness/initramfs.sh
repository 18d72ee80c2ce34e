#!/bin/sh
# Build the guest initramfs with the kernel's own usr/gen_init_cpio:
# busybox-static, guest/init, guest/lib and guest/tests. Prints its path.
set -eu
. "$(dirname "$0")/common.sh"

out=$BUILD/initramfs
mkdir -p "$out"
gen=$out/gen_init_cpio
[ -x "$gen" ] || gcc -O2 -o "$gen" "$SRC/usr/gen_init_cpio.c"

busybox=/bin/busybox
file "$busybox" 2>/dev/null | grep -q dynamically && die "$busybox is not static (busybox-static)"

# The guest's own C programs, static, warnings as errors.
mkdir -p "$out/bin"
for c in "$TOP"/guest/src/*.c; do
	b=$out/bin/$(basename "$c" .c)
	[ -n "$(find "$b" -newer "$c" 2>/dev/null)" ] || gcc -static -O2 -Wall -Wextra -Werror -o "$b" "$c" ||
		die "cannot build $c"
done

# Policies are compiled on the host with the LSMs' own user-space tools.
mkdir -p "$out/policy"
secilc -o "$out/policy/selinux" -f /dev/null "$TOP/guest/policy/selinux.cil" ||
	die "secilc failed on guest/policy/selinux.cil"
apparmor_parser -Q -o "$out/policy/apparmor" "$TOP/guest/policy/apparmor.profile" \
	2>/dev/null || die "apparmor_parser failed on guest/policy/apparmor.profile"

list=$out/initramfs.list
{
	for d in /bin /sbin /usr /usr/bin /usr/sbin /lib /tests /etc /root \
		/proc /sys /dev /tmp /mnt /run /var; do
		echo "dir $d 755 0 0"
	done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /bin/busybox $busybox 755 0 0"
	for a in $("$busybox" --list-full); do
		[ "$a" = bin/busybox ] || echo "slink /$a /bin/busybox 777 0 0"
	done
	echo "file /init $TOP/guest/init 755 0 0"
	echo "file /lib/ktap.sh $TOP/guest/lib/ktap.sh 644 0 0"
	echo "dir /etc/policy 755 0 0"
	for f in "$out"/policy/*; do
		echo "file /etc/policy/$(basename "$f") $f 644 0 0"
	done
	echo "file /sbin/tomoyo-init $TOP/guest/policy/tomoyo-init 755 0 0"
	# Policies attach to these paths; TOMOYO activates on the last one.
	for d in /opt /opt/aa /opt/tomoyo /opt/both; do echo "dir $d 755 0 0"; done
	for p in /opt/aa/readfile /opt/tomoyo/readfile /opt/both/readfile \
		/usr/bin/tomoyo-activate; do
		echo "file $p $out/bin/readfile 755 0 0"
	done
	for b in "$out"/bin/*; do
		echo "file /usr/bin/$(basename "$b") $b 755 0 0"
	done
	for t in "$TOP"/guest/tests/*; do
		echo "file /tests/$(basename "$t") $t 755 0 0"
	done
} >"$list.new"
mv "$list.new" "$list"

img=$out/initramfs.cpio.gz
"$gen" "$list" | gzip -1 -n >"$img.new"
mv "$img.new" "$img"
echo "$img"
