#!/bin/sh
# make check's part for one base ($BASE): sync the work tree with
# patches/$BASE, build the kernels and the initramfs, run the boots of
# tests/$BASE/boots, and end with "passed N failed N" for check.sh.
set -eu
. "$(dirname "$0")/common.sh"

pass=0 fail=0

# result DESC CMD...: run CMD, print "ok DESC" or "not ok DESC", count it.
result() {
	d=$1
	shift
	if "$@"; then
		echo "ok $d"
		pass=$((pass + 1))
	else
		echo "not ok $d"
		fail=$((fail + 1))
	fi
}

tree_in_sync() { "$TOP/harness/tree.sh" apply && "$TOP/harness/tree.sh" verify; }

# The series checks count as tests too.
step "$BASE: work tree and patches/$BASE"
result "patches/$BASE matches the work tree" tree_in_sync

step "series checks (checkpatch, commit messages)"
out=$BUILD/logs/check-patches.out
mkdir -p "$BUILD/logs"
"$TOP/harness/check-patches.sh" | tee "$out"
# shellcheck disable=SC2046 # split "passed N failed N" into words
set -- $(tail -1 "$out")
pass=$((pass + $2)) fail=$((fail + $4))

step "initramfs"
"$TOP/harness/initramfs.sh" >/dev/null

step "boot tests"
out=$BUILD/logs/check-boots.out
# make check runs a base's tests/$BASE/subset (a regex of boot names), if
# it has one, so that both bases fit in CI's time; make check-full
# (CHECK_FULL=1) and an explicit TESTS run what they say.
if [ -z "${TESTS:-}" ] && [ -z "${CHECK_FULL:-}" ] && [ -f "$TESTS_DIR/subset" ]; then
	TESTS=$(grep -v '^#' "$TESTS_DIR/subset" | grep . | paste -sd '|')
	export TESTS
	step "$BASE: the subset of tests/$BASE/boots that tests/$BASE/subset names"
fi
"$TOP/harness/check-boots.sh" | tee "$out"
# shellcheck disable=SC2046 # split "passed N failed N" into words
set -- $(tail -1 "$out")
if [ "${1:-}" = passed ]; then
	pass=$((pass + $2)) fail=$((fail + $4))
else
	fail=$((fail + 1))
fi

# The kernels of these boots compiled without a warning (the series adds
# none: stock builds none in these configurations). A build log lists
# what its build compiled; tree.sh apply touches every patched file, so
# the build after it compiles each of them again (ccache replays the
# warnings of a cached compile).
step "$BASE: compiler warnings"
for v in $(cut -d'|' -f2 "$BUILD/logs/boots/selected" | sort -u); do
	log=$(kernel_out "$v")/build.log
	[ -f "$log" ] || continue
	n=$(grep -c 'warning:' "$log" || true)
	result "$v: built without a compiler warning ($n)" [ "$n" = 0 ]
	[ "$n" = 0 ] || grep 'warning:' "$log" | sort | uniq -c | sort -rn | head -3
done

# Every hook has a call rule, and the check that says so can fail
# (security.c recompiled with a rule taken out, into a scratch directory).
step "$BASE: the hooks' call rules"
out=$BUILD/logs/check-hook-rules.out
"$TOP/harness/check-hook-rules.sh" | tee "$out" || true
# shellcheck disable=SC2046 # split "passed N failed N" into words
set -- $(tail -1 "$out")
if [ "${1:-}" = passed ]; then
	pass=$((pass + $2)) fail=$((fail + $4))
else
	fail=$((fail + 1))
fi

# Each LSM alone logs the same audit records on stock and on the composer.
if grep -q '^audit-stock-' "$BUILD/logs/boots/selected"; then
	step "audit records, stock and composer"
	out=$BUILD/logs/audit-compare.out
	"$TOP/harness/audit-compare.sh" | tee "$out"
	# shellcheck disable=SC2046 # split "passed N failed N" into words
	set -- $(tail -1 "$out")
	pass=$((pass + $2)) fail=$((fail + $4))
fi

# The Debian guest: each stacked boot gives what its LSMs give alone on
# stock (harness/distro-compare.sh); the table is build/logs/distro.md.
if grep -q '^distro-' "$BUILD/logs/boots/selected"; then
	step "Debian guest: stacked as alone"
	out=$BUILD/logs/distro-compare.out
	"$TOP/harness/distro-compare.sh" | tee "$out"
	cat "$BUILD/logs/distro.md"
	# shellcheck disable=SC2046 # split "passed N failed N" into words
	set -- $(tail -1 "$out")
	pass=$((pass + $2)) fail=$((fail + $4))
fi

# The conformance matrix as a table (also in build/logs/conformance.md),
# when this run booted the conformance boots.
if grep -q '^conform-' "$BUILD/logs/boots/selected"; then
	step "conformance matrix"
	"$TOP/harness/conformance-table.sh" | tee "$BUILD/logs/conformance.md"
fi

# The LSMs' own user space under each presentation (guest/tests/user_space)
# as a table; when every boot that runs it ran, the README's table must be
# this one (the README's table is 6.12's).
selected=$BUILD/logs/boots/selected
if [ "$BASE" = 6.12 ] && grep -Eq ' user_space( |$)' "$selected"; then
	step "user space under each presentation"
	table=$BUILD/logs/user-space.md
	"$TOP/harness/user-space-table.sh" | tee "$table"
	if [ "$(grep -Ec ' user_space( |$)' "$selected")" = \
		"$(grep -v '^#' "$TESTS_DIR/boots" | grep -Ec ' user_space( |$)')" ]; then
		if sed -n '/^<!-- user-space-table -->$/,/^<!-- end -->$/p' \
			"$TOP/README.md" | grep '^|' | diff -u - "$table"; then
			echo "ok the README's user space table is this run's"
			pass=$((pass + 1))
		else
			echo "not ok the README's user space table is not this run's"
			fail=$((fail + 1))
		fi
	fi
fi

echo "passed $pass failed $fail"
