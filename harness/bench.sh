#!/bin/sh
# make bench: boot every configuration of bench/configs (BENCH=regex for
# some) twice, the two runs side by side, under
# "-icount shift=0,sleep=off" (guest time counts instructions, so a figure
# repeats exactly), check that the two runs agree, and write a markdown
# table with ratios, raw CSV and a PNG plot to build/bench/.
set -eu
. "$(dirname "$0")/common.sh"

"$TOP/harness/deps.sh" gnuplot-nox
"$TOP/harness/tree.sh" apply
"$TOP/harness/initramfs.sh" >/dev/null
out=$BUILD/bench
mkdir -p "$out/logs"
csv=$out/results.csv
echo "config,run,op,ns_per_op" >"$csv"
# Each figure is the median over allocator states (guest/src/bench.c);
# states.csv keeps every state's figure.
states=$out/states.csv
echo "config,run,state,op,ns_per_op" >"$states"
# qemu64 avoids the bimodal timings that -cpu max shows for tiny syscalls.
# The RTC follows guest time from a fixed date: with the host's wall clock
# every boot seeded the kernel's RNG differently, and random hash seeds and
# socket ports moved a few figures by up to 0.03%.
export QEMU_EXTRA="-icount shift=0,sleep=off -rtc base=2000-01-01T00:00:00,clock=vm" QEMU_CPU=qemu64

grep -v "^#" "$TOP/bench/configs" | grep "|" | grep -E "${BENCH:-.}" >"$out/configs"
total=$(wc -l <"$out/configs")
i=0
while IFS='|' read -r name variant kargs gargs; do
	name=$(echo $name) variant=$(echo $variant)
	i=$((i + 1))
	image=$("$TOP/harness/build-kernel.sh" "$variant" </dev/null)
	step "bench $i/$total: $name, runs 1 and 2"
	# Guest time counts instructions, so the two runs may share the
	# host's cores: they run side by side.
	pids=
	for run in 1 2; do
		BOOT_TIMEOUT=600 "$TOP/harness/boot.sh" "$out/logs/$name.$run" \
			"$image" "nokaslr norandmaps $kargs" "bench $gargs" </dev/null &
		pids="$pids $!"
	done
	ok=1
	for pid in $pids; do wait "$pid" || ok=0; done
	[ $ok = 1 ] || die "$name: a guest did not finish (see $out/logs/$name.*.console)"
	for run in 1 2; do
		# The serial log ends its lines with CR LF.
		tr -d '\r' <"$out/logs/$name.$run.ktap" |
			sed -n "s/^ *# bench \([a-z_0-9]*\) \([0-9.]*\)$/$name,$run,\1,\2/p" >>"$csv"
		tr -d '\r' <"$out/logs/$name.$run.ktap" |
			sed -n "s/^ *# state \([0-9]*\) \([a-z_0-9]*\) \([0-9.]*\)$/$name,$run,\1,\2,\3/p" >>"$states"
	done
done <"$out/configs"

BASE=$BASE "$TOP/harness/bench-report.sh" "$csv" "$out"
