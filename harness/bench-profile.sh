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
kout=$(kernel_out "$variant")
out=$BUILD/bench/profile
mkdir -p "$out"
name=$variant-$(echo "$kargs $ops" | tr -c 'a-z0-9\n' _)

# The text of security/, counting only names that System.map holds once (a static function of
# the same name elsewhere would stretch the range) and only main text,
# not init text.
syms=$out/$variant.syms
nm --defined-only "$kout/security/built-in.a" 2>/dev/null |
	awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$syms.names"
awk 'NR == FNR { want[$1] = 1; next }
	$3 == "_stext" { lo = $1 } $3 == "_etext" { hi = $1 }
	($2 ~ /^[tT]$/) && want[$3] { a[$3] = $1; n[$3]++ }
	END { for (s in a) if (n[s] == 1 && a[s] > lo && a[s] < hi) print a[s] }' \
	"$syms.names" "$kout/System.map" | sort >"$syms.addrs"
# Most of security/ is one stretch of text; cold and other special
# sections sit elsewhere. Take the biggest cluster (gaps under 64 KiB).
# shellcheck disable=SC2046 # two words: the bounds
set -- $(awk '{ a = 0; h = substr($1, 9)
		for (i = 1; i <= 8; i++) a = a * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		if (NR > 1 && a - prev >= 65536) { if (n > bn) { bn = n; blo = lo; bhi = hi }; n = 0 }
		if (n == 0) lo = $1
		n++; hi = $1; prev = a }
	END { if (n > bn) { blo = lo; bhi = hi }; print blo, bhi }' "$syms.addrs")
lo=${1:-} hi=${2:-}
[ -n "$lo" ] || die "no security/ symbols found in $kout"
# A trace of more than security/ would fill the disk.
size=$(($(printf '%d' "0x${hi#ffffffff}") - $(printf '%d' "0x${lo#ffffffff}")))
[ "$size" -lt 4194304 ] || die "security/ text spans $size bytes: the range looks wrong"

step "profiling $variant ($kargs) running $ops; security/ text 0x$lo..0x$hi"
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
