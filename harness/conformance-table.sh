#!/bin/sh
# Print the conformance matrix (LSM x boot) as a markdown table from the
# parsed results of the conform-* boots: "enforces" when the LSM's denial,
# log record and allowed twin all passed, "off" when it was inactive and the
# same access succeeded, "FAIL" when any of its cases failed, "not run"
# when the boot ran none (its kernel lacks what they need). The network
# columns do the same for Smack's and SELinux's network policies
# (guest/tests/smack_net, selinux_net): "enforces" means the same answers
# as the LSM alone on stock. The audit columns (guest/tests/audit_lsm)
# say "logged" when the LSM's refusal is in the audit log with every LSM's
# context as each gives it, "off" when it was inactive and nothing was.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
lsms="selinux smack apparmor tomoyo yama landlock"
audited="selinux smack apparmor tomoyo"
columns="$lsms smack_net selinux_net"
for l in $audited; do columns="$columns ${l}_audit"; done
printf '| boot |'
for l in $lsms; do printf ' %s |' "$l"; done
printf ' smack network | selinux network |'
for l in $audited; do printf ' %s audit |' "$l"; done
printf ' two LSMs deny |\n|---|'
for l in $columns; do printf -- '---|'; done
printf -- '---|\n'
# The conform-* boots of this run only, not results left by an earlier one.
for name in $(cut -d'|' -f1 "$logs/selected" | grep '^conform-'); do
	r=$logs/$name.result
	[ -f "$r" ] || continue
	printf '| %s |' "$name"
	for c in $columns; do
		# A case is named "LSM: ...", "LSM net: ..." or "LSM audit: ...".
		l=$(echo "$c" | sed 's/_\(net\|audit\)$/ \1/')
		if grep -q "\[FAILED\] $l:" "$r"; then
			printf ' FAIL |'
		elif ! grep -q "\[PASSED\] $l:" "$r"; then
			printf ' not run |'
		elif grep -q "\[PASSED\] $l: inactive" "$r"; then
			printf ' off |'
		elif [ "$c" != "${c%_audit}" ]; then
			printf ' logged |'
		else
			printf ' enforces |'
		fi
	done
	if grep -q "\[FAILED\] both:" "$r"; then
		printf ' FAIL |\n'
	else
		both=$(sed -n 's/.*\[PASSED\] both: two LSMs deny one read: //p' "$r")
		printf ' %s |\n' "${both:--}"
	fi
done
