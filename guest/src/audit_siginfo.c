// SPDX-License-Identifier: GPL-2.0
/*
 * audit_siginfo: ask the kernel which task last stopped the audit daemon
 * (AUDIT_SIGNAL_INFO) and print its context, or "-" when the kernel has
 * none. The kernel keeps the answer after auditd exits, so this reads
 * what auditd's DAEMON_END record should have said without auditd's own
 * limits: auditd waits for the reply 3 s and reads at most 30 messages.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

/* The kernel's struct audit_sig_info, which no uapi header declares. */
struct sig_info {
	uid_t uid;
	pid_t pid;
	char ctx[];
};

int main(void)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct nlmsghdr req = {
		.nlmsg_len = NLMSG_LENGTH(0),
		.nlmsg_type = AUDIT_SIGNAL_INFO,
		.nlmsg_flags = NLM_F_REQUEST,
		.nlmsg_seq = 1,
	};
	char buf[8192] __attribute__((aligned(NLMSG_ALIGNTO)));
	struct pollfd pfd;
	int fd;

	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_AUDIT);
	if (fd < 0 || sendto(fd, &req, req.nlmsg_len, 0,
			     (struct sockaddr *)&kernel, sizeof(kernel)) < 0) {
		perror("audit_siginfo: netlink");
		return 1;
	}
	pfd.fd = fd;
	pfd.events = POLLIN;
	/* The kernel replies from a kthread: wait for it, then give up. */
	while (poll(&pfd, 1, 20000) == 1) {
		ssize_t len = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (struct nlmsghdr *)buf;

		if (len < 0)
			break;
		for (; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			const struct sig_info *info = NLMSG_DATA(nh);
			int ctxlen = nh->nlmsg_len - NLMSG_LENGTH(sizeof(*info));

			if (nh->nlmsg_seq != req.nlmsg_seq)
				continue;
			if (nh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = NLMSG_DATA(nh);

				fprintf(stderr, "audit_siginfo: %s\n",
					strerror(-e->error));
				return 1;
			}
			if (nh->nlmsg_type != AUDIT_SIGNAL_INFO)
				continue;
			if (ctxlen <= 0)
				printf("-\n");
			else
				printf("%.*s\n", ctxlen, info->ctx);
			return 0;
		}
	}
	fprintf(stderr, "audit_siginfo: no reply\n");
	return 1;
}
