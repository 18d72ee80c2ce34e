// SPDX-License-Identifier: GPL-2.0
/*
 * sigstorm SECONDS: become the audit daemon (AUDIT_SET pid), print
 * "pid N", then for SECONDS ask the kernel again and again who last sent
 * it a signal (AUDIT_SIGNAL_INFO) while other tasks signal it. Prints
 * every distinct answer once as "answer PID UID CONTEXT", then "asked N"
 * and "unkept N" (distinct answers beyond the first 64, not printed).
 * An answer must be one sender's pid, uid and context together, never a
 * mix of two senders'.
 */
#include <linux/audit.h>
#include <linux/netlink.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The kernel's struct audit_sig_info, which no uapi header declares. */
struct sig_info {
	uid_t uid;
	pid_t pid;
	char ctx[];
};

#define MAX_ANSWERS 64
static char answers[MAX_ANSWERS][512];
static int nanswers;
static long unkept;

static int request(int fd, int type, const void *data, int len, int seq)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	char buf[NLMSG_SPACE(sizeof(struct audit_status))] = { 0 };
	struct nlmsghdr *nh = (struct nlmsghdr *)buf;

	nh->nlmsg_len = NLMSG_LENGTH(len);
	nh->nlmsg_type = type;
	nh->nlmsg_flags = NLM_F_REQUEST;
	nh->nlmsg_seq = seq;
	if (len)
		memcpy(NLMSG_DATA(nh), data, len);
	return sendto(fd, buf, nh->nlmsg_len, 0, (struct sockaddr *)&kernel,
		      sizeof(kernel)) < 0 ? -1 : 0;
}

/* Read until the answer to @seq; note it. 0, or -1 when there is none. */
static int answer(int fd, int seq)
{
	char buf[8192] __attribute__((aligned(NLMSG_ALIGNTO)));
	char line[512];
	int i;

	for (;;) {
		ssize_t len = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *nh = (struct nlmsghdr *)buf;

		if (len < 0)
			return -1;
		for (; NLMSG_OK(nh, len); nh = NLMSG_NEXT(nh, len)) {
			const struct sig_info *info = NLMSG_DATA(nh);
			int ctxlen = nh->nlmsg_len -
				     NLMSG_LENGTH(sizeof(*info));

			if (nh->nlmsg_seq != (unsigned int)seq)
				continue;
			if (nh->nlmsg_type == NLMSG_ERROR)
				return -1;
			if (nh->nlmsg_type != AUDIT_SIGNAL_INFO)
				continue;
			snprintf(line, sizeof(line), "%d %u %.*s", info->pid,
				 info->uid, ctxlen > 0 ? ctxlen : 1,
				 ctxlen > 0 ? info->ctx : "-");
			for (i = 0; i < nanswers; i++)
				if (!strcmp(answers[i], line))
					return 0;
			if (nanswers < MAX_ANSWERS)
				strcpy(answers[nanswers++], line);
			else
				unkept++;
			return 0;
		}
	}
}

int main(int argc, char **argv)
{
	struct audit_status s = { 0 };
	struct timeval tv = { .tv_sec = 5 };
	int fd, seq = 1, i;
	long asked = 0;
	time_t end;

	if (argc != 2) {
		fprintf(stderr, "usage: sigstorm SECONDS\n");
		return 2;
	}
	signal(SIGUSR2, SIG_IGN);
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_AUDIT);
	if (fd < 0)
		return 1;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	s.mask = AUDIT_STATUS_PID;
	s.pid = getpid();
	if (request(fd, AUDIT_SET, &s, sizeof(s), seq++)) {
		perror("sigstorm: AUDIT_SET");
		return 1;
	}
	printf("pid %d\n", getpid());
	fflush(stdout);
	end = time(NULL) + atoi(argv[1]);
	while (time(NULL) < end) {
		if (request(fd, AUDIT_SIGNAL_INFO, NULL, 0, seq) ||
		    answer(fd, seq))
			continue;
		seq++;
		asked++;
	}
	for (i = 0; i < nanswers; i++)
		printf("answer %s\n", answers[i]);
	printf("asked %ld\nunkept %ld\n", asked, unkept);
	return 0;
}
