/* link: -lselinux -lsepol -lpcre2-8 -lapparmor */
/*
 * The LSMs' own user-space libraries asking for the task's context, as
 * real programs do:
 *   lsmclient selinux    prints libselinux's getcon()
 *   lsmclient apparmor   prints libapparmor's aa_getcon() as the kernel
 *                        writes it: "label (mode)", or "label" without a mode
 * Exits 1 with a message when the library call fails.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <selinux/selinux.h>
#include <sys/apparmor.h>

static int selinux(void)
{
	char *con;

	if (getcon(&con) < 0) {
		fprintf(stderr, "lsmclient: getcon: %s\n", strerror(errno));
		return 1;
	}
	printf("%s\n", con);
	freecon(con);
	return 0;
}

static int apparmor(void)
{
	char *label, *mode;

	if (aa_getcon(&label, &mode) < 0) {
		fprintf(stderr, "lsmclient: aa_getcon: %s\n", strerror(errno));
		return 1;
	}
	if (mode)
		printf("%s (%s)\n", label, mode);
	else
		printf("%s\n", label);
	free(label); /* mode points into the same buffer */
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "selinux") == 0)
		return selinux();
	if (argc == 2 && strcmp(argv[1], "apparmor") == 0)
		return apparmor();
	fprintf(stderr, "usage: lsmclient selinux|apparmor\n");
	return 2;
}
