// SPDX-License-Identifier: GPL-2.0
/*
 * bench: time loops of system calls that pass LSM hooks and print one
 * "# bench OP NS_PER_OP" line each. Under QEMU's -icount the guest clock
 * counts instructions, so the figures repeat exactly from run to run.
 * getpid passes no LSM hook and is the control.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *file = "/tmp/bench-file";
/* guest/tests/bench makes one LSM deny this file (bench_deny=). */
static const char *denied = "/opt/deny/file";

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * Start a timed loop on a timer tick: the ticks that fall inside it, and
 * the deferred work they run, are then the same for two kernels whose
 * operations cost the same, instead of one more or less by chance.
 */
static long long tick_start(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
	while (t.tv_nsec == t0.tv_nsec && t.tv_sec == t0.tv_sec);
	return now_ns();
}

static void op_getpid(void) { syscall(SYS_getpid); }

static void op_open_denied(void)
{
	int f = open(denied, O_RDONLY);

	if (f >= 0)
		close(f);
}

static void op_open_close(void) { close(open(file, O_RDONLY)); }

static void op_stat(void)
{
	struct stat st;

	stat(file, &st);
}

static int fd;
static void op_read(void)
{
	char c;

	if (pread(fd, &c, 1, 0) != 1)
		exit(1);
}

static void op_write(void)
{
	if (pwrite(fd, "x", 1, 0) != 1)
		exit(1);
}

static void op_mmap(void)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		exit(1);
	munmap(p, 4096);
}

static void op_socket(void) { close(socket(AF_INET, SOCK_DGRAM, 0)); }

static int sv[2];
static void op_unix_rtt(void)
{
	char c;

	if (write(sv[0], "x", 1) != 1 || read(sv[1], &c, 1) != 1 ||
	    write(sv[1], "y", 1) != 1 || read(sv[0], &c, 1) != 1)
		exit(1);
}

static void op_fork(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	waitpid(pid, NULL, 0);
}

static void op_exec(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		/* readfile prints "ok": keep it out of the results. */
		if (!freopen("/dev/null", "w", stdout))
			_exit(1);
		execl("/usr/bin/readfile", "readfile", "/dev/null", (char *)NULL);
		_exit(1);
	}
	waitpid(pid, NULL, 0);
}

static int named(const char *name, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(name, argv[i]))
			return 1;
	return 0;
}

struct bench {
	const char *name;
	void (*op)(void);
	int loops;
	int only_named;	/* needs a policy: runs only when named */
};

static const struct bench benches[] = {
	{ "getpid", op_getpid, 20000, 0 },
	{ "open_close", op_open_close, 5000, 0 },
	{ "stat", op_stat, 5000, 0 },
	{ "read_1", op_read, 10000, 0 },
	{ "write_1", op_write, 10000, 0 },
	{ "mmap_munmap", op_mmap, 5000, 0 },
	{ "socket_close", op_socket, 2000, 0 },
	{ "unix_rtt", op_unix_rtt, 5000, 0 },
	{ "fork_exit_wait", op_fork, 300, 0 },
	{ "execve", op_exec, 100, 0 },
	{ "open_denied", op_open_denied, 2000, 1 },
};

/* bench [OP...]: time every operation, or only the ones named. */
int main(int argc, char **argv)
{
	long long t0;
	unsigned int i;
	int n;

	fd = open(file, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || pwrite(fd, "x", 1, 0) != 1 ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 1;
	/* Unbuffered: fork() must not duplicate pending output. */
	setvbuf(stdout, NULL, _IONBF, 0);
	/* A denial that does not happen would time something else. */
	if (named("open_denied", argc, argv) &&
	    (open(denied, O_RDONLY) >= 0 || errno != EACCES)) {
		printf("not ok %s is not denied with EACCES\n", denied);
		return 1;
	}
	for (i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
		if (argc > 1 ? !named(benches[i].name, argc, argv) :
		    benches[i].only_named)
			continue;
		/* One untimed round warms the caches. */
		for (n = 0; n < benches[i].loops / 10 + 1; n++)
			benches[i].op();
		t0 = tick_start();
		for (n = 0; n < benches[i].loops; n++)
			benches[i].op();
		printf("# bench %s %.1f\n", benches[i].name,
		       (double)(now_ns() - t0) / benches[i].loops);
	}
	printf("ok benchmark ran\n");
	return 0;
}
