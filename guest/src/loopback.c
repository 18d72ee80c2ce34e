// SPDX-License-Identifier: GPL-2.0
/*
 * loopback: one message each way over TCP and UDP on 127.0.0.1 and over a
 * unix socketpair. Prints one "ok"/"not ok" line per transport.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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

static void report(const char *what, int rc)
{
	printf("%s %s round trip\n", rc ? "not ok" : "ok", what);
	if (rc)
		perror(what);
}

int main(void)
{
	int a, b, sv[2];

	report("tcp 127.0.0.1", inet_pair(SOCK_STREAM, &a, &b) ?: echo_pair(a, b));
	report("udp 127.0.0.1", inet_pair(SOCK_DGRAM, &a, &b) ?: echo_pair(a, b));
	report("unix socketpair",
	       socketpair(AF_UNIX, SOCK_STREAM, 0, sv) ?: echo_pair(sv[0], sv[1]));
	return 0;
}
