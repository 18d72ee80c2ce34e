#!/bin/sh
# Print one section of what a Debian guest boot reported (LOG.data, from
# guest/distro/composer-check), normalised so that boots can be compared
# line by line. Sorted; a record that occurs n times occurs n times.
#   distro-records.sh LOG.data selinux|apparmor|failed|profiles|contexts
#
#   selinux   SELinux AVC records: verdict, permissions, comm, contexts,
#             class, permissive (no pid, path, device or inode). A
#             permissive denial is logged until its AVC entry allows it,
#             and again once that entry is gone from the cache, so how
#             often depends on the cache: these count once.
#   apparmor  AppArmor DENIED and ALLOWED records: verdict, operation,
#             profile, name, comm, masks (pids in /proc paths as N)
#   failed    the failed systemd units
#   profiles  aa-status: the profiles and their modes (no processes)
#   contexts  each process name with the context ps shows for it
#   dbus-selinux, dbus-apparmor
#             what the bus answered the D-Bus probes of that LSM: the
#             label it holds, the forbidden call, its twin
set -eu

data=$1 what=$2
# section NAME: the lines between "=== NAME" and the next "=== ".
section() {
	tr -d '\r' <"$data" |
		awk -v s="=== $1" '$0 == s { on = 1; next } /^=== / { on = 0 } on'
}
# field NAME: the value of NAME= in $0, quotes kept (awk function).
fields='
function field(n,   m) {
	if (match($0, " " n "=(\"[^\"]*\"|[^ ]*)")) {
		m = substr($0, RSTART + 1, RLENGTH - 1)
		return m
	}
	return ""
}'

case $what in
selinux)
	section audit.log | grep '^type=AVC .* avc:  *\(denied\|granted\)' |
		awk "$fields"'{
			match($0, /avc:  *[a-z]+  *\{[^}]*\}/)
			v = substr($0, RSTART, RLENGTH); sub(/avc:  */, "", v)
			print v, field("comm"), field("scontext"), field("tcontext"),
				field("tclass"), field("permissive")
		}' | sort | awk '!/permissive=1$/ || !seen[$0]++'
	;;
apparmor)
	section audit.log | grep '^type=AVC .* apparmor="\(DENIED\|ALLOWED\)"' |
		awk "$fields"'{
			n = field("name"); gsub(/\/proc\/[0-9]+\//, "/proc/N/", n)
			print field("apparmor"), field("operation"), field("class"),
				field("profile"), n, field("comm"),
				field("requested_mask"), field("denied_mask")
		}' | sort
	;;
failed) section "failed units" | sort ;;
dbus-*) section dbus | grep "^${what#dbus-} " | sort ;;
profiles)
	# The profile lists end where aa-status starts on processes.
	section aa-status | sed '/processes have profiles defined/,$d' | sort
	;;
# Kernel worker threads come and go by number.
contexts) section contexts | grep -v ' kworker/' | sort -u ;;
*) echo "distro-records.sh: unknown section '$what'" >&2; exit 2 ;;
esac
