#!/bin/sh
# make bench: boot every configuration of bench/configs (BENCH=regex for
# some) twice under
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
# qemu64 avoids the bimodal timings that -cpu max shows for tiny syscalls.
# The RTC follows guest time from a fixed date: with the host's wall clock
# every boot seeded the kernel's RNG differently, and random hash seeds and
# socket ports moved a few figures by up to 0.03%.
export QEMU_EXTRA="-icount shift=0,sleep=off -rtc base=2000-01-01T00:00:00,clock=vm" QEMU_CPU=qemu64

grep -v "^#" "$TOP/bench/configs" | grep "|" | grep -E "${BENCH:-.}" >"$out/configs"
total=$(wc -l <"$out/configs")
i=0
while IFS='|' read -r name variant kargs; do
	name=$(echo $name) variant=$(echo $variant)
	i=$((i + 1))
	image=$("$TOP/harness/build-kernel.sh" "$variant")
	for run in 1 2; do
		step "bench $i/$total: $name, run $run"
		log=$out/logs/$name.$run
		BOOT_TIMEOUT=600 "$TOP/harness/boot.sh" "$log" "$image" \
			"nokaslr norandmaps $kargs" bench ||
			die "$name: the guest did not finish (see $log.console)"
		# The serial log ends its lines with CR LF.
		tr -d '\r' <"$log.ktap" |
			sed -n "s/^ *# bench \([a-z_0-9]*\) \([0-9.]*\)$/$name,$run,\1,\2/p" >>"$csv"
	done
done <"$out/configs"

"$TOP/harness/bench-report.sh" "$csv" "$out"
