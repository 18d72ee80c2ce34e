# The guest's LSM policies, each loaded through that LSM's own interface;
# sourced after ktap.sh. Each function loads its policy once a boot.
#   policy_apparmor  aa-readfile confines /opt/aa/readfile
#   policy_smack     Alice may read Secret, not TopSecret
#   policy_tomoyo    /opt/tomoyo/readfile, /opt/both/readfile and
#                    /opt/learn/readfile run in enforcing domains that may
#                    read only their *-allowed file in /tmp
# SELinux's is selinux_load (ktap.sh): confined_t may not read secret_t.
# shellcheck shell=sh

policy_apparmor() {
	[ -f /tmp/.apparmor-loaded ] && return 0
	dd if=/etc/policy/apparmor of=/sys/kernel/security/apparmor/.load \
		bs=1M 2>/dev/null && touch /tmp/.apparmor-loaded
}

policy_smack() {
	echo "Alice _ rwx" >/sys/fs/smackfs/load2
	echo "Alice Secret r" >/sys/fs/smackfs/load2
}

# The policy is written before TOMOYO activates on the exec of its trigger
# (TOMOYO_trigger=).
policy_tomoyo() {
	[ -f /tmp/.tomoyo-loaded ] && return 0
	T=/sys/kernel/security/tomoyo
	printf '%s\n' 'PROFILE_VERSION=20150505' \
		'0-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
		'3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }' >$T/profile
	for p in /opt/tomoyo/readfile /opt/both/readfile /opt/learn/readfile; do
		echo "initialize_domain $p from any" >$T/exception_policy
	done
	printf '%s\n' '<kernel>' 'use_profile 0' 'use_group 0' '' \
		'<kernel> /opt/tomoyo/readfile' 'use_profile 3' 'use_group 0' \
		'misc env \*' 'file read /tmp/tomoyo-allowed' '' \
		'<kernel> /opt/both/readfile' 'use_profile 3' 'use_group 0' \
		'misc env \*' 'file read /tmp/both-allowed' '' \
		'<kernel> /opt/learn/readfile' 'use_profile 3' 'use_group 0' \
		'misc env \*' 'file read /tmp/learn-allowed' >$T/domain_policy
	/usr/bin/tomoyo-activate /dev/null >/dev/null
	touch /tmp/.tomoyo-loaded
}
