/* link: -lselinux -lsepol -lpcre2-8 -lapparmor */
/*
 * The LSMs' own user-space libraries, called as real programs call them:
 *   lsmclient selinux              prints libselinux's getcon()
 *   lsmclient selinux-setexec CTX  setexeccon(CTX), then prints what
 *                                  the kernel kept in attr/selinux/exec
 *                                  (the plain attr/exec where there is
 *                                  no SELinux directory, as on stock)
 *   lsmclient apparmor             prints libapparmor's aa_getcon() as the
 *                                  kernel writes it: "label (mode)", or
 *                                  "label" without a mode
 *   lsmclient aa-change-profile P  aa_change_profile(P), then aa_getcon()
 *   lsmclient aa-change-hat P HAT  aa_change_profile(P), aa_change_hat(HAT)
 *                                  and back, with aa_getcon() after each
 *   lsmclient aa-change-onexec P CMD ARG...
 *                                  aa_change_onexec(P), then runs CMD
 * Exits 1 with "lsmclient: CALL: ERROR" on stderr when a call fails.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <selinux/selinux.h>
#include <sys/apparmor.h>

static int fail(const char *call)
{
	fprintf(stderr, "lsmclient: %s: %s\n", call, strerror(errno));
	return 1;
}

static int selinux(void)
{
	char *con;

	if (getcon(&con) < 0)
		return fail("getcon");
	printf("%s\n", con);
	freecon(con);
	return 0;
}

/* Print the exec context as the kernel holds it, read without libselinux. */
static int selinux_setexec(const char *ctx)
{
	const char *own = "/proc/thread-self/attr/selinux/exec";
	char buf[256];
	size_t n;
	FILE *f;

	if (setexeccon(ctx) < 0)
		return fail("setexeccon");
	f = fopen(own, "r");
	if (!f)
		f = fopen("/proc/thread-self/attr/exec", "r");
	if (!f)
		return fail("fopen exec");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	printf("%s\n", buf);
	return 0;
}

static int apparmor(void)
{
	char *label, *mode;

	if (aa_getcon(&label, &mode) < 0)
		return fail("aa_getcon");
	if (mode)
		printf("%s (%s)\n", label, mode);
	else
		printf("%s\n", label);
	free(label); /* mode points into the same buffer */
	return 0;
}

static int enter_profile(const char *profile)
{
	if (aa_change_profile(profile) < 0)
		return fail("aa_change_profile");
	return apparmor();
}

static int hat_and_back(const char *profile, const char *hat)
{
	unsigned long token = 0x5eed;

	if (aa_change_profile(profile) < 0)
		return fail("aa_change_profile");
	if (aa_change_hat(hat, token) < 0)
		return fail("aa_change_hat");
	if (apparmor())
		return 1;
	if (aa_change_hat(NULL, token) < 0)
		return fail("aa_change_hat back");
	return apparmor();
}

static int profile_onexec(const char *profile, char **argv)
{
	if (aa_change_onexec(profile) < 0)
		return fail("aa_change_onexec");
	execv(argv[0], argv);
	return fail("execv");
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (argc == 2 && !strcmp(cmd, "selinux"))
		return selinux();
	if (argc == 3 && !strcmp(cmd, "selinux-setexec"))
		return selinux_setexec(argv[2]);
	if (argc == 2 && !strcmp(cmd, "apparmor"))
		return apparmor();
	if (argc == 3 && !strcmp(cmd, "aa-change-profile"))
		return enter_profile(argv[2]);
	if (argc == 4 && !strcmp(cmd, "aa-change-hat"))
		return hat_and_back(argv[2], argv[3]);
	if (argc >= 4 && !strcmp(cmd, "aa-change-onexec"))
		return profile_onexec(argv[2], argv + 3);
	fprintf(stderr, "usage: lsmclient selinux | selinux-setexec CTX | apparmor |\n"
		"       aa-change-profile P | aa-change-hat P HAT |\n"
		"       aa-change-onexec P CMD ARG...\n");
	return 2;
}
