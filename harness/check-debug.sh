#!/bin/sh
# make check-debug: the guest suite, the long fuzzer and the churn tests on
# the sanitizer kernel (KASAN, kmemleak, lockdep; variant composer-debug)
# with every LSM active (tests/boots-debug); each boot ends with a
# kmemleak scan, and the console must show no report. Ends with
# "N passed, N failed". The debug kernel runs about 13 times slower than
# the test kernel, hence the long boot timeout.
set -eu
. "$(dirname "$0")/common.sh"

"$TOP/harness/deps.sh"
"$TOP/harness/tree.sh" apply
step "initramfs"
"$TOP/harness/initramfs.sh" >/dev/null
step "boot tests on the sanitizer kernel (about 20 minutes, two boots at a time)"
out=$BUILD/logs/check-debug.out
mkdir -p "$BUILD/logs"
BOOTS=$TESTS_DIR/boots-debug BOOT_TIMEOUT=${BOOT_TIMEOUT:-1800} \
	"$TOP/harness/check-boots.sh" | tee "$out"
# shellcheck disable=SC2046 # split "passed N failed N" into words
set -- $(tail -1 "$out")
if [ "${1:-}" = passed ]; then
	echo "$2 passed, $4 failed"
	[ "$4" = 0 ]
else
	echo "0 passed, 1 failed"
	exit 1
fi
