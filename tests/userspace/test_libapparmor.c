/* Unit test of libapparmor's aa_getpeercon() with SO_PEERLSMCTX. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdarg.h>
#include <unistd.h>
#include "mock_sockopt.h"

int aa_getpeercon(int fd, char **label, char **mode);

/* AppArmor is enabled: /sys/module/apparmor/parameters/enabled says Y */
int __real_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...)
{
	static const char param[] = "/sys/module/apparmor/parameters/";
	mode_t m = 0;
	va_list ap;

	if (!strncmp(path, param, sizeof(param) - 1)) {
		int p[2];

		if (pipe(p))
			return -1;
		if (write(p[1], strcmp(path + sizeof(param) - 1, "enabled") ?
			  "N\n" : "Y\n", 2) != 2)
			return -1;
		close(p[1]);
		return p[0];
	}
	va_start(ap, flags);
	if (flags & O_CREAT)
		m = va_arg(ap, mode_t);
	va_end(ap);
	return __real_open(path, flags, m);
}

#define SEL "unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023"

static void expect(const char *what, int want_ok, int want_errno,
		   const char *want_label, const char *want_mode, int lsmctx,
		   int peersec)
{
	char *label = NULL, *mode = NULL;
	int rc, e;

	errno = 0;
	rc = aa_getpeercon(3, &label, &mode);
	e = errno;
	if (!want_ok) {
		CHECK(rc == -1, "%s: rc %d", what, rc);
		CHECK(e == want_errno, "%s: errno %d", what, e);
	} else {
		CHECK(rc > 0, "%s: rc %d errno %d", what, rc, e);
		CHECK(label && !strcmp(label, want_label), "%s: label '%s'",
		      what, label ? label : "(null)");
		CHECK((!mode && !want_mode) ||
		      (mode && want_mode && !strcmp(mode, want_mode)),
		      "%s: mode '%s'", what, mode ? mode : "(null)");
	}
	CHECK(mock_calls_lsmctx == lsmctx, "%s: %d SO_PEERLSMCTX calls", what,
	      mock_calls_lsmctx);
	CHECK(mock_calls_peersec == peersec, "%s: %d SO_PEERSEC calls", what,
	      mock_calls_peersec);
	free(label);
}

int main(void)
{
	char big[1500], bigmode[1600];
	int sv[2];

	/* stock kernel: SO_PEERSEC as before (AppArmor's has no NUL) */
	mock_reset(MOCK_STOCK, "/usr/bin/foo (enforce)", 0);
	expect("stock", 1, 0, "/usr/bin/foo", "enforce", 1, 1);
	mock_reset(MOCK_STOCK, "unconfined", 0);
	expect("stock unconfined", 1, 0, "unconfined", NULL, 1, 1);
	mock_reset(MOCK_STOCK, NULL, 0);
	expect("stock unlabeled", 0, ENOPROTOOPT, NULL, NULL, 1, 1);

	/* composer, SELinux owns peer labels: AppArmor's own label */
	mock_reset(MOCK_COMPOSER, SEL, 1);
	mock_add(101, SEL);
	mock_add(104, "/usr/bin/foo (complain)");
	expect("composer selinux+aa", 1, 0, "/usr/bin/foo", "complain", 1, 0);
	mock_reset(MOCK_COMPOSER, "unconfined", 0);
	mock_add(104, "unconfined");
	mock_add(101, SEL);
	expect("composer aa+selinux", 1, 0, "unconfined", NULL, 1, 0);

	/* composer without an AppArmor label: none, not SELinux's */
	mock_reset(MOCK_COMPOSER, SEL, 1);
	mock_add(101, SEL);
	expect("composer selinux only", 0, ENOPROTOOPT, NULL, NULL, 1, 0);

	/* composer, no LSM labels the peer */
	mock_reset(MOCK_COMPOSER, NULL, 0);
	expect("composer none", 0, ENOPROTOOPT, NULL, NULL, 1, 1);

	/*
	 * A label longer than aa_getpeercon()'s first buffer (128) and a
	 * list longer than the helper's first guess (1024): ERANGE twice.
	 */
	memset(big, 'a', sizeof(big) - 1);
	big[0] = '/';
	big[sizeof(big) - 1] = 0;
	snprintf(bigmode, sizeof(bigmode), "%s (enforce)", big);
	mock_reset(MOCK_COMPOSER, SEL, 1);
	mock_add(101, SEL);
	mock_add(104, bigmode);
	/*
	 * aa_getpeercon() tries 128: the helper's 1024 gets ERANGE, the
	 * list fits the size the kernel gave, the label does not fit 128:
	 * ERANGE with the label's size; then 1024 again, ERANGE, it fits.
	 */
	expect("composer erange", 1, 0, big, "enforce", 4, 0);

	/* 86 means something else: SO_PEERSEC */
	mock_reset(MOCK_MALFORMED, "/usr/bin/foo (enforce)", 0);
	expect("malformed", 1, 0, "/usr/bin/foo", "enforce", 1, 1);

	/* denied: the error, not another LSM's label */
	mock_reset(MOCK_EACCES, SEL, 1);
	expect("eacces", 0, EACCES, NULL, NULL, 1, 0);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		char *label = NULL, *mode = NULL;
		int rc;

		mock_reset(MOCK_REAL, NULL, 0);
		rc = aa_getpeercon(sv[0], &label, &mode);
		printf("running kernel: aa_getpeercon %d errno %d (%s) %s; "
		       "SO_PEERLSMCTX calls %d SO_PEERSEC calls %d\n", rc,
		       rc < 0 ? errno : 0, rc < 0 ? strerror(errno) : "ok",
		       label ? label : "", mock_calls_lsmctx,
		       mock_calls_peersec);
		free(label);
	}
	return mock_summary();
}

/* stand-ins for what kernel.c uses from private.c */
int _aa_asprintf(char **strp, const char *fmt, ...)
{
	va_list args;
	int rc;

	va_start(args, fmt);
	rc = vasprintf(strp, fmt, args);
	va_end(args);
	return rc;
}

void _aa_autofree(void *p)
{
	free(*(void **)p);
}
