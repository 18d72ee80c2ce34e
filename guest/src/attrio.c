// SPDX-License-Identifier: GPL-2.0
/*
 * attrio [-w PATH DATAFILE] [READPATH...]: write the bytes of DATAFILE to
 * PATH in one write() and print "ok" or the errno's name; then print each
 * READPATH's contents on a line of its own, without the trailing NULs and
 * newlines that LSMs append, or the errno's name if it cannot be read.
 * /proc/self/attr writes change only the writer, so the same process must
 * write and read back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char buf[16384];

static const char *errname(int e)
{
	static char num[16];

	switch (e) {
	case EINVAL: return "EINVAL";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case E2BIG: return "E2BIG";
	case EBUSY: return "EBUSY";
	}
	snprintf(num, sizeof(num), "errno %d", e);
	return num;
}

/* Read all of @path into buf; return its length or -errno. */
static ssize_t slurp(const char *path)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += n;
	if (n < 0)
		len = -errno;
	close(fd);
	return len;
}

int main(int argc, char **argv)
{
	ssize_t len;
	int i = 1, fd;

	if (argc > 3 && !strcmp(argv[1], "-w")) {
		len = slurp(argv[3]);
		if (len < 0) {
			fprintf(stderr, "attrio: cannot read %s\n", argv[3]);
			return 2;
		}
		fd = open(argv[2], O_WRONLY);
		if (fd < 0)
			printf("open %s\n", errname(errno));
		else if (write(fd, buf, len) != len)
			printf("%s\n", errname(errno));
		else
			printf("ok\n");
		if (fd >= 0)
			close(fd);
		i = 4;
	}
	for (; i < argc; i++) {
		len = slurp(argv[i]);
		if (len < 0) {
			printf("%s\n", errname(-len));
			continue;
		}
		while (len > 0 && (buf[len - 1] == '\0' || buf[len - 1] == '\n'))
			len--;
		printf("%.*s\n", (int)len, buf);
	}
	return 0;
}
