// SPDX-License-Identifier: GPL-2.0
/*
 * modparm-convert: -j, the pool of threads that converts modules side by
 * side.  Workers take the next job number while it is within a window of
 * the next one to emit; the calling thread waits for that one, emits it,
 * and moves the window on.  Output order is therefore job order, and at
 * most a window of results is ever held.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "pool.h"
#include "util.h"

/* The threads cap: more would only contend for the same output. */
#define POOL_MAX_THREADS 256

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t can_start;	/* workers wait here for the window */
	pthread_cond_t finished;	/* the emitter waits here for its job */
	size_t n, next, emitted, window;
	bool *done;			/* by slot: job finished, not yet emitted */
	pool_work_fn work;
	void *arg;
};

size_t pool_window(unsigned nthreads)
{
	if (nthreads > POOL_MAX_THREADS)
		nthreads = POOL_MAX_THREADS;
	/* room for a long job to finish while the others run on */
	return nthreads <= 1 ? 1 : 4 * (size_t)nthreads;
}

unsigned pool_cpus(void)
{
	long n = -1;

#ifdef _SC_NPROCESSORS_ONLN
	n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
	if (n < 1)
		return 1;
	return n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (unsigned)n;
}

static void *worker(void *p)
{
	struct pool *pl = p;
	size_t i;

	pthread_mutex_lock(&pl->lock);
	for (;;) {
		while (pl->next < pl->n && pl->next >= pl->emitted + pl->window)
			pthread_cond_wait(&pl->can_start, &pl->lock);
		if (pl->next >= pl->n)
			break;
		i = pl->next++;
		pthread_mutex_unlock(&pl->lock);
		pl->work(pl->arg, i, i % pl->window);
		pthread_mutex_lock(&pl->lock);
		pl->done[i % pl->window] = true;
		pthread_cond_signal(&pl->finished);
	}
	pthread_mutex_unlock(&pl->lock);
	return NULL;
}

static void run_serial(size_t n, pool_work_fn work, pool_emit_fn emit, void *arg)
{
	size_t i;

	for (i = 0; i < n; i++) {
		work(arg, i, 0);
		emit(arg, i, 0);
	}
}

/* Emit jobs 0..n-1 as each finishes, moving the window on after each. */
static void emit_in_order(struct pool *pl, pool_emit_fn emit)
{
	size_t e, slot;

	for (e = 0; e < pl->n; e++) {
		slot = e % pl->window;
		pthread_mutex_lock(&pl->lock);
		while (!pl->done[slot])
			pthread_cond_wait(&pl->finished, &pl->lock);
		pl->done[slot] = false;
		pthread_mutex_unlock(&pl->lock);
		emit(pl->arg, e, slot);
		pthread_mutex_lock(&pl->lock);
		pl->emitted++;
		pthread_cond_broadcast(&pl->can_start);
		pthread_mutex_unlock(&pl->lock);
	}
}

void pool_run(size_t n, unsigned nthreads, pool_work_fn work, pool_emit_fn emit, void *arg)
{
	struct pool pl = { .n = n, .work = work, .arg = arg };
	pthread_t *tids;
	unsigned k, started = 0;

	if (nthreads > POOL_MAX_THREADS)
		nthreads = POOL_MAX_THREADS;
	if (nthreads <= 1 || n <= 1) {
		run_serial(n, work, emit, arg);
		return;
	}
	pl.window = pool_window(nthreads);
	pl.done = xcalloc(pl.window, sizeof(*pl.done));
	tids = xcalloc(nthreads, sizeof(*tids));
	pthread_mutex_init(&pl.lock, NULL);
	pthread_cond_init(&pl.can_start, NULL);
	pthread_cond_init(&pl.finished, NULL);
	for (k = 0; k < nthreads && (size_t)k < n; k++)
		if (pthread_create(&tids[started], NULL, worker, &pl) == 0)
			started++;
	if (started)
		emit_in_order(&pl, emit);
	for (k = 0; k < started; k++)
		pthread_join(tids[k], NULL);
	pthread_cond_destroy(&pl.finished);
	pthread_cond_destroy(&pl.can_start);
	pthread_mutex_destroy(&pl.lock);
	free(tids);
	free(pl.done);
	if (!started)
		run_serial(n, work, emit, arg);
}
