// SPDX-License-Identifier: GPL-2.0
/*
 * ptrace_sibling: as uid 1000 (no capabilities), PTRACE_ATTACH to another
 * uid 1000 process that is not a descendant. Prints "ok" or the errno's
 * name: Yama's ptrace_scope 1 denies this with EPERM, scope 0 allows it.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

static void become_user(void)
{
	/* setuid() clears "dumpable", which alone would forbid ptrace. */
	if (setgid(1000) || setuid(1000) || prctl(PR_SET_DUMPABLE, 1))
		_exit(3);
}

int main(void)
{
	int ready[2], st = 0;
	pid_t target, tracer;
	char c;

	/* The children _exit(): print unbuffered. */
	setvbuf(stdout, NULL, _IONBF, 0);
	if (pipe(ready))
		return 3;
	target = fork();
	if (target == 0) {
		become_user();
		if (write(ready[1], "r", 1) != 1)
			_exit(3);
		pause();
		_exit(0);
	}
	if (read(ready[0], &c, 1) != 1)
		return 3;
	tracer = fork();
	if (tracer == 0) {
		become_user();
		if (ptrace(PTRACE_ATTACH, target, NULL, NULL)) {
			printf("%s\n", errno == EPERM ? "EPERM" : "error");
			_exit(1);
		}
		waitpid(target, NULL, 0);
		ptrace(PTRACE_DETACH, target, NULL, NULL);
		printf("ok\n");
		_exit(0);
	}
	waitpid(tracer, &st, 0);
	kill(target, SIGKILL);
	waitpid(target, NULL, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 3;
}
