// SPDX-License-Identifier: GPL-2.0
/* setxattr PATH NAME VALUE: set an extended attribute (busybox has none). */
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: setxattr PATH NAME VALUE\n");
		return 2;
	}
	if (setxattr(argv[1], argv[2], argv[3], strlen(argv[3]), 0)) {
		perror(argv[2]);
		return 1;
	}
	return 0;
}
