#!/bin/sh
# Build the guest initramfs with the kernel's own usr/gen_init_cpio:
# busybox-static, guest/init, guest/lib and guest/tests, and the Debian
# programs the tests use (coreutils id, the audit and NFS tools). Prints
# its path.
set -eu
. "$(dirname "$0")/common.sh"

out=$BUILD/initramfs
mkdir -p "$out"
gen=$out/gen_init_cpio
[ -x "$gen" ] || gcc -O2 -o "$gen" "$SRC/usr/gen_init_cpio.c"

busybox=/bin/busybox
file "$busybox" 2>/dev/null | grep -q dynamically && die "$busybox is not static (busybox-static)"

# The guest's own C programs, static, warnings as errors. A program that
# needs libraries names them in a line "/* link: -lfoo -lbar */". A
# program is rebuilt when it is older than its source or a shared header.
mkdir -p "$out/bin"
newest_header=$(ls -t "$TOP"/guest/src/*.h 2>/dev/null | head -1)
for c in "$TOP"/guest/src/*.c; do
	b=$out/bin/$(basename "$c" .c)
	libs=$(sed -n 's|^/\* link: \(.*\) \*/$|\1|p' "$c")
	# shellcheck disable=SC2086 # $libs is a list of flags
	{ [ -n "$(find "$b" -newer "$c" 2>/dev/null)" ] &&
		{ [ -z "$newest_header" ] ||
			[ -n "$(find "$b" -newer "$newest_header" 2>/dev/null)" ]; }; } ||
		gcc -static -O2 -Wall -Wextra -Werror -o "$b" "$c" $libs ||
		die "cannot build $c"
done

# BPF LSM programs, compiled once for every test kernel: they name only
# the kernel fields they read, and libbpf relocates those with the
# running kernel's BTF (CO-RE).
mkdir -p "$out/bpf"
for c in "$TOP"/guest/bpf/*.bpf.c; do
	o=$out/bpf/$(basename "$c" .c).o
	[ -n "$(find "$o" -newer "$c" 2>/dev/null)" ] ||
		clang -O2 -g -Wall -Werror -target bpf \
			-I/usr/include/x86_64-linux-gnu -c "$c" -o "$o" ||
		die "cannot build $c"
done

# The kernel's LSM syscall selftests, static, against the series' headers.
selftests=$(sh "$TOP/harness/selftests.sh")

# Debian's dynamic programs, each with the libraries ldd names and the
# loader. Debian's audit and NFS user space is unpacked, not installed
# (guest-debs.sh): its libraries are found there first and go to their
# path below that root.
debs=$(sh "$TOP/harness/guest-debs.sh")
debs_libs=$debs/lib/x86_64-linux-gnu:$debs/usr/lib/x86_64-linux-gnu
# parents PATH: the lines for the directories above PATH, outermost first
# (the kernel creates each one in a directory that must already exist).
parents() {
	set -- "$(dirname "$1")"
	[ "$1" = / ] && return
	parents "$1"
	echo "dir $1 755 0 0"
}
# program GUEST HOST: the lines for the program HOST at GUEST and each
# library where ldd found it, which is on the loader's default search path.
program() {
	libs=$(LD_LIBRARY_PATH=$debs_libs ldd "$2" |
		sed -n 's|.*=> \(/[^ ]*\) .*|\1|p; s|^[[:space:]]*\(/[^ ]*\) .*|\1|p')
	[ -n "$libs" ] || die "ldd $2 named no libraries"
	echo "file $1 $2 755 0 0"
	for l in $libs; do
		parents "${l#"$debs"}"
		echo "file ${l#"$debs"} $l 755 0 0"
	done
}

# coreutils "id" (linked to libselinux) as a real SELinux client.
# libselinux counts SELinux as enabled only when its config file exists.
coreutils_id=/usr/bin/id
dpkg -S "$coreutils_id" 2>/dev/null | grep -q '^coreutils:' ||
	die "$coreutils_id is not from coreutils"
mkdir -p "$out/etc"
printf 'SELINUX=permissive\nSELINUXTYPE=composer\n' >"$out/etc/selinux-config"
# Computed here, not in the list below: a failure there would not stop
# the script.
programs=$out/programs.list
{
	program /usr/bin/coreutils-id "$coreutils_id"
	for p in auditd auditctl ausearch aureport; do
		program "/sbin/$p" "$debs/sbin/$p"
	done
	# The NFS server and client of nfs-kernel-server and nfs-common.
	for p in usr/sbin/rpc.nfsd usr/sbin/rpc.mountd usr/sbin/exportfs \
		sbin/mount.nfs; do
		program "/$p" "$debs/$p"
	done
} >"$programs"

# Policies are compiled on the host with the LSMs' own user-space tools.
mkdir -p "$out/policy"
secilc -o "$out/policy/selinux" -f /dev/null "$TOP/guest/policy/selinux.cil" ||
	die "secilc failed on guest/policy/selinux.cil"
apparmor_parser -Q -o "$out/policy/apparmor" "$TOP/guest/policy/apparmor.profile" \
	2>/dev/null || die "apparmor_parser failed on guest/policy/apparmor.profile"
sh "$TOP/harness/apparmor-secmark.sh" "$TOP/guest/policy/apparmor-secmark.profile" \
	"$out/policy/apparmor-secmark" || die "apparmor-secmark.sh failed"
# IPE takes signed policies only: signed with the key the IPE kernels
# trust. The unsigned text goes along, for the test that it is refused.
for p in "$TOP"/guest/policy/ipe-*.pol; do
	b=$(basename "$p" .pol)
	cp "$p" "$out/policy/$b.pol"
	sh "$TOP/harness/test-key.sh" sign "$p" "$out/policy/$b.p7s"
done

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
	for l in "$TOP"/guest/lib/*.sh; do
		echo "file /lib/$(basename "$l") $l 644 0 0"
	done
	echo "dir /etc/policy 755 0 0"
	for f in "$out"/policy/*; do
		echo "file /etc/policy/$(basename "$f") $f 644 0 0"
	done
	echo "file /sbin/tomoyo-init $TOP/guest/policy/tomoyo-init 755 0 0"
	# Policies attach to these paths; TOMOYO activates on the last one.
	for d in /opt /opt/aa /opt/aa/attr /opt/tomoyo /opt/both /opt/learn; do echo "dir $d 755 0 0"; done
	# A profile named by its path confines this copy: its label holds '/'.
	echo "file /opt/aa/attr/attrio $out/bin/attrio 755 0 0"
	# IMA's mapping test runs in the aa-mmap profile.
	echo "file /opt/aa/mmapexec $out/bin/mmapexec 755 0 0"
	# The benchmark's denied open runs in the aa-bench profile.
	echo "file /opt/aa/bench $out/bin/bench 755 0 0"
	for p in /opt/aa/readfile /opt/tomoyo/readfile /opt/both/readfile /opt/learn/readfile \
		/usr/bin/tomoyo-activate; do
		echo "file $p $out/bin/readfile 755 0 0"
	done
	# One binary per source: a program removed from guest/src leaves no
	# stale binary behind in the image.
	for c in "$TOP"/guest/src/*.c; do
		b=$(basename "$c" .c)
		echo "file /usr/bin/$b $out/bin/$b 755 0 0"
	done
	echo "dir /usr/lib 755 0 0"
	echo "dir /usr/lib/bpf 755 0 0"
	for o in "$out"/bpf/*.o; do
		echo "file /usr/lib/bpf/$(basename "$o") $o 644 0 0"
	done
	for t in "$TOP"/guest/tests/*; do
		echo "file /tests/$(basename "$t") $t 755 0 0"
	done
	for d in /selftests /selftests/lsm; do echo "dir $d 755 0 0"; done
	for s in "$selftests"/*_test; do
		echo "file /selftests/lsm/$(basename "$s") $s 755 0 0"
	done
	cat "$programs"
	echo "dir /etc/selinux 755 0 0"
	echo "file /etc/selinux/config $out/etc/selinux-config 644 0 0"
	# auditd refuses a configuration that others may write.
	echo "dir /var/log 755 0 0"
	for d in /etc/audit /etc/audit/plugins.d /var/log/audit; do
		echo "dir $d 750 0 0"
	done
	echo "file /etc/audit/auditd.conf $TOP/guest/etc/auditd.conf 640 0 0"
	echo "slink /var/run /run 777 0 0" # auditd's pid file
	# The NFS tools: libtirpc's transports, nfs-utils' state directory.
	echo "file /etc/netconfig $debs/etc/netconfig 644 0 0"
	echo "slink /sbin/mount.nfs4 /sbin/mount.nfs 777 0 0"
	for d in /var/lib /var/lib/nfs; do echo "dir $d 755 0 0"; done
} | awk '!seen[$2]++' >"$list.new" # each path once: programs share libraries
mv "$list.new" "$list"

img=$out/initramfs.cpio.gz
# One fixed mtime for every entry: the image, and with it every guest
# memory layout and benchmark figure, is the same on every build.
"$gen" -t 946684800 "$list" | gzip -1 -n >"$img.new"
mv "$img.new" "$img"
echo "$img"
