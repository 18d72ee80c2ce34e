#!/bin/sh
# Boot a kernel in QEMU (TCG) with the guest initramfs and wait for it to
# power off, at most $BOOT_TIMEOUT seconds.
#   boot.sh LOGPREFIX BZIMAGE "KERNEL ARGS" "GUEST ARGS"
# Writes LOGPREFIX.console (serial console) and LOGPREFIX.ktap (the guest's
# KTAP). Exits 0 when the guest reported it was done.
# BOOT_INTERACTIVE=1 puts the console on this terminal instead.
# DISK=IMAGE boots the Debian guest on that disk instead of the initramfs
# (harness/distro-image.sh), read-only (-snapshot), and writes what its
# checks report on the third serial port to LOGPREFIX.data.
# QEMU_ACCEL=kvm opts in to KVM (never chosen just because /dev/kvm exists).
# QEMU_SMP=N gives the guest N CPUs (1 unless told).
set -eu
. "$(dirname "$0")/common.sh"

log=$1 image=$2 kargs=$3 gargs=$4
initrd=${INITRD:-$BUILD/initramfs/initramfs.cpio.gz}
timeout=${BOOT_TIMEOUT:-120}
accel=${QEMU_ACCEL:-tcg}
mkdir -p "$(dirname "$log")"
rm -f "$log.console" "$log.ktap" "$log.data"
if [ -n "${DISK:-}" ]; then
	# audit=1 and a long backlog keep every record from before auditd.
	root="-drive file=$DISK,format=raw,if=virtio,snapshot=on"
	kargs="root=/dev/vda rw audit=1 audit_backlog_limit=8192 $kargs"
	# A test boot runs the checks once multi-user.target is reached; by
	# hand it is an ordinary boot to a login prompt.
	[ "${BOOT_INTERACTIVE:-0}" = 1 ] ||
		kargs="systemd.unit=composer-check.target $kargs"
	mem=${GUEST_MEM:-1024}
else
	root="-initrd $initrd"
	mem=${GUEST_MEM:-512}
fi

# panic=-1 and -no-reboot turn a panic or reboot into QEMU exiting.
# shellcheck disable=SC2086 # $root and $QEMU_EXTRA are lists of options
set -- -machine q35,accel="$accel" -cpu "${QEMU_CPU:-max}" -m "$mem" -smp "${QEMU_SMP:-1}" \
	-bios /usr/share/qemu/qboot.rom -nographic -no-reboot -nic none \
	-kernel "$image" $root \
	-append "console=ttyS0 panic=-1 oops=panic $kargs -- $gargs" \
	${QEMU_EXTRA:-}

if [ "${BOOT_INTERACTIVE:-0}" = 1 ]; then
	exec qemu-system-x86_64 "$@" -serial mon:stdio -serial null -serial null
fi
rc=0
timeout -k 5 "$timeout" qemu-system-x86_64 "$@" -monitor none \
	-serial file:"$log.console" -serial file:"$log.ktap" \
	-serial file:"$log.data" </dev/null >"$log.qemu" 2>&1 || rc=$?
[ "$rc" = 124 ] && echo "harness: guest killed after ${timeout}s" >>"$log.console"
grep -q '^# composer guest: done' "$log.ktap" 2>/dev/null
