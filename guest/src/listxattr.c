// SPDX-License-Identifier: GPL-2.0
/* listxattr PATH: print the names of a file's extended attributes, one a line. */
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	char buf[4096];
	ssize_t n, i;

	if (argc != 2) {
		fprintf(stderr, "usage: listxattr PATH\n");
		return 2;
	}
	n = listxattr(argv[1], buf, sizeof(buf));
	if (n < 0) {
		perror(argv[1]);
		return 1;
	}
	for (i = 0; i < n; i += strlen(buf + i) + 1)
		printf("%s\n", buf + i);
	return 0;
}
