/* Unit test of libselinux's getpeercon_raw() with SO_PEERLSMCTX. */
#include <unistd.h>
#include "mock_sockopt.h"

int getpeercon_raw(int fd, char **context);
int selinux_raw_to_trans_context(const char *raw, char **trans);
void freecon(char *con);

/* stand-ins for what getpeercon() uses from the rest of libselinux */
int selinux_raw_to_trans_context(const char *raw, char **trans)
{
	*trans = strdup(raw);
	return *trans ? 0 : -1;
}

void freecon(char *con)
{
	free(con);
}

#define SEL "unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023"
#define AA "/usr/bin/foo (enforce)"

static void expect(const char *what, int want_rc, int want_errno,
		   const char *want, int lsmctx, int peersec)
{
	char *con = NULL;
	int rc, e;

	errno = 0;
	rc = getpeercon_raw(3, &con);
	e = errno;
	CHECK(rc == want_rc, "%s: rc %d", what, rc);
	if (want_rc < 0)
		CHECK(e == want_errno, "%s: errno %d", what, e);
	else
		CHECK(con && !strcmp(con, want), "%s: label '%s'", what,
		      con ? con : "(null)");
	CHECK(mock_calls_lsmctx == lsmctx, "%s: %d SO_PEERLSMCTX calls", what,
	      mock_calls_lsmctx);
	CHECK(mock_calls_peersec == peersec, "%s: %d SO_PEERSEC calls", what,
	      mock_calls_peersec);
	if (rc == 0)
		free(con);
}

int main(void)
{
	char big[1500];
	int sv[2];

	/* stock kernel: SO_PEERSEC as before */
	mock_reset(MOCK_STOCK, SEL, 1);
	expect("stock", 0, 0, SEL, 1, 1);
	mock_reset(MOCK_STOCK, NULL, 0);
	expect("stock unlabeled", -1, ENOPROTOOPT, NULL, 1, 1);

	/* composer, AppArmor owns peer labels: SELinux's own label */
	mock_reset(MOCK_COMPOSER, AA, 0);
	mock_add(104, AA);
	mock_add(101, SEL);
	expect("composer aa+selinux", 0, 0, SEL, 1, 0);

	/* composer, SELinux first */
	mock_reset(MOCK_COMPOSER, SEL, 1);
	mock_add(101, SEL);
	mock_add(104, AA);
	expect("composer selinux+aa", 0, 0, SEL, 1, 0);

	/* composer without a SELinux label: none, not AppArmor's */
	mock_reset(MOCK_COMPOSER, AA, 0);
	mock_add(104, AA);
	expect("composer aa only", -1, ENOPROTOOPT, NULL, 1, 0);

	/* composer, no LSM labels the peer: ENOPROTOOPT, SO_PEERSEC alike */
	mock_reset(MOCK_COMPOSER, NULL, 0);
	expect("composer none", -1, ENOPROTOOPT, NULL, 1, 1);

	/* a list longer than the first guess: ERANGE, then the size */
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	mock_reset(MOCK_COMPOSER, big, 0);
	mock_add(104, big);
	mock_add(101, SEL);
	expect("composer erange", 0, 0, SEL, 2, 0);

	/* 86 means something else: SO_PEERSEC */
	mock_reset(MOCK_MALFORMED, SEL, 1);
	expect("malformed", 0, 0, SEL, 1, 1);

	/* denied: the error, not another LSM's label */
	mock_reset(MOCK_EACCES, AA, 0);
	expect("eacces", -1, EACCES, NULL, 1, 0);

	/* the running kernel, on a socketpair */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		char *con = NULL;
		int rc;

		mock_reset(MOCK_REAL, NULL, 0);
		rc = getpeercon_raw(sv[0], &con);
		printf("running kernel: getpeercon_raw %d errno %d (%s) %s; "
		       "SO_PEERLSMCTX calls %d SO_PEERSEC calls %d\n", rc,
		       rc ? errno : 0, rc ? strerror(errno) : "ok",
		       con ? con : "", mock_calls_lsmctx, mock_calls_peersec);
		if (!rc)
			free(con);
		close(sv[0]);
		close(sv[1]);
	}
	return mock_summary();
}
