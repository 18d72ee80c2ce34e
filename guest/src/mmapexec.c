// SPDX-License-Identifier: GPL-2.0
/*
 * mmapexec PATH: map PATH readable and executable, as a loader maps a
 * library, and print "ok" or the errno's name. IMA's MMAP_CHECK measures
 * such a mapping; AppArmor allows it only with the "m" permission.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	void *p;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: mmapexec PATH\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		printf("%s\n", errno == EACCES ? "EACCES" :
		       errno == EPERM ? "EPERM" : strerror(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}
