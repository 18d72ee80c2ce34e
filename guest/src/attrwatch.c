// SPDX-License-Identifier: GPL-2.0
/*
 * attrwatch SECONDS VALUE: a child writes VALUE to its own
 * /proc/self/attr/current again and again for SECONDS, while this process
 * reads the child's /proc/PID/attr/selinux/current and smack/current
 * from another CPU. Prints "writes N refused N reads N changed N": a read
 * that differs from the child's values of before its first write counts
 * as changed, and the first such read is printed as "# changed: ...".
 * A refused formatted write must never be seen half-applied.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const files[] = { "selinux/current", "smack/current" };
#define NFILES ((int)(sizeof(files) / sizeof(files[0])))

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

/* The child: write @value until killed; report counts through @out. */
static void writer(const char *value, int go, int out)
{
	long counts[2] = { 0, 0 };
	char c;
	int fd;

	if (read(go, &c, 1) != 1)
		_exit(1);
	for (;;) {
		fd = open("/proc/self/attr/current", O_WRONLY);
		if (fd < 0)
			_exit(1);
		counts[0]++;
		if (write(fd, value, strlen(value)) < 0)
			counts[1]++;
		close(fd);
		if (!(counts[0] % 64) && write(out, counts, sizeof(counts)) < 0)
			_exit(1);
	}
}

int main(int argc, char **argv)
{
	char before[NFILES][256], now[256];
	long counts[2] = { 0, 0 }, reads = 0, changed = 0;
	int go[2], out[2], f, status;
	time_t end;
	pid_t pid;

	if (argc != 3) {
		fprintf(stderr, "usage: attrwatch SECONDS VALUE\n");
		return 2;
	}
	if (pipe(go) || pipe(out))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		close(go[1]);
		close(out[0]);
		writer(argv[2], go[0], out[1]);
	}
	close(go[0]);
	close(out[1]);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	for (f = 0; f < NFILES; f++)
		if (read_attr(pid, files[f], before[f], sizeof(before[f])))
			return 1;
	if (write(go[1], "g", 1) != 1)
		return 1;
	end = time(NULL) + atoi(argv[1]);
	while (time(NULL) < end) {
		for (f = 0; f < NFILES; f++) {
			if (read_attr(pid, files[f], now, sizeof(now)))
				continue;
			reads++;
			if (strcmp(now, before[f]) && !changed++)
				printf("# changed: %s: '%s' (was '%s')\n",
				       files[f], now, before[f]);
		}
		while (read(out[0], counts, sizeof(counts)) == sizeof(counts))
			;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	while (read(out[0], counts, sizeof(counts)) == sizeof(counts))
		;
	printf("writes %ld refused %ld reads %ld changed %ld\n",
	       counts[0], counts[1], reads, changed);
	return 0;
}
