// SPDX-License-Identifier: GPL-2.0
/*
 * readfile PATH: open PATH for reading and print "ok" or the errno's name,
 * so that a test can tell which LSM's denial came back (EACCES or EPERM).
 * Installed under several names: LSM policies attach to the path.
 * With READFILE_STOP set it stops itself (SIGSTOP) before the open, so that
 * a test can read its /proc/PID/attr files first: its policy may not let
 * it read them itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: readfile PATH\n");
		return 2;
	}
	if (getenv("READFILE_STOP"))
		raise(SIGSTOP);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("%s\n", errno == EACCES ? "EACCES" :
		       errno == EPERM ? "EPERM" : "error");
		return 1;
	}
	close(fd);
	printf("ok\n");
	return 0;
}
