// SPDX-License-Identifier: GPL-2.0
/*
 * netprobe: one network operation on loopback, its answer on stdout.
 *
 *   netprobe bind tcp|udp ADDR PORT [hold]
 *	bind a new socket; print "ok" or the errno's name (SELinux
 *	name_bind and node_bind). With "hold", keep the socket open until
 *	stdin ends, also when the bind failed.
 *   netprobe connect ADDR PORT [listen]
 *	connect a TCP socket, after binding and listening on ADDR:PORT in
 *	the same process if "listen" is given; print "ok" or the errno's
 *	name (SELinux name_connect).
 *   netprobe send tcp4|udp4|tcp6|udp6 RECEIVER SENDER
 *	create the receiving socket with the Smack label RECEIVER and the
 *	sending one with SENDER (labels are taken when a socket is made;
 *	"-" keeps the label), send one message and print "delivered" if the
 *	receiver got it within a second, else "refused".
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "errname.h"

/*
 * Each "send" binds a port of its own (SEND_PORT plus its pid modulo
 * SEND_PORTS). Smack labels an IPv6 port by its first socket and lets a
 * later bind relabel it only once that socket is freed, which an SMP
 * kernel does an RCU grace period after close: a probe reusing the last
 * probe's port could be judged by the last probe's labels.
 */
#define SEND_PORT 20000
#define SEND_PORTS 10000

/* Fill @ss with ADDR:PORT (IPv4 or IPv6); return its length or 0. */
static socklen_t sockaddr_of(const char *addr, int port,
			     struct sockaddr_storage *ss)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, addr, &sin->sin_addr) == 1) {
		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		return sizeof(*sin);
	}
	if (inet_pton(AF_INET6, addr, &sin6->sin6_addr) == 1) {
		sin6->sin6_family = AF_INET6;
		sin6->sin6_port = htons(port);
		return sizeof(*sin6);
	}
	return 0;
}

static int answer(int rc)
{
	printf("%s\n", rc ? errname(errno) : "ok");
	return rc ? 1 : 0;
}

static int do_bind(const char *proto, const char *addr, int port, int hold)
{
	struct sockaddr_storage ss;
	socklen_t len = sockaddr_of(addr, port, &ss);
	char c;
	int fd, rc;

	fd = socket(ss.ss_family, strcmp(proto, "udp") ? SOCK_STREAM :
		    SOCK_DGRAM, 0);
	if (fd < 0 || !len)
		return answer(-1);
	rc = answer(bind(fd, (struct sockaddr *)&ss, len));
	fflush(stdout);
	while (hold && read(0, &c, 1) > 0)
		;
	return rc;
}

/* Wait up to a second for @fd to become readable (or writable). */
static int wait_for(int fd, short events)
{
	struct pollfd p = { .fd = fd, .events = events };

	return poll(&p, 1, 1000) == 1 ? 0 : -1;
}

static int do_connect(const char *addr, int port, int listen_first)
{
	struct sockaddr_storage ss;
	socklen_t len = sockaddr_of(addr, port, &ss);
	int srv, fd, one = 1;

	if (!len)
		return answer(-1);
	if (listen_first) {
		srv = socket(ss.ss_family, SOCK_STREAM, 0);
		if (srv < 0 ||
		    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
		    bind(srv, (struct sockaddr *)&ss, len) || listen(srv, 1)) {
			printf("listen: ");
			return answer(-1);
		}
	}
	fd = socket(ss.ss_family, SOCK_STREAM, 0);
	if (fd < 0 || fcntl(fd, F_SETFL, O_NONBLOCK))
		return answer(-1);
	/* A dropped SYN would block for minutes: wait a second at most. */
	if (!connect(fd, (struct sockaddr *)&ss, len))
		return answer(0);
	if (errno != EINPROGRESS)
		return answer(-1);
	if (wait_for(fd, POLLOUT)) {
		errno = ETIMEDOUT;
		return answer(-1);
	}
	len = sizeof(one);
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &one, &len))
		return answer(-1);
	errno = one;
	return answer(one ? -1 : 0);
}

static int set_smack_label(const char *label)
{
	int fd;
	ssize_t n;

	if (!strcmp(label, "-"))
		return 0;
	fd = open("/proc/self/attr/smack/current", O_WRONLY);
	n = fd < 0 ? -1 : write(fd, label, strlen(label));

	if (fd >= 0)
		close(fd);
	if (n != (ssize_t)strlen(label)) {
		perror(label);
		return -1;
	}
	return 0;
}

static int do_send(const char *kind, const char *receiver, const char *sender)
{
	int tcp = !strncmp(kind, "tcp", 3);
	int type = tcp ? SOCK_STREAM : SOCK_DGRAM;
	const char *addr = strchr(kind, '6') ? "::1" : "127.0.0.1";
	struct sockaddr_storage ss;
	socklen_t len = sockaddr_of(addr, SEND_PORT + getpid() % SEND_PORTS, &ss);
	int rcv, snd, conn, one = 1;
	char buf[8] = "";

	if (set_smack_label(receiver))
		return 2;
	rcv = socket(ss.ss_family, type, 0);
	if (rcv < 0 ||
	    setsockopt(rcv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(rcv, (struct sockaddr *)&ss, len) || (tcp && listen(rcv, 1))) {
		perror("receiver");
		return 2;
	}
	if (set_smack_label(sender))
		return 2;
	snd = socket(ss.ss_family, type, 0);
	if (snd < 0 || fcntl(snd, F_SETFL, O_NONBLOCK)) {
		perror("sender");
		return 2;
	}
	conn = rcv;
	if (tcp) {
		/* A refused SYN is dropped: the connect never completes. */
		if (connect(snd, (struct sockaddr *)&ss, len) &&
		    errno != EINPROGRESS)
			goto refused;
		if (wait_for(rcv, POLLIN))
			goto refused;
		conn = accept(rcv, NULL, NULL);
		if (conn < 0 || wait_for(snd, POLLOUT))
			goto refused;
	}
	if (sendto(snd, "ping", 5, 0, tcp ? NULL : (struct sockaddr *)&ss,
		   tcp ? 0 : len) != 5 ||
	    wait_for(conn, POLLIN) || read(conn, buf, sizeof(buf)) != 5)
		goto refused;
	printf("delivered\n");
	return 0;
refused:
	printf("refused\n");
	return 1;
}

int main(int argc, char **argv)
{
	if ((argc == 5 || (argc == 6 && !strcmp(argv[5], "hold"))) &&
	    !strcmp(argv[1], "bind"))
		return do_bind(argv[2], argv[3], atoi(argv[4]), argc == 6);
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "connect"))
		return do_connect(argv[2], atoi(argv[3]), argc == 5);
	if (argc == 5 && !strcmp(argv[1], "send"))
		return do_send(argv[2], argv[3], argv[4]);
	fprintf(stderr, "usage: netprobe bind tcp|udp ADDR PORT [hold]\n"
		"       netprobe connect ADDR PORT [listen]\n"
		"       netprobe send tcp4|udp4|tcp6|udp6 RECEIVER SENDER\n");
	return 2;
}
