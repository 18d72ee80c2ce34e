// SPDX-License-Identifier: GPL-2.0
/* getxattr PATH NAME: print an extended attribute's value (busybox has none). */
#include <stdio.h>
#include <sys/xattr.h>

int main(int argc, char **argv)
{
	char buf[4096];
	ssize_t n;

	if (argc != 3) {
		fprintf(stderr, "usage: getxattr PATH NAME\n");
		return 2;
	}
	n = getxattr(argv[1], argv[2], buf, sizeof(buf) - 1);
	if (n < 0) {
		perror(argv[2]);
		return 1;
	}
	/* Labels may or may not carry a trailing NUL. */
	while (n > 0 && buf[n - 1] == '\0')
		n--;
	buf[n] = '\0';
	printf("%s\n", buf);
	return 0;
}
