#!/bin/sh
# Keeps patches/cover-letter in step with patches/series, so its patch
# list cannot go stale unnoticed:
#   cover-letter.sh update  rewrite the "Subject: [PATCH 0/N]" count and the
#                           numbered list of the "What" section in place
#   cover-letter.sh check   "ok cover letter: ..." when update would change
#                           nothing, else "not ok cover letter: ..."; exit 1
# Entry K of the list is "K. <subject of patch K>". The indented notes
# ("   ...") under an entry follow its subject; a note whose subject is no
# longer in the series is dropped. Nothing else in the letter is touched.
# COVER=path works on another letter; harness/test-cover-letter.sh uses
# that to show that check fails on broken letters.
set -eu
. "$(dirname "$0")/common.sh"

COVER=${COVER:-$PATCHES/cover-letter}
mode=${1:-}
case $mode in
update | check) ;;
*) die "usage: $0 update|check" ;;
esac

# In check mode a letter or series we cannot read is a failed check, so
# check-patches.sh still counts it.
bad() {
	[ "$mode" = check ] || die "$*"
	echo "not ok cover letter: $*"
	exit 1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

[ -f "$COVER" ] || bad "no $COVER"

# The subject of each patch, in series order (the same reading of
# patches/series as tree.sh's). format-patch folds long subjects onto
# lines that start with a space; unfold them. An RFC 2047 encoded subject
# (non-ASCII) would need decoding, so it is refused rather than copied.
: >"$tmp/subjects"
for p in $(grep -v '^#' "$PATCHES/series" | grep . || true); do
	f=$PATCHES/$p
	[ -f "$f" ] || bad "patches/series lists $p, which does not exist"
	awk '
		/^$/ { exit }	# the end of the mail header
		s != "" && /^[ \t]/ { sub(/^[ \t]+/, " "); s = s $0; next }
		s != "" { exit }
		/^Subject: / { s = $0 }
		END {
			sub(/^Subject: (\[PATCH[^]]*\] )?/, "", s)
			if (s == "" || s ~ /=\?[^?]*\?[BbQq]\?/)
				exit 1
			print s
		}' "$f" >>"$tmp/subjects" ||
		bad "$p has no plain Subject: header"
done
n=$(wc -l <"$tmp/subjects" | tr -d ' ')
# The awk below tells the subjects file from the letter by FNR == NR,
# which an empty subjects file would break.
[ "$n" -gt 0 ] || bad "patches/series lists no patches"

# Write the letter as update would leave it to $tmp/new, the letter's own
# list entries to $tmp/old-entries and the subjects whose notes go to
# $tmp/dropped. The What section runs from the "----" under "What" to the
# next heading (a line with a "----" line under it).
if ! awk -v n="$n" -v tmp="$tmp" '
	function fail(msg) { print msg >(tmp "/err"); err = 1; exit 1 }
	# Print the What section, sec[1..m], with the list rebuilt.
	function what(  i, first, last, s, k) {
		first = m + 1; last = 0
		for (i = 1; i <= m; i++)
			if (sec[i] ~ /^[0-9]+\. /) {
				if (first > m) first = i
				last = i
			} else if (first <= m && sec[i] ~ /^   /) {
				if (last == i - 1) last = i
			}
		if (first > m) first = 1	# no list yet: start the section
		for (i = first; i <= last; i++) {
			if (sec[i] ~ /^[0-9]+\. /) {
				s = sec[i]; sub(/^[0-9]+\. /, "", s)
				print sec[i] >(tmp "/old-entries")
			} else if (sec[i] ~ /^   /) {
				note[s] = note[s] sec[i] "\n"
			} else {
				fail("line \"" sec[i] "\" in the What list is neither an entry nor an indented note")
			}
		}
		for (i = 1; i < first; i++) print sec[i]
		for (k = 1; k <= n; k++) {
			print k ". " subj[k]
			if (subj[k] in note) {
				printf "%s", note[subj[k]]
				delete note[subj[k]]
			}
		}
		for (s in note) print s >(tmp "/dropped")
		for (i = last + 1; i <= m; i++) print sec[i]
		m = 0
	}
	FNR == NR { subj[FNR] = $0; next }
	# The header ends at the first blank line; in it only the N of the
	# Subject line "0/N]" changes.
	!header && /^Subject: \[[^]]* 0+\/[0-9]+\]/ {
		match($0, /\/[0-9]+\]/)
		$0 = substr($0, 1, RSTART) n substr($0, RSTART + RLENGTH - 1)
		counted = 1
	}
	/^$/ { header = 1 }
	state == 1 && /^-+$/ && m > 0 && sec[m] != "" {
		heading = sec[m--]
		what()
		print heading
		state = 2
	}
	state == 1 { sec[++m] = $0; next }
	state == 0 && /^-+$/ && prev == "What" { state = 1 }
	{ print; prev = $0 }
	END {
		if (err) exit 1
		if (state == 1) what()
		if (!counted) fail("no \"Subject: [PATCH 0/N]\" line in the header")
		if (state == 0) fail("no \"What\" section")
	}
' "$tmp/subjects" "$COVER" >"$tmp/new"; then
	bad "$(cat "$tmp/err" 2>/dev/null || echo "cannot read $COVER")"
fi
touch "$tmp/old-entries" "$tmp/dropped"

if [ "$mode" = update ]; then
	if cmp -s "$COVER" "$tmp/new"; then
		echo "cover letter: already matches patches/series ($n patches)"
	else
		sort "$tmp/dropped" | sed 's/^/cover letter: dropped the note of "/; s/$/"/' >&2
		# cat, not mv: keep the file's mode and any links to it.
		cat "$tmp/new" >"$COVER"
		echo "cover letter: updated to patches/series ($n patches)"
	fi
	exit 0
fi

if cmp -s "$COVER" "$tmp/new"; then
	echo "ok cover letter: matches patches/series ($n patches)"
	exit 0
fi
# Say briefly what disagrees, then show the lines update would change.
old_n=$(sed -n 's/^Subject: \[[^]]* 0*\/\([0-9]*\)\].*/\1/p' "$COVER" | head -1)
awk '{ print NR ". " $0 }' "$tmp/subjects" >"$tmp/new-entries"
entries=$(wc -l <"$tmp/old-entries" | tr -d ' ')
why=
[ "$old_n" = "$n" ] || why="$why, Subject says 0/$old_n"
[ "$entries" = "$n" ] || why="$why, What lists $entries entries"
if [ "$entries" = "$n" ]; then
	k=$(paste -d '\n' "$tmp/old-entries" "$tmp/new-entries" |
		awk 'NR % 2 { o = $0; next } o != $0 { printf "%s%d", s, NR / 2; s = ", " }')
	case $k in
	*,*) why="$why, the What list differs at entries $k" ;;
	?*) why="$why, the What list differs at entry $k" ;;
	esac
fi
[ -n "$why" ] || why=", the What list differs"
echo "not ok cover letter: does not match patches/series ($n patches)$why;" \
	"run harness/cover-letter.sh update"
diff -u "$COVER" "$tmp/new" | sed -n '/^[-+][-+][-+] /d; /^[-+]/p' |
	awk 'NR <= 20 { print "    " $0 } END { if (NR > 20) print "    ... " NR - 20 " more" }'
exit 1
