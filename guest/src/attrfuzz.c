// SPDX-License-Identifier: GPL-2.0
/*
 * attrfuzz [-s SEED] [-n COUNT] [-t SECONDS] [-r OP] [-v]: a seeded,
 * bounded fuzzer of the process attribute interfaces: /proc/PID/attr
 * (plain files, the formatted "/lsm=value/" syntax, the per-LSM
 * directories; one write(), several write()s on one fd, pwrite(),
 * writev(), another thread through /proc/thread-self) and the LSM system
 * calls lsm_set_self_attr(), lsm_get_self_attr(), lsm_list_modules().
 *
 * After every call it checks that
 *  - a rejected call left every LSM's value byte for byte as it was,
 *  - the errno is one the documentation names for that call,
 *  - an accepted call reads back as each LSM defines it (SELinux's
 *    canonical context, Smack's label, AppArmor's profile) and changed
 *    nothing else.
 * Operation N draws its bytes from a generator seeded with SEED and N
 * only, and runs in a process whose labels are those the fuzzer started
 * with (a child is replaced after any call that changed a label), so
 * "-s SEED -r N" replays it alone. The first violation is printed with
 * the bytes in hex and stops the run. Prints "ok"/"not ok" lines and the
 * counts; exits 0 when nothing was violated.
 *
 * Run as root with SELinux's policy loaded (so contexts can be checked
 * with /sys/fs/selinux/context) and SELinux permissive.
 *
 * Here: the write operations and the driver. attrfuzz_model.h holds the
 * documented rules the calls are checked against, attrfuzz_gen.h makes
 * the values, attrfuzz_sys.h fuzzes the LSM system calls.
 */
#include "attrfuzz.h"
#include "attrfuzz_model.h"
#include "attrfuzz_gen.h"
#include "attrfuzz_sys.h"

/* ---- write operations ---- */

/* How the bytes are written. */
enum { W_WRITE, W_MULTI, W_PWRITE, W_WRITEV, W_NKIND };
static const char *const wkind_name[W_NKIND] = {
	"write", "write x3", "pwrite", "writev"
};

struct wop {
	int kind, lsm, attr, nseg;
	off_t off;
	size_t len[MAXSEG];
	unsigned char *b[MAXSEG];
	char path[160];
	int wrong_task;		/* the path is another task's: EACCES */
};

static unsigned char segbuf[MAXSEG][VALMAX];

static void gen_wop(struct wop *w, const char *prefix)
{
	int i;

	w->kind = below(W_NKIND);
	w->attr = below(NATTR);
	/* Mostly "current" and "exec", which every LSM has. */
	if (below(2))
		w->attr = below(2) ? CURRENT : EXEC;
	w->lsm = below(3) ? -1 : order[below(nactive)];
	if (w->lsm >= 0 && file_index(w->lsm, w->attr) < 0)
		w->lsm = -1;
	w->nseg = w->kind == W_MULTI || w->kind == W_WRITEV ? 2 + below(2) : 1;
	for (i = 0; i < w->nseg; i++) {
		w->b[i] = segbuf[i];
		w->len[i] = gen_value(w->lsm, w->attr, segbuf[i]);
	}
	w->off = w->kind == W_PWRITE && below(2) ? 1 + below(PAGE + 2) : 0;
	file_path(w->path, sizeof(w->path), prefix, w->lsm, w->attr);
	w->wrong_task = 0;
}

static void show_wop(const struct wop *w)
{
	char what[64];
	int i;

	printf("# %s %s offset %lld%s\n", wkind_name[w->kind], w->path,
	       (long long)w->off, w->wrong_task ? " (another task's file)" : "");
	for (i = 0; i < w->nseg; i++) {
		snprintf(what, sizeof(what), "segment %d", i);
		hex(what, w->b[i], w->len[i]);
	}
}

/*
 * Do @w in this thread, whose own files are under @prefix, and check it.
 * Return 1 if a label changed (the process must be replaced), 0 if not,
 * -1 on a violation.
 */
static int run_wop(struct wop *w, const char *prefix)
{
	static struct snap before, after;
	static struct outcome o[MAXSEG];
	struct outcome *acc[MAXSEG];
	struct iovec iov[MAXSEG];
	int fd, i, nacc = 0;
	size_t done = 0;
	ssize_t rc;
	size_t total = 0;

	take(prefix, &before);
	for (i = 0; i < w->nseg; i++) {
		write_model(w->lsm, w->attr, w->b[i], w->len[i], &o[i]);
		cnt->fmt += o[i].formatted;
		cnt->fmt_syntax += o[i].formatted && o[i].must_fail;
		if (w->wrong_task || (w->kind == W_PWRITE && w->off)) {
			o[i].must_fail = 1;
			o[i].errs = w->wrong_task ? EB_ACCES : EB_INVAL;
		}
		/* "prev" is read-only: root may open it, no LSM sets it. */
		if (w->attr == PREV)
			o[i].errs |= EB_ACCES;
	}
	fd = open(w->path, O_WRONLY);
	if (fd < 0) {
		count_result(C_WRITE, -1, errno, o[0].errs);
		if (errno == ENOENT && w->lsm >= 0)
			note("cannot open %s", w->path);
		goto check;
	}
	switch (w->kind) {
	case W_WRITE:
	case W_MULTI:
		for (i = 0; i < w->nseg; i++) {
			rc = write(fd, w->b[i], w->len[i]);
			count_result(C_WRITE, rc, errno, o[i].errs);
			if (rc < 0)
				continue;
			if (o[i].must_fail || rc > (ssize_t)w->len[i] ||
			    (o[i].exact && rc != (ssize_t)w->len[i]))
				note("segment %d: write returned %zd", i, rc);
			acc[nacc++] = &o[i];
		}
		break;
	case W_PWRITE:
		rc = pwrite(fd, w->b[0], w->len[0], w->off);
		count_result(C_WRITE, rc, errno, o[0].errs);
		if (rc >= 0) {
			if (o[0].must_fail || rc > (ssize_t)w->len[0])
				note("pwrite returned %zd", rc);
			acc[nacc++] = &o[0];
		}
		break;
	case W_WRITEV:
		for (i = 0; i < w->nseg; i++) {
			iov[i].iov_base = w->b[i];
			iov[i].iov_len = w->len[i];
			total += w->len[i];
		}
		rc = writev(fd, iov, w->nseg);
		count_result(C_WRITE, rc, errno, rc < 0 ? o[0].errs : ~0u);
		if (rc < 0)
			break;
		/*
		 * proc writes each segment at offset 0 until one falls short;
		 * the iterator passes over empty segments without a write.
		 */
		for (i = 0; i < w->nseg && (size_t)rc >= done + w->len[i]; i++) {
			if (!w->len[i])
				continue;
			if (o[i].must_fail)
				note("writev: segment %d must fail", i);
			acc[nacc++] = &o[i];
			done += w->len[i];
		}
		if (i < w->nseg && (size_t)rc > done) {
			/* a short segment: accepted with fewer bytes */
			if (o[i].must_fail || o[i].exact)
				note("writev returned %zd of %zu", rc, total);
			acc[nacc++] = &o[i];
		}
		break;
	}
	close(fd);
check:
	take(prefix, &after);
	if (!why[0])
		state_ok(&before, &after, acc, nacc);
	for (i = 0; i < nacc; i++)
		cnt->fmt_accepted += acc[i]->formatted;
	if (why[0] || verbose) {
		show_wop(w);
		printf("# %d of %d accepted\n", nacc, w->nseg);
	}
	if (why[0])
		return -1;
	return nacc && !same(&before, &after);
}

/* ---- another thread ---- */

struct thread_op {
	struct wop w;
	int rc;
};

static void *thread_main(void *arg)
{
	struct thread_op *t = arg;

	t->rc = run_wop(&t->w, "/proc/thread-self/attr");
	return NULL;
}

static int pipe_fd[2];
static volatile long waiting_tid;

static void *thread_wait(void *arg)
{
	char c;

	(void)arg;
	waiting_tid = syscall(SYS_gettid);
	/* Lives until the other end of the pipe is closed. */
	while (read(pipe_fd[0], &c, 1) > 0)
		;
	return NULL;
}

/*
 * A write by a second thread: to its own files through
 * /proc/thread-self; or to the leader's (/proc/self), or the main thread
 * to the second thread's /proc/self/task/TID, both refused with EACCES.
 */
static int thread_op(void)
{
	static struct snap before, after;
	static struct thread_op t;
	pthread_t th;
	int kind = below(3), rc;

	take("/proc/self/attr", &before);
	memset(&t, 0, sizeof(t));
	if (kind < 2) {
		gen_wop(&t.w, kind ? "/proc/self/attr" : "/proc/thread-self/attr");
		t.w.wrong_task = kind;
		if (pthread_create(&th, NULL, thread_main, &t))
			return note("pthread_create failed"), -1;
		pthread_join(th, NULL);
		rc = t.rc;
	} else {
		char prefix[64];

		waiting_tid = 0;
		if (pipe(pipe_fd) || pthread_create(&th, NULL, thread_wait, NULL))
			return note("pthread_create failed"), -1;
		while (!waiting_tid)
			sched_yield();
		snprintf(prefix, sizeof(prefix), "/proc/self/task/%ld/attr",
			 waiting_tid);
		gen_wop(&t.w, prefix);
		t.w.wrong_task = 1;
		/* The main thread's values must not change. */
		rc = run_wop(&t.w, "/proc/self/attr");
		close(pipe_fd[1]);
		pthread_join(th, NULL);
		close(pipe_fd[0]);
	}
	if (rc < 0)
		return -1;
	take("/proc/self/attr", &after);
	if (kind && !same(&before, &after)) {
		printf("# thread op %d changed the main thread's values\n", kind);
		return -1;
	}
	if (!kind && !same(&before, &after)) {
		note("a thread's write changed the main thread's values");
		show_wop(&t.w);
		return -1;
	}
	return rc;
}

/* ---- a write through an fd opened by another process: EPERM ---- */

static int other_opener(void)
{
	static struct snap before, after;
	static struct wop w;
	int st, fd, e = 0;
	pid_t pid;

	gen_wop(&w, "/proc/self/attr");
	w.kind = W_WRITE;
	w.nseg = 1;
	take("/proc/self/attr", &before);
	fd = open(w.path, O_WRONLY);
	if (fd < 0)
		return 0;
	pid = fork();
	if (!pid) {
		/* The child's own values must not change either. */
		take("/proc/self/attr", &before);
		e = write(fd, w.b[0], w.len[0]) < 0 ? errno : 0;
		take("/proc/self/attr", &after);
		_exit(e != EPERM ? 1 : !same(&before, &after) ? 2 : 0);
	}
	close(fd);
	waitpid(pid, &st, 0);
	cnt->calls[C_WRITE]++;
	cnt->rejected[err_bit(EPERM)] += WIFEXITED(st) && WEXITSTATUS(st) != 1;
	take("/proc/self/attr", &after);
	if (!WIFEXITED(st) || WEXITSTATUS(st) || !same(&before, &after)) {
		note("a write through an fd the parent opened: not EPERM or it changed a value (status %#x)",
		     st);
		show_wop(&w);
		return -1;
	}
	return 0;
}

/* ---- operations ---- */

/* Run operation @op; 1: a label changed, 0: nothing did, -1: violation. */
static int run_op(long op)
{
	static struct wop w;
	unsigned int k;

	rs = seed * 0x9e3779b97f4a7c15ULL ^ (uint64_t)op * 0xd1b54a32d192ed03ULL;
	rnd();
	why[0] = '\0';
	cnt->cur = op;
	cnt->ops++;
	k = below(100);
	if (k < 55) {
		gen_wop(&w, "/proc/self/attr");
		return run_wop(&w, "/proc/self/attr");
	}
	if (k < 65)
		return thread_op();
	if (k < 67)
		return other_opener();
	if (k < 82)
		return set_op();
	if (k < 95)
		return get_op();
	return list_op();
}

/*
 * A batch in a child: operations from cnt->next on, until one changes a
 * label (the next runs in a fresh child, with the labels of the start),
 * the budget or the time is spent, or a violation.
 */
static int batch(long n, time_t deadline)
{
	long op;
	int rc;

	for (op = cnt->next; op < n; op++) {
		if (deadline && time(NULL) >= deadline)
			break;
		rc = run_op(op);
		if (rc < 0) {
			printf("# attrfuzz: violation at seed %llu op %ld: %s\n",
			       (unsigned long long)seed, op, why);
			printf("# replay: attrfuzz -s %llu -r %ld\n",
			       (unsigned long long)seed, op);
			cnt->violation = op + 1;
			fflush(stdout);
			return 1;
		}
		if (verbose)
			printf("# op %ld: %s\n", op, rc ? "changed a label" : "no change");
		if (rc > 0) {
			op++;
			break;
		}
		if (op - cnt->next >= 500) {
			op++;
			break;	/* a fresh child now and then: nothing accrues */
		}
	}
	cnt->next = op;
	fflush(stdout);
	return 0;
}

/* ---- setup ---- */

static void setup(void)
{
	static struct val v;
	char names[1024], *tok, *save;
	char p[128];
	int fd, l, a;
	ssize_t n;

	fd = open("/sys/kernel/security/lsm", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, names, sizeof(names) - 1);
	if (fd >= 0)
		close(fd);
	names[n > 0 ? n : 0] = '\0';
	for (tok = strtok_r(names, ",\n", &save); tok;
	     tok = strtok_r(NULL, ",\n", &save)) {
		nlsm_all++;
		l = lsm_by_name(tok);
		if (l >= 0) {
			active[l] = 1;
			order[nactive++] = l;
		}
	}
	composer = !access("/sys/kernel/security/composer", F_OK);
	read_val("/sys/fs/selinux/initial_contexts/unlabeled", &unlabeled);
	for (l = 0; l < NLSM; l++)
		for (a = 0; a < NATTR; a++) {
			file_path(p, sizeof(p), "/proc/self/attr", l, a);
			if (!active[l] || access(p, F_OK))
				continue;
			files[nfiles].lsm = l;
			files[nfiles++].attr = a;
			read_val(p, &v);
			if (!v.err) {
				g_initial_len[l][a] = shown(v.b, v.len);
				memcpy(g_initial[l][a], v.b, v.len);
			}
		}
	for (a = 0; a < NATTR; a++) {
		files[nfiles].lsm = -1;
		files[nfiles++].attr = a;
	}
}

/*
 * The presented LSM: the one whose own "current" the plain file repeats
 * byte for byte, or the formatted view (-1). Without the composer only
 * one LSM has the plain files: the first active.
 */
static void find_present(const char *want)
{
	static struct snap s;
	int i, j;

	if (want) {
		present = strcmp(want, "formatted") ? lsm_by_name(want) : -1;
		return;
	}
	take("/proc/self/attr", &s);
	i = nfiles - NATTR + CURRENT;
	for (present = -1, j = 0; j < nactive && present < 0; j++) {
		int k = file_index(order[j], CURRENT);

		if (!composer || (k >= 0 && s.v[k].len == s.v[i].len &&
				  !memcmp(s.v[k].b, s.v[i].b, s.v[i].len) &&
				  s.v[i].len && s.v[i].b[0] != '/'))
			present = order[j];
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: attrfuzz [-s SEED] [-n COUNT] [-t SECONDS] [-r OP] [-p LSM|formatted] [-v]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long n = 1000, replay = -1;
	int opt, st, i, e;
	time_t deadline = 0, start = time(NULL);
	const char *want = NULL;
	pid_t pid;

	while ((opt = getopt(argc, argv, "s:n:t:r:p:v")) != -1) {
		switch (opt) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': n = strtol(optarg, NULL, 0); break;
		case 't': deadline = start + strtol(optarg, NULL, 0); break;
		case 'r': replay = strtol(optarg, NULL, 0); break;
		case 'p': want = optarg; break;
		case 'v': verbose = 1; break;
		default: usage();
		}
	}
	if (optind != argc || n < 0)
		usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	cnt = mmap(NULL, sizeof(*cnt), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cnt == MAP_FAILED)
		return 2;
	setup();
	if (!nactive) {
		printf("ok attrfuzz # SKIP no LSM with process attributes\n");
		return 0;
	}
	find_present(want);
	printf("# attrfuzz: seed %llu, %ld ops; %s; plain files present %s\n",
	       (unsigned long long)seed, n, composer ? "composer" : "no composer",
	       present < 0 ? "the formatted view" : lsm_name[present]);
	if (replay >= 0) {
		verbose = 1;
		cnt->next = replay;
		n = replay + 1;
	}
	/* Children run the batches; this process keeps the start labels. */
	while (cnt->next < n && !cnt->violation) {
		if (deadline && time(NULL) >= deadline)
			break;
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			return 2;
		if (!pid)
			_exit(batch(n, deadline));
		waitpid(pid, &st, 0);
		if (!WIFEXITED(st)) {
			printf("# attrfuzz: seed %llu op %ld killed the fuzzer (status %#x)\n",
			       (unsigned long long)seed, cnt->cur, st);
			printf("# replay: attrfuzz -s %llu -r %ld\n",
			       (unsigned long long)seed, cnt->cur);
			cnt->violation = cnt->cur + 1;
		}
	}
	printf("# attrfuzz: %ld ops in %lds (%ld writes, %ld lsm_set_self_attr, %ld lsm_get_self_attr, %ld lsm_list_modules): %ld accepted, ",
	       cnt->ops, (long)(time(NULL) - start), cnt->calls[C_WRITE],
	       cnt->calls[C_SET], cnt->calls[C_GET], cnt->calls[C_LIST],
	       cnt->accepted);
	for (e = 0, i = 0; i <= NERR; i++)
		e += cnt->rejected[i];
	printf("%d rejected%s", e, e ? " (" : "");
	for (e = 0, i = 0; i < NERR; i++)
		if (cnt->rejected[i])
			printf("%s%s %ld", e++ ? ", " : "", errname(err_list[i]),
			       cnt->rejected[i]);
	if (cnt->rejected[NERR]) {
		printf("%sother %ld:", e++ ? ", " : "", cnt->rejected[NERR]);
		for (i = 0; i < 8 && cnt->err_other[i]; i++)
			printf(" %s", errname(cnt->err_other[i]));
	}
	printf("%s\n", e ? ")" : "");
	printf("# attrfuzz: %ld formatted writes: %ld refused as malformed, %ld accepted\n",
	       cnt->fmt, cnt->fmt_syntax, cnt->fmt_accepted);
	if (cnt->violation) {
		printf("not ok attrfuzz seed %llu: op %ld broke a documented rule\n",
		       (unsigned long long)seed, cnt->violation - 1);
		return 1;
	}
	printf("ok attrfuzz seed %llu: rejected calls changed nothing, every errno documented, accepted writes read back\n",
	       (unsigned long long)seed);
	if (replay < 0)
		printf("%s attrfuzz seed %llu: some calls accepted and some rejected\n",
		       cnt->accepted && e ? "ok" : "not ok", (unsigned long long)seed);
	return 0;
}
