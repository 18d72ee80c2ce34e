#!/bin/sh
# Where a kernel spends its instructions in security/, per function, while
# the guest benchmark runs chosen operations: QEMU logs every translated
# block it executes in security/'s text (-d exec,nochain -dfilter), and
# the blocks are counted against System.map. Under -icount the counts
# repeat exactly, so two kernels can be compared line by line.
#   bench-profile.sh VARIANT "KERNEL ARGS" OP[,OP...]
# e.g. bench-profile.sh bench-composer lsm=smack stat
set -eu
. "$(dirname "$0")/common.sh"

[ $# = 3 ] || die "usage: bench-profile.sh VARIANT \"KERNEL ARGS\" OP[,OP...]"
variant=$1 kargs=$2 ops=$3
image=$("$TOP/harness/build-kernel.sh" "$variant" </dev/null)
"$TOP/harness/initramfs.sh" >/dev/null
kout=$BUILD/out/$variant
out=$BUILD/bench/profile
mkdir -p "$out"
name=$variant-$(echo "$kargs $ops" | tr -c 'a-z0-9\n' _)

# The text of security/: from its lowest to its highest function address.
syms=$out/$variant.syms
nm --defined-only "$kout/security/built-in.a" 2>/dev/null |
	awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$syms.names"
awk 'NR == FNR { want[$1] = 1; next } ($2 ~ /^[tT]$/) && want[$3] { print $1 }' \
	"$syms.names" "$kout/System.map" | sort >"$syms.addrs"
lo=$(head -n 1 "$syms.addrs") hi=$(tail -n 1 "$syms.addrs")
[ -n "$lo" ] || die "no security/ symbols found in $kout"

step "profiling $variant ($kargs) running $ops"
trace=$out/$name.trace
QEMU_CPU=qemu64 BOOT_TIMEOUT=600 \
	QEMU_EXTRA="-icount shift=0,sleep=off -rtc base=2000-01-01T00:00:00,clock=vm -d exec,nochain -dfilter 0x$lo..0x$hi -D $trace" \
	"$TOP/harness/boot.sh" "$out/$name" "$image" "nokaslr norandmaps $kargs" \
	"bench bench_ops=$ops" || die "the guest did not finish ($out/$name.console)"
tr -d '\r' <"$out/$name.ktap" | grep '# bench ' | sed 's/^ *//'

# Sort block addresses together with the symbols (fixed-width hex sorts
# as numbers) and give each block to the symbol before it.
{
	awk '$2 ~ /^[tTwW]$/ { print $1, "S", $3 }' "$kout/System.map"
	sed -n 's,^Trace [0-9]*: [^ ]* \[[0-9a-f]*/\([0-9a-f]\{16\}\)/.*,\1 P,p' "$trace"
} | LC_ALL=C sort -k1,1 -s | awk '
	$2 == "S" { sym = $3; next }
	{ n[sym]++ }
	END { for (s in n) print n[s], s }' | sort -rn >"$out/$name.blocks"
rm -f "$trace"
echo "translated blocks executed, per function: $out/$name.blocks"
head -n "${TOP_N:-25}" "$out/$name.blocks"
