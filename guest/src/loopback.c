// SPDX-License-Identifier: GPL-2.0
/*
 * loopback: one message each way over TCP and UDP on 127.0.0.1 and over a
 * unix socketpair; then, if $expect_peersec is set, that the peer's security
 * context through SO_PEERSEC and SCM_SECURITY, which the peer label owner
 * converts and releases, is $expect_peersec ("none": SO_PEERSEC fails with
 * ENOPROTOOPT and no SCM_SECURITY message comes, as with 6.12's AppArmor
 * alone); $expect_peersec_dgram, if set, is SCM_SECURITY's alone.
 * Prints one "ok"/"not ok" line per check.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03 /* include/linux/socket.h */
#endif

static int echo_pair(int a, int b)
{
	char buf[8] = "";

	if (write(a, "ping", 5) != 5 || read(b, buf, sizeof(buf)) != 5)
		return -1;
	if (write(b, "pong", 5) != 5 || read(a, buf, sizeof(buf)) != 5)
		return -1;
	return strcmp(buf, "pong") ? -1 : 0;
}

static int inet_pair(int type, int *a, int *b)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t len = sizeof(addr);
	int srv, cli;

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	srv = socket(AF_INET, type, 0);
	cli = socket(AF_INET, type, 0);
	if (srv < 0 || cli < 0 ||
	    bind(srv, (struct sockaddr *)&addr, sizeof(addr)) ||
	    getsockname(srv, (struct sockaddr *)&addr, &len))
		return -1;
	if (type == SOCK_STREAM) {
		if (listen(srv, 1) ||
		    connect(cli, (struct sockaddr *)&addr, sizeof(addr)))
			return -1;
		*b = accept(srv, NULL, NULL);
		close(srv);
		*a = cli;
		return *b < 0 ? -1 : 0;
	}
	/* UDP: connect both ways so read and write work like a stream. */
	if (connect(cli, (struct sockaddr *)&addr, sizeof(addr)) ||
	    getsockname(cli, (struct sockaddr *)&addr, &len) ||
	    connect(srv, (struct sockaddr *)&addr, sizeof(addr)))
		return -1;
	*a = cli;
	*b = srv;
	return 0;
}

/*
 * The context SCM_SECURITY should carry: $expect_peersec_dgram if set, else
 * $expect_peersec. They differ where an LSM labels stream peers only
 * (7.3's AppArmor answers SO_PEERSEC but sends no SCM_SECURITY).
 */
static const char *want_dgram(void)
{
	const char *w = getenv("expect_peersec_dgram");

	return w ? w : getenv("expect_peersec");
}

/* Does the test expect no peer label of @want's kind? */
static int no_peersec(const char *want)
{
	return !strcmp(want, "none");
}

/* SO_PEERSEC on a unix stream pair: the context of the peer. */
static int peersec_stream(void)
{
	char ctx[256];
	socklen_t len = sizeof(ctx) - 1;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return -1;
	if (getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, ctx, &len)) {
		printf("# SO_PEERSEC: errno %d\n", errno);
		return errno == ENOPROTOOPT &&
		       no_peersec(getenv("expect_peersec")) ? 0 : -1;
	}
	ctx[len] = '\0';
	printf("# SO_PEERSEC: %s\n", ctx);
	return strcmp(ctx, getenv("expect_peersec"));
}

/* SCM_SECURITY on a unix datagram: the context of the sender. */
static int peersec_dgram(void)
{
	char data[8], cbuf[CMSG_SPACE(256)];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	int sv[2], on = 1;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) ||
	    setsockopt(sv[1], SOL_SOCKET, SO_PASSSEC, &on, sizeof(on)) ||
	    write(sv[0], "ping", 5) != 5 || recvmsg(sv[1], &msg, 0) != 5)
		return -1;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_SECURITY) {
			int n = c->cmsg_len - CMSG_LEN(0);
			const char *ctx = (const char *)CMSG_DATA(c);

			while (n > 0 && ctx[n - 1] == '\0')
				n--;
			printf("# SCM_SECURITY: %.*s\n", n, ctx);
			return strncmp(ctx, want_dgram(), n) ||
			       want_dgram()[n] != '\0';
		}
	}
	printf("# no SCM_SECURITY message\n");
	return no_peersec(want_dgram()) ? 0 : -1;
}

static void report(const char *what, int rc)
{
	printf("%s %s\n", rc ? "not ok" : "ok", what);
	if (rc)
		perror(what);
}

int main(void)
{
	int a, b, sv[2];

	report("tcp 127.0.0.1 round trip", inet_pair(SOCK_STREAM, &a, &b) ?: echo_pair(a, b));
	report("udp 127.0.0.1 round trip", inet_pair(SOCK_DGRAM, &a, &b) ?: echo_pair(a, b));
	report("unix socketpair round trip",
	       socketpair(AF_UNIX, SOCK_STREAM, 0, sv) ?: echo_pair(sv[0], sv[1]));
	if (getenv("expect_peersec")) {
		report("SO_PEERSEC context", peersec_stream());
		report("SCM_SECURITY context", peersec_dgram());
	}
	return 0;
}
