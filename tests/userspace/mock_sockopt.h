/*
 * A stand-in for getsockopt(SOL_SOCKET, SO_PEERSEC / SO_PEERLSMCTX) that
 * answers as the LSM composer series does (net, security: SO_PEERLSMCTX
 * gives every LSM's label of the peer), for unit tests of
 * the user-space helpers. Link with -Wl,--wrap=getsockopt.
 *
 * Entry format (security/composer.c peer_append()): struct lsm_ctx header
 * of four __u64 (id, flags = 0, len, ctx_len), the context with its NUL,
 * len = ALIGN(32 + ctx_len, 8). On ERANGE optlen gets the size needed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define MOCK_SO_PEERLSMCTX 86

enum mock_kernel {
	MOCK_STOCK,        /* no SO_PEERLSMCTX: ENOPROTOOPT */
	MOCK_COMPOSER,     /* entries as set up by mock_add() */
	MOCK_MALFORMED,    /* 86 answers something else: an int */
	MOCK_EACCES,       /* an LSM's getsockopt check denies */
	MOCK_REAL,         /* ask the running kernel */
};

static enum mock_kernel mock_kernel;
static char mock_list[8192];
static size_t mock_list_len;
static const char *mock_peersec;     /* SO_PEERSEC's answer, NULL: ENOPROTOOPT */
static int mock_peersec_nul;         /* SO_PEERSEC counts a NUL (SELinux, Smack) */
static int mock_calls_lsmctx, mock_calls_peersec;

static void mock_reset(enum mock_kernel k, const char *peersec, int nul)
{
	mock_kernel = k;
	mock_list_len = 0;
	mock_peersec = peersec;
	mock_peersec_nul = nul;
	mock_calls_lsmctx = mock_calls_peersec = 0;
}

static void mock_add(uint64_t id, const char *ctx)
{
	uint64_t hdr[4];
	size_t ctx_len = strlen(ctx) + 1;
	size_t len = (32 + ctx_len + 7) & ~(size_t)7;

	hdr[0] = id;
	hdr[1] = 0;
	hdr[2] = len;
	hdr[3] = ctx_len;
	memset(mock_list + mock_list_len, 0, len);
	memcpy(mock_list + mock_list_len, hdr, sizeof(hdr));
	memcpy(mock_list + mock_list_len + 32, ctx, ctx_len);
	mock_list_len += len;
}

int __real_getsockopt(int fd, int level, int name, void *val, socklen_t *len);

int __wrap_getsockopt(int fd, int level, int name, void *val, socklen_t *len)
{
	if (level != SOL_SOCKET || mock_kernel == MOCK_REAL) {
		if (name == MOCK_SO_PEERLSMCTX)
			mock_calls_lsmctx++;
		if (name == SO_PEERSEC)
			mock_calls_peersec++;
		return __real_getsockopt(fd, level, name, val, len);
	}
	if (name == MOCK_SO_PEERLSMCTX) {
		mock_calls_lsmctx++;
		switch (mock_kernel) {
		case MOCK_STOCK:
			errno = ENOPROTOOPT;
			return -1;
		case MOCK_EACCES:
			errno = EACCES;
			return -1;
		case MOCK_MALFORMED:
			if (*len < sizeof(int)) {
				errno = EINVAL;
				return -1;
			}
			memset(val, 0, sizeof(int));
			*len = sizeof(int);
			return 0;
		case MOCK_REAL:
		case MOCK_COMPOSER:
			if (!mock_list_len) {
				errno = ENOPROTOOPT;
				return -1;
			}
			if (mock_list_len > *len) {
				*len = mock_list_len;
				errno = ERANGE;
				return -1;
			}
			memcpy(val, mock_list, mock_list_len);
			*len = mock_list_len;
			return 0;
		}
	}
	if (name == SO_PEERSEC) {
		size_t n;

		mock_calls_peersec++;
		if (!mock_peersec) {
			errno = ENOPROTOOPT;
			return -1;
		}
		n = strlen(mock_peersec) + (mock_peersec_nul ? 1 : 0);
		if (n > *len) {
			*len = n;
			errno = ERANGE;
			return -1;
		}
		memcpy(val, mock_peersec, n);
		*len = n;
		return 0;
	}
	return __real_getsockopt(fd, level, name, val, len);
}

static int mock_failures, mock_checks;

#define CHECK(cond, ...) do {						\
	mock_checks++;							\
	if (!(cond)) {							\
		mock_failures++;					\
		printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static int mock_summary(void)
{
	printf("%d passed, %d failed\n", mock_checks - mock_failures,
	       mock_failures);
	return mock_failures ? 1 : 0;
}
