// SPDX-License-Identifier: GPL-2.0
/*
 * churn KIND COUNT [MOUNTOPTS]: create and destroy COUNT objects of one
 * kind, each of which gets LSM blobs, and leave none behind. Kinds:
 *   files    create, write, reopen, unlink a file in the current directory
 *   sockets  TCP and UDP (IPv4, IPv6) and unix sockets, a loopback TCP
 *            connection accepted and reset, a unix socketpair
 *   keys     add_key() a user key to the session keyring, revoke, unlink
 *   sysvipc  a SysV message queue with one message, a semaphore set, a
 *            shared memory segment attached once
 *   mqueue   a POSIX message queue with one message
 *   tasks    fork and exit
 *   threads  a thread created and joined
 *   creds    fork, setresuid(1000) in the child (new credentials), exit
 *   exec     fork, exec readfile /dev/null
 *   mounts   mount and unmount a tmpfs on ./mnt with the options MOUNTOPTS
 * Prints "ok", or the failing step and its errno; exits 0 or 1.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errname.h"

#define KEYCTL_JOIN_SESSION_KEYRING	1
#define KEYCTL_REVOKE			3
#define KEYCTL_UNLINK			9
#define KEY_SPEC_SESSION_KEYRING	-3

static const char *mount_opts = "";

#define TRY(step, expr)							\
	do {								\
		if ((expr) < 0) {					\
			printf("%s: %s\n", step, errname(errno));	\
			return -1;					\
		}							\
	} while (0)

static int one_file(int i)
{
	char name[32];
	int fd;

	snprintf(name, sizeof(name), "churn.%d", i);
	TRY("create", fd = open(name, O_CREAT | O_EXCL | O_WRONLY, 0600));
	TRY("write", write(fd, name, strlen(name)));
	close(fd);
	TRY("reopen", fd = open(name, O_RDONLY));
	close(fd);
	TRY("unlink", unlink(name));
	return 0;
}

/* A listening TCP socket on 127.0.0.1, made once. */
static int listener(struct sockaddr_in *sin)
{
	static int srv = -1;
	socklen_t len = sizeof(*sin);

	if (srv < 0) {
		srv = socket(AF_INET, SOCK_STREAM, 0);
		memset(sin, 0, sizeof(*sin));
		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		if (srv < 0 || bind(srv, (struct sockaddr *)sin, len) ||
		    listen(srv, 8))
			return -1;
	}
	return getsockname(srv, (struct sockaddr *)sin, &len) ? -1 : srv;
}

static int one_socket(int i)
{
	static const int fam[] = { AF_INET, AF_INET6, AF_UNIX };
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	struct sockaddr_in sin;
	int fd, c, a, sv[2];

	TRY("tcp", fd = socket(fam[i % 3], SOCK_STREAM, 0));
	close(fd);
	TRY("udp", fd = socket(fam[i % 3], SOCK_DGRAM, 0));
	close(fd);
	TRY("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
	TRY("send", write(sv[0], "x", 1));
	close(sv[0]);
	close(sv[1]);
	TRY("listen", a = listener(&sin));
	TRY("socket", c = socket(AF_INET, SOCK_STREAM, 0));
	TRY("connect", connect(c, (struct sockaddr *)&sin, sizeof(sin)));
	TRY("accept", a = accept(a, NULL, NULL));
	/* Reset, not closed: no TIME_WAIT socket outlives the loop. */
	setsockopt(c, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	close(c);
	close(a);
	return 0;
}

static int one_key(int i)
{
	char desc[32];
	long k;

	snprintf(desc, sizeof(desc), "churn:%d", i);
	TRY("add_key", k = syscall(SYS_add_key, "user", desc, "x", 1,
				   KEY_SPEC_SESSION_KEYRING));
	TRY("revoke", syscall(SYS_keyctl, KEYCTL_REVOKE, k));
	TRY("unlink", syscall(SYS_keyctl, KEYCTL_UNLINK, k,
			      KEY_SPEC_SESSION_KEYRING));
	return 0;
}

static int one_sysvipc(int i)
{
	struct { long type; char text[8]; } msg = { 1, "churn" };
	int id;
	void *p;

	TRY("msgget", id = msgget(IPC_PRIVATE, 0600));
	TRY("msgsnd", msgsnd(id, &msg, sizeof(msg.text), 0));
	if (i & 1)	/* the other half removed with the message queued */
		TRY("msgrcv", msgrcv(id, &msg, sizeof(msg.text), 0, 0));
	TRY("msgctl", msgctl(id, IPC_RMID, NULL));
	TRY("semget", id = semget(IPC_PRIVATE, 2, 0600));
	TRY("semctl", semctl(id, 0, IPC_RMID));
	TRY("shmget", id = shmget(IPC_PRIVATE, 4096, 0600));
	p = shmat(id, NULL, 0);
	TRY("shmat", p == (void *)-1 ? -1 : 0);
	TRY("shmdt", shmdt(p));
	TRY("shmctl", shmctl(id, IPC_RMID, NULL));
	return 0;
}

static int one_mqueue(int i)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 16 };
	char name[32], buf[16];
	mqd_t q;

	snprintf(name, sizeof(name), "/churn.%d", i);
	TRY("mq_open", q = mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &at));
	TRY("mq_send", mq_send(q, "x", 1, 0));
	if (i & 1)
		TRY("mq_receive", mq_receive(q, buf, sizeof(buf), NULL));
	mq_close(q);
	TRY("mq_unlink", mq_unlink(name));
	return 0;
}

/* Run @fn in a child; 0 when it exits 0. */
static int in_child(const char *step, void (*fn)(void))
{
	int st;
	pid_t pid;

	TRY(step, pid = fork());
	if (!pid) {
		fn();
		_exit(0);
	}
	TRY("waitpid", waitpid(pid, &st, 0));
	if (st) {
		printf("%s: child status %d\n", step, st);
		return -1;
	}
	return 0;
}

static void nothing(void)
{
}

static void new_creds(void)
{
	if (setresgid(1000, 1000, 1000) || setresuid(1000, 1000, 1000))
		_exit(1);
}

static void exec_readfile(void)
{
	int fd = open("/dev/null", O_WRONLY);

	dup2(fd, 1);
	execl("/usr/bin/readfile", "readfile", "/dev/null", (char *)NULL);
	_exit(1);
}

static void *thread_fn(void *arg)
{
	return arg;
}

static int one_task(int i)
{
	(void)i;
	return in_child("fork", nothing);
}

static int one_thread(int i)
{
	pthread_t t;

	(void)i;
	errno = pthread_create(&t, NULL, thread_fn, NULL);
	TRY("pthread_create", errno ? -1 : 0);
	pthread_join(t, NULL);
	return 0;
}

static int one_cred(int i)
{
	(void)i;
	return in_child("setresuid", new_creds);
}

static int one_exec(int i)
{
	(void)i;
	return in_child("exec", exec_readfile);
}

static int one_mount(int i)
{
	(void)i;
	TRY("mount", mount("churn", "mnt", "tmpfs", 0, mount_opts));
	TRY("umount", umount("mnt"));
	return 0;
}

static const struct {
	const char *name;
	int (*one)(int i);
} kinds[] = {
	{ "files", one_file }, { "sockets", one_socket }, { "keys", one_key },
	{ "sysvipc", one_sysvipc }, { "mqueue", one_mqueue },
	{ "tasks", one_task }, { "threads", one_thread },
	{ "creds", one_cred }, { "exec", one_exec }, { "mounts", one_mount },
};

int main(int argc, char **argv)
{
	unsigned int k;
	int i, n;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: churn KIND COUNT [MOUNTOPTS]\n");
		return 2;
	}
	n = atoi(argv[2]);
	if (argc == 4)
		mount_opts = argv[3];
	setvbuf(stdout, NULL, _IONBF, 0);
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (strcmp(argv[1], kinds[k].name))
			continue;
		/* A keyring of its own, gone when the program exits. */
		if (!strcmp(argv[1], "keys") &&
		    syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0) {
			printf("join_session_keyring: %s\n", errname(errno));
			return 1;
		}
		if (!strcmp(argv[1], "mounts"))
			mkdir("mnt", 0755);
		for (i = 0; i < n; i++)
			if (kinds[k].one(i))
				return 1;
		printf("ok\n");
		return 0;
	}
	fprintf(stderr, "churn: no kind %s\n", argv[1]);
	return 2;
}
