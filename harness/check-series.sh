#!/bin/sh
# make check-series: apply the series one patch at a time to a fresh tree
# of the base and build the kernel after each patch with the composer on
# and off, then run the fast series checks. Ends with "N passed, N failed".
# FROM=N starts the builds and boots at patch N.
set -eu
. "$(dirname "$0")/common.sh"

# A FROM that is not a patch's number would build nothing, or everything,
# and still pass: refuse it before any work.
count=$(grep -v '^#' "$PATCHES/series" | grep -c . || true)
case ${FROM:-1} in
'' | *[!0-9]* | 0) die "FROM=${FROM:-}: give a patch number, 1 to $count" ;;
esac
[ "${FROM:-1}" -le "$count" ] || die "FROM=$FROM: the series has $count patches"

"$TOP/harness/tree.sh" apply
# The guest's tests and the series' selftests, from the top of the series.
"$TOP/harness/initramfs.sh" >/dev/null
wt=$BUILD/series-tree
git -C "$SRC" worktree prune
[ -d "$wt" ] || git -C "$SRC" worktree add -q --detach "$wt" base
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" reset -q --hard base

pass=0 fail=0
# boot_step FILE: run the boots of FILE on the kernels of the commit in the
# series tree and add their counts.
boot_step() {
	# Through a file: "tee /dev/stderr" reopens stderr and, when it is a
	# log file, truncates what the builds above wrote to it.
	log=$BUILD/logs/check-series-boots.out
	KSRC=$wt BOOTS=$1 "$TOP/harness/check-boots.sh" >"$log" || true
	sed "s/^/$p: /" "$log"
	# shellcheck disable=SC2046 # "passed N failed N"
	set -- $(tail -1 "$log")
	if [ "${1:-}" = passed ]; then
		pass=$((pass + $2)) fail=$((fail + $4))
	else
		fail=$((fail + 1))
	fi
}
mkdir -p "$BUILD/logs"
n=0
for p in $(grep -v '^#' "$PATCHES/series" | grep . || true); do
	git -C "$wt" -c user.name=composer -c user.email=composer@localhost \
		am -q "$PATCHES/$p" || die "$p does not apply"
	# FROM=N, for a rerun after a change from patch N on: the patches
	# before it are applied, not built or booted.
	n=$((n + 1))
	if [ "$n" -lt "${FROM:-1}" ]; then
		echo "skipped: $p (before FROM=$FROM)"
		continue
	fi
	for v in series-on series-off; do
		if KSRC=$wt KOUT=$BUILD/out/$v "$TOP/harness/build-kernel.sh" "$v" >/dev/null; then
			echo "ok builds: $p ($v)"
			pass=$((pass + 1))
		else
			echo "not ok builds: $p ($v)"
			fail=$((fail + 1))
		fi
	done
	# The series' own tests, from the commit that first changes them:
	# each later commit's kernel passes the LSM selftests it has (a later
	# patch's test of a later feature does not apply here), as the top of
	# the series has them (the initramfs is built from the top), and its
	# KUnit suites.
	only=$(cd "$wt/tools/testing/selftests/lsm" && ls -- *_test.c |
		sed 's/\.c$//' | paste -sd, -)
	for f in boots-each boots-each-kunit; do
		grep -v '^#' "$TESTS_DIR/$f" | sed "s/\$/ lsm_selftests_only=$only/" \
			>"$BUILD/logs/$f"
	done
	git -C "$wt" diff --quiet base HEAD -- tools/testing/selftests/lsm ||
		boot_step "$BUILD/logs/boots-each"
	if ls "$wt"/security/composer*_kunit.c >/dev/null 2>&1; then
		boot_step "$BUILD/logs/boots-each-kunit"
	fi
	# Several majors active from here on: boot the shared facilities.
	if git -C "$wt" log -1 --format=%s | grep -q 'drop exclusivity$'; then
		boot_step "$TESTS_DIR/boots-series"
	fi
done

# The cover letter check can fail: break copies of the letter and see.
if "$TOP/harness/test-cover-letter.sh" >/dev/null; then
	echo "ok the cover letter check fails on a broken letter"
	pass=$((pass + 1))
else
	echo "not ok the cover letter check fails on a broken letter"
	fail=$((fail + 1))
fi

"$TOP/harness/check-patches.sh" | tee "$BUILD/logs/check-series.out"
# shellcheck disable=SC2046 # split "passed N failed N" into words
set -- $(tail -1 "$BUILD/logs/check-series.out")
pass=$((pass + $2)) fail=$((fail + $4))
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
