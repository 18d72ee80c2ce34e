#!/bin/sh
# Run the boot tests of tests/boots, or of the file $BOOTS names (those
# whose name matches $TESTS, a grep -E pattern) and print one line per
# boot. The last line of output is "passed N failed N" for check.sh to add
# up.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
kunit="$SRC/tools/testing/kunit/kunit.py"
mkdir -p "$logs"
pass=0 fail=0

# count KUNIT_OUTPUT: add its "Testing complete" totals to pass/fail.
count() {
	line=$(grep 'Testing complete' "$1" | tail -1)
	p=$(printf '%s' "$line" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/.*failed: \([0-9]*\).*/\1/p')
	c=$(printf '%s' "$line" | sed -n 's/.*crashed: \([0-9]*\).*/\1/p')
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${f:-0} + ${c:-0}))
	[ -n "$line" ] && [ "${f:-0}" = 0 ] && [ "${c:-0}" = 0 ]
}

boots=${BOOTS:-$TESTS_DIR/boots}
grep -v '^#' "$boots" | grep '|' | while IFS='|' read -r name variant kargs gargs; do
	name=$(echo $name) variant=$(echo $variant)
	printf '%s\n' "$name" | grep -Eq "${TESTS:-.}" || continue
	printf '%s|%s|%s|%s\n' "$name" "$variant" "$kargs" "$gargs"
done >"$logs/selected"
# A TESTS that selects nothing must not pass as "0 failed".
# check.sh, running several bases, checks that TESTS matches some boot of
# one of them (ALLOW_EMPTY=1).
if [ ! -s "$logs/selected" ] && [ -n "${ALLOW_EMPTY:-}" ]; then
	echo "# TESTS='${TESTS:-}' matches no boot in $boots"
	echo "passed 0 failed 0"
	exit 0
fi
if [ ! -s "$logs/selected" ]; then
	echo "not ok TESTS='${TESTS:-}' matches no boot in $boots"
	echo "passed 0 failed 1"
	exit 0
fi

# The kernels first, each once, so that the run says how many are left;
# $logs/images maps each built variant to its image, so a boot neither
# rebuilds nor re-hashes the tree, and a kernel that did not build fails
# its boots without a second attempt.
variants=$(cut -d'|' -f2 "$logs/selected" | awk '!seen[$0]++')
nk=$(printf '%s\n' "$variants" | wc -l) k=0
: >"$logs/images"
for v in $variants; do
	k=$((k + 1))
	step "$BASE: kernel $k of $nk: $v"
	if image=$("$TOP/harness/build-kernel.sh" "$v" </dev/null); then
		echo "$v $image" >>"$logs/images"
	fi
done

# The Debian guest's disk (distro-image.sh), made once a run, before the
# boots that share it (each boots it read-only).
distro_disk=
if grep -q '^distro-' "$logs/selected"; then
	step "$BASE: the Debian guest's disk"
	distro_disk=$("$TOP/harness/distro-image.sh" </dev/null) || distro_disk=
fi

# run_boot NAME VARIANT KARGS GARGS: boot one line of the selection,
# print "ok NAME" or "not ok NAME ..." and count its KTAP results and its
# console check in pass/fail.
run_boot() {
	name=$1 variant=$2 kargs=$3 gargs=$4
	image=$(awk -v v="$variant" '$1 == v { print $2 }' "$logs/images")
	if [ -z "$image" ]; then
		echo "not ok $name: kernel $variant did not build"
		fail=$((fail + 1))
		return
	fi
	disk='' timeout=${BOOT_TIMEOUT:-120}
	case $name in
	distro-*)
		[ -n "$distro_disk" ] || {
			echo "not ok $name: no Debian guest disk"
			fail=$((fail + 1))
			return
		}
		disk=$distro_disk timeout=${DISTRO_TIMEOUT:-600}
		;;
	esac
	log=$logs/$name
	ok=1
	# A boot whose name ends in -smp runs on two CPUs (configs/smp.config).
	smp=1
	case $name in *-smp) smp=2 ;; esac
	if ! DISK=$disk BOOT_TIMEOUT=$timeout QEMU_SMP=$smp \
		"$TOP/harness/boot.sh" "$log" "$image" "$kargs" "$gargs" </dev/null; then
		echo "not ok $name: the guest did not finish (console: $log.console)"
		fail=$((fail + 1)) ok=0
	fi
	python3 "$kunit" parse "$log.ktap" >"$log.result" 2>&1 || true
	count "$log.result" || ok=0
	# The KUnit suites built into the kernel print KTAP on the console.
	case " $gargs " in
	*" kunit=1 "*)
		python3 "$kunit" parse "$log.console" >"$log.kunit" 2>&1 || true
		count "$log.kunit" || { ok=0; cat "$log.kunit" >>"$log.result"; }
		;;
	esac
	# A boot must not warn, oops or lose an LSM, whatever its tests say.
	if grep -E 'WARNING:|BUG:|Oops|Kernel panic|[Ff]ailed to initiali[sz]e|Call Trace' \
		"$log.console" >"$log.bad"; then
		echo "not ok $name: console reports trouble:"
		sed 's/^/    /' "$log.bad" | head -10
		fail=$((fail + 1)) ok=0
	else
		pass=$((pass + 1))
	fi
	if [ $ok = 1 ]; then
		echo "ok $name"
	else
		echo "not ok $name (logs: $log.*)"
		grep -E 'FAILED|CRASHED|# ' "$log.result" | grep -v 'Testing complete' | sed 's/^\[[0-9:]*\] /    /' | head -20
	fi
}

# The guests run BOOT_JOBS at a time (one per CPU: a TCG guest keeps one
# busy), each worker taking the next boot nobody has claimed (mkdir is
# atomic). Each worker's lines are printed whole when its boot ends.
nb=$(wc -l <"$logs/selected")
nd=$(grep -c '^distro-' "$logs/selected" || true)
jobs=${BOOT_JOBS:-$JOBS}
claims=$logs/claims
rm -rf "$claims"
mkdir -p "$claims"
step "$BASE: $nb boots, $jobs at a time ($nd of them the Debian guest, about a minute each; the others take seconds)"
worker() {
	pass=0 fail=0 b=0
	while IFS='|' read -r name variant kargs gargs; do
		b=$((b + 1))
		mkdir "$claims/$b" 2>/dev/null || continue
		# A progress line every ten boots and before each Debian guest.
		case $name in
		distro-*) step "$BASE: boot $b of $nb: $name (the Debian guest)" ;;
		*) [ $((b % 10)) != 1 ] || step "$BASE: boot $b of $nb: $name" ;;
		esac
		run_boot "$name" "$variant" "$kargs" "$gargs" >"$claims/$b/out" 2>&1
		cat "$claims/$b/out"
	done <"$logs/selected"
	echo "$pass $fail" >"$claims/worker.$1"
}
w=0
while [ "$w" -lt "$jobs" ]; do
	worker "$w" &
	w=$((w + 1))
done
wait
pass=0 fail=0
for f in "$claims"/worker.*; do
	read -r p f2 <"$f"
	pass=$((pass + p)) fail=$((fail + f2))
done
w=0
while [ "$w" -lt "$jobs" ]; do
	[ -f "$claims/worker.$w" ] || { echo "not ok boot worker $w ended early"; fail=$((fail + 1)); }
	w=$((w + 1))
done
echo "passed $pass failed $fail"
