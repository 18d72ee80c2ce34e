#!/bin/sh
# The fast series checks, one result line per patch (and one for the cover
# letter, harness/cover-letter.sh): checkpatch.pl --strict
# finds no error and no warning that patches/checkpatch-accepted does not
# list; the subject reads "subsystem: summary"; the body says why; the
# patch carries no Signed-off-by: its author is a team address, not a
# person who can certify the DCO, so whoever submits the series adds
# their own (checkpatch's MISSING_SIGN_OFF is expected for that reason).
# Last line: "passed N failed N".
set -eu
. "$(dirname "$0")/common.sh"

accepted=$PATCHES/checkpatch-accepted
pass=0 fail=0
for p in $(grep -v '^#' "$PATCHES/series" | grep . || true); do
	f=$PATCHES/$p
	problems=
	subject=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$f" | head -1)
	printf '%s\n' "$subject" | grep -Eq '^[a-zA-Z0-9_/,. -]+: [^ ]' ||
		problems="$problems subject-not-subsystem:summary"
	# The body: lines between the header's blank line and the first "---".
	body=$(awk 'h && /^---$/ { exit } h { print } /^$/ && !h { h = 1 }' "$f" |
		grep -c '[a-z]' || true)
	[ "$body" -ge 2 ] || problems="$problems no-body"
	! grep -q '^Signed-off-by: ' "$f" || problems="$problems signed-off-by"
	out=$(perl "$SRC/scripts/checkpatch.pl" --strict --no-tree --terse \
		--show-types --ignore MISSING_SIGN_OFF "$f" 2>&1 || true)
	bad=$(printf '%s\n' "$out" | grep -E ': (ERROR|WARNING):' |
		while IFS= read -r l; do
			type=$(printf '%s\n' "$l" | sed -n 's/.*: \(ERROR\|WARNING\):\([A-Z_]*\):.*/\2/p')
			grep -q "^$p $type " "$accepted" 2>/dev/null || printf '%s\n' "$l"
		done)
	[ -z "$bad" ] || problems="$problems checkpatch"
	if [ -z "$problems" ]; then
		echo "ok series: $p"
		pass=$((pass + 1))
	else
		echo "not ok series: $p:$problems"
		[ -z "$bad" ] || printf '%s\n' "$bad" | sed 's/^/    /'
		fail=$((fail + 1))
	fi
done
# The cover letter's "0/N" and What list must match the series; check
# prints its own result line. harness/test-cover-letter.sh (run by hand)
# shows that this check can fail.
if "$TOP/harness/cover-letter.sh" check; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
fi
echo "passed $pass failed $fail"
