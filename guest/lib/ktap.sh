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

# lsm_active NAME: is LSM NAME in /sys/kernel/security/lsm?
lsm_active() {
	case ",$(cat /sys/kernel/security/lsm)," in
	*",$1,"*) return 0 ;;
	*) return 1 ;;
	esac
}

# selinux_load: load the guest's SELinux policy (permissive) once a boot.
selinux_load() {
	[ -f /tmp/.selinux-loaded ] && return 0
	cat /etc/policy/selinux >/sys/fs/selinux/load && touch /tmp/.selinux-loaded
}
