// SPDX-License-Identifier: GPL-2.0
/*
 * attrstorm SECONDS THREADS: for SECONDS, fork children in a loop. In each
 * child THREADS threads write per-LSM and formatted values to their own
 * /proc/thread-self/attr files and read each back, while the main thread
 * sets its own transitions (SELinux exec context, Smack label, uid) and
 * execs a readfile that a policy denies, or its allowed twin: the exec
 * ends the other threads in the middle of their writes.
 * Prints "attr OPS BAD" (thread writes; BAD: refused or read back wrong)
 * and "exec OPS BAD" (BAD: an answer other than the policy's), the first
 * few violations as "# attr: ..." and "# exec: ..." lines. Run as root with every policy loaded as
 * by guest/tests/storm, SELinux enforcing.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"

/* A write and the value its file must then read back (a prefix). */
struct aop {
	const char *path, *value, *readpath, *want;
};

static const struct aop aops[] = {
	{ "selinux/fscreate", "u:object_r:sys_t", NULL, "u:object_r:sys_t" },
	{ "selinux/exec", "u:r:confined_t", NULL, "u:r:confined_t" },
	{ "selinux/sockcreate", "u:r:sys_t", NULL, "u:r:sys_t" },
	{ "selinux/keycreate", "u:r:sys_t", NULL, "u:r:sys_t" },
	{ "smack/current", "Pop", NULL, "Pop" },
	{ "smack/current", "_", NULL, "_" },
	{ "apparmor/exec", "exec aa-attr", NULL, "aa-attr" },
	{ "current", "/smack=Snap/", "smack/current", "Snap" },
	{ "exec", "/selinux=u:r:sys_t/", "selinux/exec", "u:r:sys_t" },
};
#define NAOPS (sizeof(aops) / sizeof(aops[0]))

/* What the main thread execs: setting, program, file, answer. */
struct eop {
	const char *selinux, *smack;
	int uid;
	const char *prog, *file, *want;
};

static const struct eop eops[] = {
	{ "u:r:confined_t", NULL, 0, "/usr/bin/readfile", "/tmp/selinux-secret", "EACCES" },
	{ "u:r:confined_t", NULL, 0, "/usr/bin/readfile", "/tmp/selinux-public", "ok" },
	{ NULL, NULL, 1000, "/opt/aa/readfile", "/tmp/aa-secret", "EACCES" },
	{ NULL, NULL, 1000, "/opt/aa/readfile", "/tmp/aa-allowed", "ok" },
	{ NULL, "Alice", 1000, "/usr/bin/readfile", "/tmp/smack-secret", "EACCES" },
	{ NULL, "Alice", 1000, "/usr/bin/readfile", "/tmp/smack-allowed", "ok" },
	{ NULL, NULL, 1000, "/opt/tomoyo/readfile", "/tmp/tomoyo-secret", "EPERM" },
	{ NULL, NULL, 1000, "/opt/tomoyo/readfile", "/tmp/tomoyo-allowed", "ok" },
};
#define NEOPS (sizeof(eops) / sizeof(eops[0]))

/* Counters shared by every child and thread (MAP_SHARED). */
struct shared {
	long attr_ops, attr_bad, exec_ops, exec_bad, nmsg;
	char msg[4][160];
};
static struct shared *sh;

/* Keep the first few violations; count them all in *@bad. */
static void report(long *bad, const char *what, const char *a, const char *b)
{
	long i = __atomic_fetch_add(&sh->nmsg, 1, __ATOMIC_RELAXED);

	__atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
	if (i < 4)
		snprintf(sh->msg[i], sizeof(sh->msg[i]), "%s: %s %s: %s",
			 bad == &sh->attr_bad ? "attr" : "exec", what, a, b);
}

static int write_file(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY);
	ssize_t n = fd < 0 ? -1 : write(fd, value, strlen(value));
	int e = errno;

	if (fd >= 0)
		close(fd);
	errno = e;
	return n == (ssize_t)strlen(value) ? 0 : -1;
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return n < 0 ? -1 : 0;
}

static void *writer(void *arg)
{
	unsigned int i = (unsigned long)arg;
	char path[96], buf[256];

	for (;; i++) {
		const struct aop *op = &aops[i % NAOPS];

		snprintf(path, sizeof(path), "/proc/thread-self/attr/%s", op->path);
		if (write_file(path, op->value)) {
			report(&sh->attr_bad, op->path, op->value, errname(errno));
			continue;
		}
		snprintf(path, sizeof(path), "/proc/thread-self/attr/%s",
			 op->readpath ? op->readpath : op->path);
		if (read_file(path, buf, sizeof(buf)) ||
		    strncmp(buf, op->want, strlen(op->want))) {
			report(&sh->attr_bad, path, "reads", buf);
			continue;
		}
		__atomic_fetch_add(&sh->attr_ops, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* The child: writer threads, then the main thread's transitions and exec. */
static void child(unsigned int n, int threads, int out)
{
	const struct eop *e = &eops[n % NEOPS];
	pthread_t t;
	int i;

	for (i = 0; i < threads; i++)
		if (pthread_create(&t, NULL, writer, (void *)(unsigned long)(n + i)))
			_exit(3);
	usleep(1000 * (n % 5));
	if ((e->selinux && write_file("/proc/thread-self/attr/selinux/exec", e->selinux)) ||
	    (e->smack && write_file("/proc/thread-self/attr/smack/current", e->smack)))
		_exit(4);
	/* Raw system calls: this thread's credentials only, not the others'. */
	if (e->uid && (syscall(SYS_setgroups, 0, NULL) ||
		       syscall(SYS_setresgid, e->uid, e->uid, e->uid) ||
		       syscall(SYS_setresuid, e->uid, e->uid, e->uid)))
		_exit(5);
	dup2(out, 1);
	execl(e->prog, e->prog, e->file, (char *)NULL);
	_exit(6);
}

int main(int argc, char **argv)
{
	time_t end;
	unsigned int n;
	int threads, i;

	if (argc != 3) {
		fprintf(stderr, "usage: attrstorm SECONDS THREADS\n");
		return 2;
	}
	end = time(NULL) + atoi(argv[1]);
	threads = atoi(argv[2]);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 2;
	for (n = 0; time(NULL) < end; n++) {
		const struct eop *e = &eops[n % NEOPS];
		char buf[64] = "";
		int p[2], st = 0;
		ssize_t len;
		pid_t pid;

		if (pipe(p))
			return 2;
		pid = fork();
		if (pid < 0)
			return 2;
		if (!pid) {
			close(p[0]);
			child(n, threads, p[1]);
		}
		close(p[1]);
		len = read(p[0], buf, sizeof(buf) - 1);
		close(p[0]);
		waitpid(pid, &st, 0);
		buf[len > 0 ? len : 0] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		sh->exec_ops++;
		if (strcmp(buf, e->want)) {
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf),
				 " (status %d)", st);
			report(&sh->exec_bad, e->prog, e->file, buf);
		}
	}
	printf("attr %ld %ld\nexec %ld %ld\n", sh->attr_ops, sh->attr_bad,
	       sh->exec_ops, sh->exec_bad);
	for (i = 0; i < 4 && i < sh->nmsg; i++)
		printf("# %s\n", sh->msg[i]);
	return 0;
}
