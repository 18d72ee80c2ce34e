#!/bin/sh
# make check: the shellcheck of the harness, then harness/check-base.sh for
# each base (both, or the one BASE names), added up; the last line is
# "N passed, N failed" and the exit status fails with any failure.
set -eu
bases=${BASE:-6.12 7.3}
. "$(dirname "$0")/common.sh"

"$TOP/harness/deps.sh"
pass=0 fail=0
if [ -n "${TESTS:-}" ]; then
	step "make check: bases $bases, the boots matching TESTS='$TESTS' and their kernels"
elif [ -n "${CHECK_FULL:-}" ]; then
	step "make check-full: bases $bases, every kernel and every boot of tests/\$BASE/boots"
else
	step "make check: bases $bases, four kernels each and the boots of tests/\$BASE/subset (from an empty cache about an hour on 2 cores, most of it the kernels)"
fi

step "shellcheck of the harness and guest scripts"
if (cd "$TOP" && shellcheck -x -S warning -s sh harness/*.sh guest/init \
	guest/tests/* guest/distro/composer-check .ci/run); then
	echo "ok harness scripts pass shellcheck"
	pass=$((pass + 1))
else
	echo "not ok harness scripts pass shellcheck"
	fail=$((fail + 1))
fi

# A TESTS regex need not match boots of every base, but of one.
set -- $bases
[ $# -gt 1 ] && [ -n "${TESTS:-}" ] && export ALLOW_EMPTY=1
selected=0
for b in $bases; do
	step "base $b"
	out=$TOP/build/$b/logs/check.out
	mkdir -p "${out%/*}"
	BASE=$b "$TOP/harness/check-base.sh" | tee "$out"
	sel=$TOP/build/$b/logs/boots/selected
	[ ! -s "$sel" ] || selected=$((selected + $(wc -l <"$sel")))
	# shellcheck disable=SC2046 # split "passed N failed N" into words
	set -- $(tail -1 "$out")
	if [ "${1:-}" = passed ]; then
		pass=$((pass + $2)) fail=$((fail + $4))
	else
		fail=$((fail + 1))
	fi
done

if [ -n "${ALLOW_EMPTY:-}" ] && [ "$selected" = 0 ]; then
	echo "not ok TESTS='$TESTS' matches no boot of $bases"
	fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
