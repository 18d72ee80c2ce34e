#!/bin/sh
# Where a kernel spends its instructions, per function, while the guest
# benchmark runs chosen operations: QEMU logs every block it translates
# (-d in_asm: its instructions) and every block it executes (-d exec,
# nochain) in the chosen text, and the executions times the instructions
# are counted against System.map. Under -icount the counts repeat
# exactly, so two kernels can be compared line by line.
#   bench-profile.sh VARIANT "KERNEL ARGS" OP[,OP...]
# e.g. bench-profile.sh bench-composer lsm=smack stat
# PROFILE_TEXT=kernel counts the whole kernel text instead of security/
# (the boot too: compare the functions an operation runs).
set -eu
. "$(dirname "$0")/common.sh"

[ $# = 3 ] || die "usage: bench-profile.sh VARIANT \"KERNEL ARGS\" OP[,OP...]"
variant=$1 kargs=$2 ops=$3
image=$("$TOP/harness/build-kernel.sh" "$variant" </dev/null)
"$TOP/harness/initramfs.sh" >/dev/null
kout=$(kernel_out "$variant")
out=$BUILD/bench/profile
mkdir -p "$out"
name=$variant-$(echo "$kargs $ops ${PROFILE_TEXT:-}" | tr -c 'a-z0-9\n' _)

if [ "${PROFILE_TEXT:-security}" = kernel ]; then
	lo=$(awk '$3 == "_stext" { print $1 }' "$kout/System.map")
	hi=$(awk '$3 == "_etext" { print $1 }' "$kout/System.map")
	what="kernel text"
else
	# The text of security/, counting only names that System.map
	# holds once (a static function of the same name elsewhere would
	# stretch the range) and only main text, not init text.
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
	size=$(($(printf '%d' "0x${hi#ffffffff}") - $(printf '%d' "0x${lo#ffffffff}")))
	[ "$size" -lt 4194304 ] || die "security/ text spans $size bytes: the range looks wrong"
	what="security/ text"
fi

step "profiling $variant ($kargs) running $ops; $what 0x$lo..0x$hi"
# The log goes through a pipe, counted as QEMU writes it: of the whole
# kernel it would be gigabytes.
fifo=$out/$name.fifo pcs=$out/$name.pcs
rm -f "$fifo"
mkfifo "$fifo"
# A block is translated (IN: and its instructions) just before its first
# run, whose "Trace" line names its host code; later runs name the same
# host code, so each run is counted with its own translation's length,
# also where icount cut a block short.
awk '
/^IN:/ { inb = 1; n = 0; pc = ""; next }
inb && /^0x[0-9a-f]+:/ { if (pc == "") pc = substr($1, 3, 16); n++; next }
inb && /^$/ { if (pc != "") pending[pc] = n; inb = 0; next }
/^Trace / {
	if (!match($0, /: 0x[0-9a-f]+ \[[0-9a-f]+\/[0-9a-f]+\//)) next
	split(substr($0, RSTART + 2, RLENGTH - 2), f, /[ [\/]+/)
	if (f[3] in pending) { len[f[1]] = pending[f[3]]; delete pending[f[3]] }
	ins[f[3]] += len[f[1]]; runs[f[3]]++ }
END { for (p in ins) print p, ins[p], runs[p] }' <"$fifo" >"$pcs" &
counter=$!
QEMU_CPU=qemu64 BOOT_TIMEOUT=1800 \
	QEMU_EXTRA="-icount shift=0,sleep=off -rtc base=2000-01-01T00:00:00,clock=vm -d in_asm,exec,nochain -dfilter 0x$lo..0x$hi -D $fifo" \
	"$TOP/harness/boot.sh" "$out/$name" "$image" "nokaslr norandmaps $kargs" \
	"bench bench_ops=$ops" || {
	# The counter may still wait for a writer to open the pipe.
	kill "$counter" 2>/dev/null || true
	rm -f "$fifo"
	die "the guest did not finish ($out/$name.console)"
}
wait "$counter"
rm -f "$fifo"
tr -d '\r' <"$out/$name.ktap" | grep '# bench ' | sed 's/^ *//'

# Sort block addresses together with the symbols (fixed-width hex sorts
# as numbers) and give each block to the symbol before it.
{
	awk '$2 ~ /^[tTwW]$/ { print $1, "S", $3 }' "$kout/System.map"
	awk '{ print $1, "P", $2, $3 }' "$pcs"
} | LC_ALL=C sort -k1,1 -s | awk '
	$2 == "S" { sym = $3; next }
	{ n[sym] += $3; b[sym] += $4 }
	END { for (s in n) print n[s], b[s], s }' | sort -rn >"$out/$name.insns"
rm -f "$pcs"
echo "instructions and blocks executed, per function: $out/$name.insns"
head -n "${TOP_N:-25}" "$out/$name.insns"
