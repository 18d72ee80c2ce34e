# Debian's audit user space for guest tests; sourced after ktap.sh.
#   audit_start                 auditd becomes the kernel's audit daemon
#   audit_rule ARGS...          auditctl ARGS (-a always,exit ... -k KEY)
#   audit_wait KEY [SECONDS]    the events with KEY are in the log (5 s)
#   audit_records KEY           every record of those events, raw
#                               (pipe them to "ausearch -i" to interpret)
#   audit_field TYPE FIELD      FIELD of each TYPE record read on stdin
#   audit_stop                  rules deleted, auditd stopped
# While auditd runs the kernel hands it every record and prints none, so
# dmesg has no AVC or apparmor="DENIED" lines: audit_start stops auditd
# when the test exits. Only processes forked after audit_start are
# audited by syscall rules (the kernel gives a task its audit context at
# fork once auditing has been enabled): run the audited command as a child.
# shellcheck shell=sh

audit_log=/var/log/audit/audit.log

# uptime_cs: centiseconds since boot, to time auditd's start.
uptime_cs() { sed 's/^\([0-9]*\)\.\([0-9]*\) .*/\1\2/' /proc/uptime; }

# audit_until TENTHS CMD...: CMD succeeds within TENTHS tenths of a second.
audit_until() {
	n=$1
	shift
	until "$@"; do
		n=$((n - 1))
		[ $n -ge 0 ] || return 1
		sleep 0.1
	done
}

# audit_registered: the kernel has an audit daemon.
audit_registered() { auditctl -s 2>/dev/null | grep -q '^pid [1-9]'; }
audit_unregistered() { ! audit_registered; }
audit_drained() { auditctl -s 2>/dev/null | grep -q '^backlog 0$'; }
# audit_ready: auditd is registered and auditing is on.
audit_ready() {
	audit_registered && auditctl -s | grep -q '^enabled 1$'
}

audit_start() {
	audit_ready && return 0
	audit_was=$(auditctl -s | sed -n 's/^enabled //p')
	t0=$(uptime_cs)
	# auditd forks and its parent returns once the daemon is set up.
	if ! auditd 2>/tmp/auditd.err; then
		sed 's/^/# auditd: /' /tmp/auditd.err
		return 1
	fi
	trap audit_stop EXIT
	if ! audit_until 100 audit_ready; then
		echo "# auditd did not register within 10 s:"
		auditctl -s 2>&1 | sed 's/^/#   /'
		return 1
	fi
	echo "# auditd ready after $((($(uptime_cs) - t0) * 10)) ms"
}

audit_rule() { auditctl "$@"; }

# audit_ids KEY: the msg=audit(TIME:SERIAL): of each event that a rule
# with KEY logged; adding the rule logs a CONFIG_CHANGE with KEY too.
audit_ids() {
	awk -v k=" key=\"$1\"" \
		'$1 != "type=CONFIG_CHANGE" && index($0, k) { print $2 }' "$audit_log"
}

# The kernel ends a syscall event with PROCTITLE and EOE records; auditd
# 3.0.9 does not log EOE, so an event is whole once its PROCTITLE is in.
audit_whole() {
	ids=$(audit_ids "$1")
	[ -n "$ids" ] || return 1
	for id in $ids; do
		grep -qF "type=PROCTITLE $id" "$audit_log" || return 1
	done
}
audit_wait() { audit_until $((${2:-5} * 10)) audit_whole "$1"; }

# Every record of the events with KEY, in the kernel's order, whatever its
# type: auditd 3.0.9 logs a type it has no name for as UNKNOWN[N]. Fails
# when there is none. "audit_records KEY | ausearch -i" interprets them.
audit_records() {
	awk -v k=" key=\"$1\"" '
		NR == FNR { if ($1 != "type=CONFIG_CHANGE" && index($0, k)) id[$2] = 1; next }
		$2 in id { print; n++ }
		END { exit !n }' "$audit_log" "$audit_log"
}

# audit_field TYPE FIELD: the value of FIELD (quotes removed) in each
# record of TYPE on stdin, one a line. A value runs up to the next
# " name=", so an AppArmor label with " (enforce)" stays whole. TYPE 1425
# or 1426 also matches the name a newer auditd gives the record.
audit_field() {
	case $1 in
	1425) re='(1425|UNKNOWN.1425.|MAC_TASK_CONTEXTS)' ;;
	1426) re='(1426|UNKNOWN.1426.|MAC_OBJ_CONTEXTS)' ;;
	*) re=$1 ;;
	esac
	awk -v re="^type=$re " -v f=" $2=" '
		$0 ~ re && (i = index($0, f)) {
			v = substr($0, i + length(f))
			if (match(v, / [A-Za-z0-9_-]+=/)) v = substr(v, 1, RSTART - 1)
			if (v ~ /^".*"$/) v = substr(v, 2, length(v) - 2)
			print v
		}'
}

# auditd 3.0.9 exits without unregistering: the kernel notices when it
# next fails to send it a record, such as that of restoring the enabled
# flag of before audit_start. From then on records go to dmesg again.
audit_stop() {
	[ -f /run/auditd.pid ] || return 0
	pid=$(cat /run/auditd.pid)
	rm -f /run/auditd.pid
	auditctl -D >/dev/null 2>&1
	# auditd reads at most 30 pending messages while it waits for who
	# stopped it: let it take the records already queued first.
	audit_until 30 audit_drained
	kill "$pid" 2>/dev/null
	audit_until 50 test ! -d "/proc/$pid"
	auditctl -e "${audit_was:-0}" >/dev/null
	audit_until 50 audit_unregistered
}
