# Helpers for guest tests; sourced. A test prints one "ok DESC" or
# "not ok DESC" line per case; /init numbers them and wraps them in KTAP.
# shellcheck shell=sh

# check DESC CMD...: the case passes when CMD succeeds.
check() {
	d=$1
	shift
	if "$@"; then echo "ok $d"; else echo "not ok $d"; fi
}

# check_eq DESC GOT WANT: the case passes when GOT equals WANT.
check_eq() {
	if [ "$2" = "$3" ]; then
		echo "ok $1"
	else
		echo "not ok $1"
		echo "# got:  '$2'"
		echo "# want: '$3'"
	fi
}
