#!/bin/sh
# Build the kernel's own LSM syscall selftests (tools/testing/selftests/lsm
# of the work tree) as static binaries for the guest, against the series'
# UAPI headers (linux/lsm.h, __NR_lsm_*) installed with headers_install,
# which needs no kernel build. Rebuilds only when a source is newer than
# the last build. Prints the directory of the binaries.
set -eu
. "$(dirname "$0")/common.sh"

st=$SRC/tools/testing/selftests
obj=$BUILD/selftests/obj   # headers_install's O= (the source tree stays clean)
hdr=$BUILD/selftests/usr   # INSTALL_HDR_PATH: the headers are in $hdr/include
out=$BUILD/initramfs/selftests/lsm
stamp=$out/.built
# Every test program of the tree (the series may add one).
progs=$(cd "$st/lsm" 2>/dev/null && ls ./*_test.c | sed 's|^\./||; s|\.c$||')

[ -f "$st/lsm/Makefile" ] || die "no $st/lsm: run 'make tree' first"

# Everything the binaries depend on: the tests, the kselftest harness and
# the UAPI headers of the tree.
newer() {
	find "$st/lsm" "$st/kselftest_harness.h" "$st/kselftest.h" "$st/lib.mk" \
		"$SRC/include/uapi" "$SRC/arch/x86/include/uapi" \
		"$SRC/arch/x86/entry/syscalls" "$SRC/scripts/syscall.tbl" \
		-newer "$stamp" 2>/dev/null | head -n 1
}
if [ -f "$stamp" ] && [ -z "$(newer)" ]; then
	echo "$out"
	exit 0
fi

step "selftests/lsm: headers_install and static build"
mkdir -p "$obj" "$hdr" "$out"
# Anything changed while we build is rebuilt next time.
touch "$stamp.new"
make -s -C "$SRC" O="$obj" INSTALL_HDR_PATH="$hdr" headers_install >"$obj/headers.log" 2>&1 ||
	{ cat "$obj/headers.log" >&2; die "headers_install from $SRC failed (log above)"; }
grep -q LSM_ID_SELINUX "$hdr/include/linux/lsm.h" 2>/dev/null ||
	die "$hdr/include/linux/lsm.h has no LSM ids"
grep -q __NR_lsm_list_modules "$hdr/include/asm/unistd_64.h" 2>/dev/null ||
	die "$hdr/include/asm/unistd_64.h has no lsm syscall numbers"

# The selftests' own Makefile (lib.mk), with our headers and -static;
# -B because make does not see the headers as dependencies.
rm -f "$stamp"
make -B -s -C "$st/lsm" OUTPUT="$out" KHDR_INCLUDES="-isystem $hdr/include" \
	USERLDFLAGS=-static >"$obj/lsm.log" 2>&1 ||
	{ cat "$obj/lsm.log" >&2; die "building $st/lsm failed (log above)"; }
for p in $progs; do
	[ -x "$out/$p" ] || die "selftests/lsm built no $p"
	readelf -l "$out/$p" | grep -q INTERP && die "$out/$p is not static"
done
mv "$stamp.new" "$stamp"
echo "$out"
