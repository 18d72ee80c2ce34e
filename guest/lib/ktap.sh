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

# in_log PATTERN: the kernel log matches PATTERN (grep). Audit records
# reach the log through kauditd, a little later: wait up to 2 s.
in_log() {
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		dmesg | grep -q "$1" && return 0
		sleep 0.1
	done
	return 1
}

# lsm_active NAME: is LSM NAME in /sys/kernel/security/lsm?
lsm_active() {
	case ",$(cat /sys/kernel/security/lsm)," in
	*",$1,"*) return 0 ;;
	*) return 1 ;;
	esac
}

# lsm_attr LSM ATTR: LSM's own /proc/self/attr file for ATTR; the plain one
# where LSM has no directory (SELinux on stock 6.12).
lsm_attr() {
	if [ -e "/proc/self/attr/$1/$2" ]; then
		echo "/proc/self/attr/$1/$2"
	else
		echo "/proc/self/attr/$2"
	fi
}

# selinux_load: load the guest's SELinux policy (permissive) once a boot.
selinux_load() {
	[ -f /tmp/.selinux-loaded ] && return 0
	cat /etc/policy/selinux >/sys/fs/selinux/load && touch /tmp/.selinux-loaded
}

# ktap_subtest NAME OUT N RC: the "ok"/"not ok" lines a test wrote to OUT,
# numbered and wrapped in a KTAP subtest, and its result line as test N.
# The test fails on any "not ok", no "ok" at all, or a non-zero RC.
ktap_subtest() {
	[ "$4" -eq 0 ] || echo "not ok $1 exited with status $4" >>"$2"
	awk -v name="$1" '
		/^ok( |$)/ { n++; sub(/^ok */, ""); l[++k] = "ok " n " " $0; next }
		/^not ok( |$)/ { n++; sub(/^not ok */, ""); l[++k] = "not ok " n " " $0; next }
		/^#/ { l[++k] = $0; next }
		{ l[++k] = "# " $0 }
		END {
			print "    KTAP version 1"
			print "    # Subtest: " name
			print "    1.." n
			for (i = 1; i <= k; i++) print "    " l[i]
		}' "$2"
	if grep -q '^not ok' "$2" || ! grep -q '^ok' "$2"; then
		echo "not ok $3 $1"
	else
		echo "ok $3 $1"
	fi
}
