// SPDX-License-Identifier: GPL-2.0
/* sigsend PID SECONDS: send SIGUSR2 to PID as fast as possible for SECONDS. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	time_t end;
	long n = 0;
	pid_t pid;

	if (argc != 3) {
		fprintf(stderr, "usage: sigsend PID SECONDS\n");
		return 2;
	}
	pid = atoi(argv[1]);
	end = time(NULL) + atoi(argv[2]);
	while (time(NULL) < end) {
		if (kill(pid, SIGUSR2)) {
			perror("sigsend");
			return 1;
		}
		n++;
	}
	printf("sent %ld\n", n);
	return 0;
}
