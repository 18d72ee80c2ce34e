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

while IFS='|' read -r name variant kargs gargs; do
	# </dev/null: the loop reads its boots from stdin, and a kernel build
	# whose config gained symbols would prompt and swallow the rest.
	image=$("$TOP/harness/build-kernel.sh" "$variant" </dev/null) ||
		{ fail=$((fail + 1)); continue; }
	# The distro-* boots boot the Debian guest's disk (distro-image.sh),
	# made once a run.
	disk='' timeout=${BOOT_TIMEOUT:-120}
	case $name in
	distro-*)
		[ -n "${distro_disk:-}" ] ||
			distro_disk=$("$TOP/harness/distro-image.sh" </dev/null) ||
			{ fail=$((fail + 1)); continue; }
		disk=$distro_disk timeout=${DISTRO_TIMEOUT:-600}
		;;
	esac
	log=$logs/$name
	ok=1
	# A -smp kernel boots on two CPUs (configs/smp.config).
	smp=1
	case $variant in *-smp) smp=2 ;; esac
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
done <"$logs/selected"
echo "passed $pass failed $fail"
