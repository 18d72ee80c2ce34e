/*
 * Unit test of dbus's bus_read_peer_lsm_label(): the function is taken
 * from the patched bus/utils.c (extract_dbus_helper.sh) and
 * built with small stand-ins for the DBusString calls it makes.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <unistd.h>
#include "mock_sockopt.h"

typedef uint64_t dbus_uint64_t;
typedef int dbus_bool_t;
#define TRUE 1
#define FALSE 0
#define DBUS_INT64_MODIFIER "l"
#define BUS_LSM_ID_SELINUX 101
#define BUS_LSM_ID_APPARMOR 104

typedef struct { char *data; int len; } DBusString;

static dbus_bool_t _dbus_string_init_preallocated(DBusString *s, int n)
{
	s->data = calloc(1, n + 1);
	s->len = 0;
	return s->data != NULL;
}
static dbus_bool_t _dbus_string_set_length(DBusString *s, int n)
{
	char *p = realloc(s->data, n + 1);

	if (!p)
		return FALSE;
	if (n > s->len)
		memset(p + s->len, 0, n - s->len);
	p[n] = 0;
	s->data = p;
	s->len = n;
	return TRUE;
}
static char *_dbus_string_get_data(DBusString *s) { return s->data; }
static const char *_dbus_string_get_const_data(const DBusString *s) { return s->data; }
static unsigned int _dbus_string_get_length_uint(const DBusString *s) { return s->len; }
static dbus_bool_t _dbus_string_append_len(DBusString *s, const char *b, int n)
{
	int old = s->len;

	if (!_dbus_string_set_length(s, old + n))
		return FALSE;
	memcpy(s->data + old, b, n);
	return TRUE;
}
static void _dbus_string_free(DBusString *s) { free(s->data); s->data = NULL; }
static const char *_dbus_strerror(int e) { return strerror(e); }
static void _dbus_verbose(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("  verbose: ");
	vprintf(fmt, ap);
	va_end(ap);
}

#include "dbus_helper.inc"  /* from extract_dbus_helper.sh */

#define SEL "unconfined_u:unconfined_r:unconfined_t:s0-s0:c0.c1023"
#define AA "/usr/bin/foo (enforce)"

static void expect(const char *what, dbus_uint64_t id, int want_rc,
		   int want_errno, const char *want, int lsmctx, int peersec)
{
	DBusString label;
	int rc, e;

	_dbus_string_init_preallocated(&label, 0);
	errno = 0;
	rc = bus_read_peer_lsm_label(3, id, &label);
	e = errno;
	CHECK(rc == want_rc, "%s: rc %d", what, rc);
	if (want_rc < 0)
		CHECK(e == want_errno, "%s: errno %d", what, e);
	if (want_rc > 0)
		CHECK(!strcmp(label.data, want) &&
		      label.len == (int)strlen(want), "%s: label '%s' (%d)",
		      what, label.data, label.len);
	else
		CHECK(label.len == 0, "%s: label '%s'", what, label.data);
	CHECK(mock_calls_lsmctx == lsmctx, "%s: %d SO_PEERLSMCTX calls", what,
	      mock_calls_lsmctx);
	CHECK(mock_calls_peersec == peersec, "%s: %d SO_PEERSEC calls", what,
	      mock_calls_peersec);
	_dbus_string_free(&label);
}

int main(void)
{
	char big[1500];
	int sv[2];

	mock_reset(MOCK_STOCK, SEL, 1);
	expect("stock", BUS_LSM_ID_SELINUX, 0, 0, NULL, 1, 0);

	mock_reset(MOCK_COMPOSER, AA, 0);
	mock_add(104, AA);
	mock_add(101, SEL);
	expect("composer selinux", BUS_LSM_ID_SELINUX, 1, 0, SEL, 1, 0);
	mock_calls_lsmctx = 0;
	expect("composer apparmor", BUS_LSM_ID_APPARMOR, 1, 0, AA, 1, 0);

	mock_reset(MOCK_COMPOSER, AA, 0);
	mock_add(104, AA);
	expect("composer no selinux", BUS_LSM_ID_SELINUX, -1, ENOPROTOOPT,
	       NULL, 1, 0);

	mock_reset(MOCK_COMPOSER, NULL, 0);
	expect("composer none", BUS_LSM_ID_SELINUX, 0, 0, NULL, 1, 0);

	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	mock_reset(MOCK_COMPOSER, big, 0);
	mock_add(104, big);
	mock_add(101, SEL);
	expect("composer erange", BUS_LSM_ID_SELINUX, 1, 0, SEL, 2, 0);

	mock_reset(MOCK_MALFORMED, SEL, 1);
	expect("malformed", BUS_LSM_ID_SELINUX, 0, 0, NULL, 1, 0);

	mock_reset(MOCK_EACCES, AA, 0);
	expect("eacces", BUS_LSM_ID_SELINUX, -1, EACCES, NULL, 1, 0);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0) {
		DBusString label;
		int rc;

		_dbus_string_init_preallocated(&label, 0);
		mock_reset(MOCK_REAL, NULL, 0);
		rc = bus_read_peer_lsm_label(sv[0], BUS_LSM_ID_SELINUX,
					       &label);
		printf("running kernel: bus_read_peer_lsm_label %d (0: use "
		       "SO_PEERSEC) errno %d\n", rc, rc < 0 ? errno : 0);
		_dbus_string_free(&label);
	}
	return mock_summary();
}
