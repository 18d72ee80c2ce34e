// SPDX-License-Identifier: GPL-2.0
/*
 * bpfdeny OBJECT PATH CMD [ARG...]: load the BPF LSM program of OBJECT
 * (guest/bpf/) with libbpf, aimed at the file PATH if it has a target
 * (deny_open.bpf.c), attach it, run CMD while it is attached and exit
 * with CMD's status. Prints "bpfdeny: ..." and exits 2 if the program
 * cannot be loaded or attached; libbpf prints the verifier's log.
 */
/* link: -lbpf -lelf -lz -lzstd */
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

/* The kernel's dev_t: major in the top 12 bits, minor in the low 20. */
static unsigned int kernel_dev(dev_t dev)
{
	return (major(dev) << 20) | minor(dev);
}

static int fail(const char *what)
{
	printf("bpfdeny: %s: %s\n", what, strerror(errno));
	return 2;
}

int main(int argc, char **argv)
{
	struct bpf_object *obj;
	struct bpf_program *prog;
	struct bpf_link *link;
	struct bpf_map *rodata;
	/* deny_open.bpf.c's read-only global, all of its .rodata. */
	struct target {
		unsigned long ino;
		unsigned int dev;
	} target;
	struct stat st;
	int status;
	pid_t pid;

	if (argc < 4) {
		fprintf(stderr, "usage: bpfdeny OBJECT PATH CMD [ARG...]\n");
		return 2;
	}
	if (stat(argv[2], &st))
		return fail(argv[2]);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj)
		return fail("open");
	/* An object without read-only globals has no target to set. */
	rodata = bpf_object__find_map_by_name(obj, ".rodata");
	memset(&target, 0, sizeof(target));
	target.ino = st.st_ino;
	target.dev = kernel_dev(st.st_dev);
	if (rodata &&
	    bpf_map__set_initial_value(rodata, &target, sizeof(target)))
		return fail("set target");
	if (bpf_object__load(obj))
		return fail("load");
	/* Each object has one program. */
	prog = bpf_object__next_program(obj, NULL);
	if (!prog)
		return fail("find program");
	link = bpf_program__attach_lsm(prog);
	if (!link)
		return fail("attach");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return fail("fork");
	if (!pid) {
		execvp(argv[3], argv + 3);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return fail("wait");
	bpf_link__destroy(link);
	bpf_object__close(obj);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
