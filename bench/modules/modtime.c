// SPDX-License-Identifier: GPL-2.0
/*
 * modtime - time module loads in the benchmark guest (built by bench/run
 * with gcc -static, shipped inside the guest script).
 *
 *   modtime [-x] [-w WARMUP] N ARGSFILE MOD.ko...
 *   modtime -c          (on the host: print ns per TSC tick)
 *
 * Loads and unloads every MOD.ko N times (after WARMUP untimed rounds,
 * default 5), all with the parameter string in ARGSFILE.  The modules
 * take turns, and the order is reversed every other round, so drift hits
 * them alike.  Each load and unload is timed with the TSC.  The guest's
 * own clock is no use: the benchmark kernel (tinyconfig under TCG) runs on
 * the jiffies clocksource, which moves in 4 ms steps and loses ticks while
 * the emulated CPU is busy.  Under TCG the guest's TSC is the host's, so
 * ticks are turned into ns on the host: 'modtime -c' there measures the
 * host TSC against CLOCK_MONOTONIC.
 *
 * Default: the syscalls themselves, finit_module() and delete_module(),
 * which is what insmod and rmmod end in.  -x: fork and exec /sbin/insmod
 * MOD.ko ARGS and /sbin/rmmod NAME instead, the way a user would.
 *
 * Output, one line per timed round and module:
 *   modtime MODE NAME ROUND LOAD_TICKS UNLOAD_TICKS
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* ns per TSC tick, over 2 s of CLOCK_MONOTONIC. */
static int calibrate(void)
{
	unsigned long long c0, c1;
	long long n0, n1;

	c0 = __rdtsc();
	n0 = now_ns();
	usleep(2000000);
	c1 = __rdtsc();
	n1 = now_ns();
	printf("%.9f\n", (double)(n1 - n0) / (double)(c1 - c0));
	return 0;
}

static int run(char *const argv[])
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int load(const char *path, const char *args, int exec_mode)
{
	int fd, ret;

	if (exec_mode) {
		char *argv[] = { "/sbin/insmod", (char *)path, (char *)args, NULL };

		return run(argv);
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = syscall(SYS_finit_module, fd, args, 0);
	close(fd);
	return ret;
}

static int unload(const char *name, int exec_mode)
{
	if (exec_mode) {
		char *argv[] = { "/sbin/rmmod", (char *)name, NULL };

		return run(argv);
	}
	return syscall(SYS_delete_module, name, O_NONBLOCK);
}

int main(int argc, char **argv)
{
	int exec_mode = 0, warmup = 5, n, nmod, i, r, k, opt;
	char args[65536], **names;
	unsigned long long *ticks;
	FILE *f;
	size_t len;

	while ((opt = getopt(argc, argv, "cxw:")) != -1) {
		switch (opt) {
		case 'c': return calibrate();
		case 'x': exec_mode = 1; break;
		case 'w': warmup = atoi(optarg); break;
		default: goto usage;
		}
	}
	if (argc - optind < 3)
		goto usage;
	n = atoi(argv[optind]);
	f = fopen(argv[optind + 1], "r");
	if (!f) {
		perror(argv[optind + 1]);
		return 2;
	}
	len = fread(args, 1, sizeof(args) - 1, f);
	fclose(f);
	while (len && (args[len - 1] == '\n' || args[len - 1] == ' '))
		len--;
	args[len] = '\0';

	argv += optind + 2;
	nmod = argc - optind - 2;
	names = calloc(nmod, sizeof(*names));
	for (k = 0; k < nmod; k++) {
		const char *b = strrchr(argv[k], '/');
		char *dot;

		names[k] = strdup(b ? b + 1 : argv[k]);
		dot = strstr(names[k], ".ko");
		if (dot)
			*dot = '\0';
	}

	ticks = calloc((size_t)(warmup + n) * nmod * 2, sizeof(*ticks));
	for (r = 0; r < warmup + n; r++) {
		for (i = 0; i < nmod; i++) {
			unsigned long long t0, t1, t2;

			k = r % 2 ? nmod - 1 - i : i;
			t0 = __rdtsc();
			if (load(argv[k], args, exec_mode)) {
				fprintf(stderr, "modtime: loading %s failed: %s\n",
					argv[k], strerror(errno));
				return 1;
			}
			t1 = __rdtsc();
			if (unload(names[k], exec_mode)) {
				fprintf(stderr, "modtime: unloading %s failed: %s\n",
					names[k], strerror(errno));
				return 1;
			}
			t2 = __rdtsc();
			ticks[(r * nmod + k) * 2] = t1 - t0;
			ticks[(r * nmod + k) * 2 + 1] = t2 - t1;
		}
	}
	for (r = warmup; r < warmup + n; r++)
		for (i = 0; i < nmod; i++) {
			k = r % 2 ? nmod - 1 - i : i;
			printf("modtime %s %s %d %llu %llu\n",
			       exec_mode ? "exec" : "syscall", names[k], r - warmup,
			       ticks[(r * nmod + k) * 2],
			       ticks[(r * nmod + k) * 2 + 1]);
		}
	return 0;
usage:
	fprintf(stderr, "usage: modtime [-x] [-w WARMUP] N ARGSFILE MOD.ko... | modtime -c\n");
	return 2;
}
