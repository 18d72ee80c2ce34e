// SPDX-License-Identifier: GPL-2.0
/*
 * bench: time loops of system calls that pass LSM hooks and print one
 * "# bench OP NS_PER_OP" line each (the median over the allocator states
 * below, each state's figure on a "# state" line). Under QEMU's -icount
 * the guest clock counts instructions, so the figures repeat exactly from
 * run to run.
 * getpid passes no LSM hook and is the control.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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
	int one_state;	/* timed in the first state only */
};

static const struct bench benches[] = {
	{ "getpid", op_getpid, 20000, 0, 0 },
	{ "open_close", op_open_close, 5000, 0, 0 },
	{ "stat", op_stat, 5000, 0, 0 },
	{ "read_1", op_read, 10000, 0, 0 },
	{ "write_1", op_write, 10000, 0, 0 },
	{ "mmap_munmap", op_mmap, 5000, 0, 0 },
	/*
	 * A UDP socket and its inode are freed after an RCU grace period,
	 * which Tiny RCU ends at a tick that finds the CPU in user mode.
	 * 2000 loops span 3 ticks, and two kernels whose code on this path
	 * differs by 2 instructions differed by up to 12 ns in a state;
	 * 20000 loops span 30 ticks.
	 */
	{ "socket_close", op_socket, 20000, 0, 0 },
	{ "unix_rtt", op_unix_rtt, 5000, 0, 0 },
	{ "fork_exit_wait", op_fork, 300, 0, 0 },
	{ "execve", op_exec, 100, 0, 0 },
	/* In 16 states its records would overflow the audit backlog. */
	{ "open_denied", op_open_denied, 2000, 1, 1 },
};

/*
 * What a loop that allocates costs depends on the state the slab caches
 * and the page allocator's free lists are in: one kernel's execve moves
 * by 0.9% from one state to another, and two kernels that run the same
 * code for an operation boot into different states (a file or an object
 * more at boot is enough). So every operation is timed in STATES states,
 * each with one more file and one more stopped child (a task, an mm and
 * their pages) than the one before, and the median is its figure: one
 * state can stand apart from the others (the first, on a kernel whose
 * boot left it so) and would move a mean by a sixteenth of that.
 */
#define STATES 16
#define NBENCH (sizeof(benches) / sizeof(benches[0]))

static double ns[NBENCH][STATES];
static pid_t holder[STATES];

static int wanted(unsigned int i, int argc, char **argv)
{
	return argc > 1 ? named(benches[i].name, argc, argv) :
			  !benches[i].only_named;
}

static void time_all(int argc, char **argv, int state)
{
	unsigned int i;
	long long t0;
	int n;

	for (i = 0; i < NBENCH; i++) {
		if (!wanted(i, argc, argv) || (state && benches[i].one_state))
			continue;
		/* One untimed round warms the caches. */
		for (n = 0; n < benches[i].loops / 10 + 1; n++)
			benches[i].op();
		t0 = tick_start();
		for (n = 0; n < benches[i].loops; n++)
			benches[i].op();
		ns[i][state] = (double)(now_ns() - t0) / benches[i].loops;
		printf("# state %d %s %.1f\n", state, benches[i].name,
		       ns[i][state]);
	}
}

/* Leave the next state: one more file, one more stopped child. */
static int next_state(int state)
{
	char path[32];

	snprintf(path, sizeof(path), "/tmp/bench-state-%d", state);
	close(open(path, O_WRONLY | O_CREAT, 0644));
	holder[state] = fork();
	if (holder[state] < 0)
		return -1;
	if (holder[state] == 0) {
		raise(SIGSTOP);
		_exit(0);
	}
	/* Stopped, it runs no more: it cannot land in a timed loop. */
	return waitpid(holder[state], NULL, WUNTRACED) == holder[state] ? 0 : -1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* bench [OP...]: time every operation, or only the ones named. */
int main(int argc, char **argv)
{
	unsigned int i;
	int s, held;

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
	for (held = 0; held < STATES; held++) {
		time_all(argc, argv, held);
		if (held < STATES - 1 && next_state(held))
			break;
	}
	for (s = 0; s <= held && s < STATES - 1; s++) {
		if (holder[s] <= 0)
			continue;
		kill(holder[s], SIGKILL);
		waitpid(holder[s], NULL, 0);
	}
	if (held < STATES) {
		printf("not ok a state could not be made\n");
		return 1;
	}
	for (i = 0; i < NBENCH; i++)
		if (wanted(i, argc, argv))
			printf("# bench %s %.1f\n", benches[i].name,
			       median(ns[i], benches[i].one_state ? 1 : STATES));
	printf("ok benchmark ran\n");
	return 0;
}
