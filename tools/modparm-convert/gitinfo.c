// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: what git says about the work tree.  git is run, not
 * linked (libgit2): no new dependency to build with, and the answer is
 * the one git itself gives, config includes and all.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gitinfo.h"
#include "util.h"

/*
 * -j workers ask git from several threads: a pipe made in one must not
 * leak its write end into a child that another forks meanwhile, or the
 * reader would wait for that child to end too.  So a pipe is made, the
 * child forked and the write end closed under one lock.
 */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

/* In the child: stdout to the pipe, stdin and stderr from and to /dev/null, then git. */
static void exec_git(const char *const *argv, int out)
{
	int null = open("/dev/null", O_RDWR);

	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 2);
	}
	dup2(out, 1);
	execvp("git", (char *const *)argv);
	_exit(127);
}

char *git_output(const char *const *argv)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int fds[2], status;
	pid_t pid;

	pthread_mutex_lock(&spawn_lock);
	if (pipe(fds) < 0) {
		pthread_mutex_unlock(&spawn_lock);
		return NULL;
	}
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		pthread_mutex_unlock(&spawn_lock);
		return NULL;
	}
	if (pid == 0) {
		close(fds[0]);
		exec_git(argv, fds[1]);
	}
	close(fds[1]);
	pthread_mutex_unlock(&spawn_lock);
	for (;;) {
		ssize_t r;

		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = xrealloc(buf, cap);
		}
		r = read(fds[0], buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

/* The first line of "git config KEY", or NULL when unset. */
static char *git_config(const char *key)
{
	const char *argv[] = { "git", "config", key, NULL };
	char *v = git_output(argv);

	if (v)
		v[strcspn(v, "\n")] = '\0';
	if (v && !*v) {
		free(v);
		v = NULL;
	}
	return v;
}

char *git_ident(void)
{
	char *name = git_config("user.name"), *email = git_config("user.email"), *id = NULL;

	if (name && email)
		id = xasprintf("%s <%s>", name, email);
	free(name);
	free(email);
	return id;
}

char *git_show_prefix(void)
{
	const char *argv[] = { "git", "rev-parse", "--show-prefix", NULL };
	char *p = git_output(argv);

	if (p)
		p[strcspn(p, "\n")] = '\0';
	return p;
}

/*
 * The "prefix" of subject s[0..n): its leading "word: " parts, each a
 * word without spaces ("net: ne2k" of "net: ne2k: fix x"); its length,
 * 0 for none.
 */
static size_t subject_prefix(const char *s, size_t n)
{
	size_t i = 0, end = 0;

	for (;;) {
		size_t w = i;

		while (w < n && s[w] != ' ' && s[w] != ':')
			w++;
		if (w == i || w + 1 >= n || s[w] != ':' || s[w + 1] != ' ')
			return end;
		end = w;
		i = w + 2;
	}
}

char *git_subject_prefix(char *const *paths, size_t n)
{
	const char **argv = xcalloc(n + 6, sizeof(*argv));
	char *log, *line, *best = NULL;
	size_t i, best_count = 0;

	argv[0] = "git";
	argv[1] = "log";
	argv[2] = "--format=%s";
	argv[3] = "--max-count=500";
	argv[4] = "--";
	for (i = 0; i < n; i++)
		argv[5 + i] = paths[i];
	log = git_output(argv);
	free(argv);
	for (line = log; line && *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != 0)) {
		size_t len = subject_prefix(line, strcspn(line, "\n")), count = 0;
		const char *other;

		if (!len)
			continue;
		/* how often it comes: a later one never beats an equal earlier one */
		for (other = log; *other; other += strcspn(other, "\n") + (other[strcspn(other, "\n")] != 0))
			count += subject_prefix(other, strcspn(other, "\n")) == len &&
				 !strncmp(other, line, len);
		if (count > best_count) {
			free(best);
			best = xstrndup(line, len);
			best_count = count;
		}
	}
	free(log);
	return best;
}
