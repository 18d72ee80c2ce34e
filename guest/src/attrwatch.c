// SPDX-License-Identifier: GPL-2.0
/*
 * attrwatch SECONDS VALUE [FILE...]: a child writes VALUE to its own
 * /proc/self/attr/current again and again for SECONDS, while this process
 * reads the child's /proc/PID/attr/FILE (by default selinux/current and
 * smack/current) from another CPU. Prints "writes N refused N reads N
 * changed N": a read that differs from the child's values of before its
 * first write counts as changed, and the first such read is printed as
 * "# changed: ...".
 * A refused formatted write must never be seen half-applied.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *default_files[] = { "selinux/current", "smack/current" };
#define MAXFILES 4

static int read_attr(pid_t pid, const char *file, char *buf, size_t size)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/attr/%s", pid, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* What the writer counts, in memory shared with the reader. */
struct counts {
	long writes, refused;
};

/* The child: write @value until killed. */
static void writer(const char *value, int go, struct counts *c)
{
	char g;
	int fd;

	if (read(go, &g, 1) != 1)
		_exit(1);
	for (;;) {
		fd = open("/proc/self/attr/current", O_WRONLY);
		if (fd < 0)
			_exit(1);
		if (write(fd, value, strlen(value)) < 0)
			c->refused++;
		c->writes++;
		close(fd);
	}
}

int main(int argc, char **argv)
{
	char before[MAXFILES][256], now[256];
	const char **files = default_files;
	long reads = 0, changed = 0;
	int go[2], f, status, nfiles = 2;
	struct counts *c;
	time_t end;
	pid_t pid;

	if (argc < 3 || argc > 3 + MAXFILES) {
		fprintf(stderr, "usage: attrwatch SECONDS VALUE [FILE...]\n");
		return 2;
	}
	if (argc > 3) {
		files = (const char **)argv + 3;
		nfiles = argc - 3;
	}
	c = mmap(NULL, sizeof(*c), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c == MAP_FAILED || pipe(go))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid)
		writer(argv[2], go[0], c);
	for (f = 0; f < nfiles; f++)
		if (read_attr(pid, files[f], before[f], sizeof(before[f])))
			return 1;
	if (write(go[1], "g", 1) != 1)
		return 1;
	end = time(NULL) + atoi(argv[1]);
	while (time(NULL) < end) {
		for (f = 0; f < nfiles; f++) {
			if (read_attr(pid, files[f], now, sizeof(now)))
				continue;
			reads++;
			if (strcmp(now, before[f]) && !changed++)
				printf("# changed: %s: '%s' (was '%s')\n",
				       files[f], now, before[f]);
		}
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	printf("writes %ld refused %ld reads %ld changed %ld\n",
	       c->writes, c->refused, reads, changed);
	return 0;
}
