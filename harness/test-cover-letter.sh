#!/bin/sh
# Shows that "cover-letter.sh check" can fail: it must pass on a copy of
# patches/cover-letter, fail on three broken copies (a wrong count in the
# Subject, a wrong subject in the What list, a missing entry) without
# changing them, and pass again once "cover-letter.sh update" repaired
# them. Run by hand; check-patches.sh runs only the check itself.
# Ends with "N passed, N failed".
set -eu
. "$(dirname "$0")/common.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
pass=0 fail=0

# result NAME WANT GOT
result() {
	if [ "$2" = "$3" ]; then
		echo "ok cover-letter self-test: $1"
		pass=$((pass + 1))
	else
		echo "not ok cover-letter self-test: $1 (check: $3, wanted $2)"
		sed 's/^/    /' "$tmp/out"
		fail=$((fail + 1))
	fi
}

# check_of FILE: "pass" or "fail", from check's status and its first line
# (a crash is neither); fails too if check changed FILE.
check_of() {
	cp "$1" "$tmp/before"
	if COVER=$1 "$TOP/harness/cover-letter.sh" check >"$tmp/out" 2>&1; then
		got=pass want='ok cover letter: matches '
	else
		got=fail want='not ok cover letter: '
	fi
	case $(head -1 "$tmp/out") in
	"$want"*) ;;
	*) got=crash ;;
	esac
	cmp -s "$1" "$tmp/before" || got=modified
	echo "$got"
}

# expect_fail NAME FILE: check fails on FILE, and passes after update.
expect_fail() {
	result "check fails on $1" fail "$(check_of "$2")"
	COVER=$2 "$TOP/harness/cover-letter.sh" update >"$tmp/out" 2>&1 || true
	result "update repairs $1" pass "$(check_of "$2")"
}

good=$tmp/cover-letter
cp "$PATCHES/cover-letter" "$good"
result "check passes on the untouched letter" pass "$(check_of "$good")"

# A count one more than the letter's own.
n=$(sed -n '1s/^Subject: \[[^]]* 0*\/\([0-9]*\)\].*/\1/p' "$good")
sed "1s|0/$n\\]|0/$((n + 1))]|" "$good" >"$tmp/count"
expect_fail "a wrong count in the Subject" "$tmp/count"

sed 's/^1\. .*/1. security: not the subject of patch 1/' "$good" >"$tmp/subject"
expect_fail "a wrong subject in the What list" "$tmp/subject"

# Entry 2 goes with its notes, if it has any.
awk '/^2\. / { d = 1; next } d && /^   / { next } { d = 0; print }' \
	"$good" >"$tmp/missing"
expect_fail "a missing entry in the What list" "$tmp/missing"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
