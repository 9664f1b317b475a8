/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modparm-convert: a small pool of POSIX threads that runs numbered jobs
 * and hands their results back in order of number, whatever order they
 * finish in, so that the output of -j N is the output of -j 1.
 */
#ifndef MP_POOL_H
#define MP_POOL_H

#include <stddef.h>

/*
 * What a pool runs: work(arg, i, slot) does job i in some thread;
 * emit(arg, i, slot) then takes its result in the calling thread, for
 * i = 0, 1, ... in turn.  slot (below window) names the place that
 * job i may keep its result in until it is emitted: no two jobs that
 * are running or waiting to be emitted share one.
 */
typedef void (*pool_work_fn)(void *arg, size_t i, size_t slot);
typedef void (*pool_emit_fn)(void *arg, size_t i, size_t slot);

/*
 * The number of slots that pool_run() needs for nthreads threads: the
 * jobs that may run ahead of the next one to emit.  Bounding them keeps
 * the memory of a run flat however many jobs there are.
 */
size_t pool_window(unsigned nthreads);

/*
 * Run jobs 0..n-1 on nthreads threads (work and emit in turn, without
 * threads, for nthreads <= 1) and emit each in order.  When a thread
 * cannot be created the jobs run on those that could, the calling
 * thread's own turn included; the output is the same.
 */
void pool_run(size_t n, unsigned nthreads, pool_work_fn work, pool_emit_fn emit, void *arg);

/* The number of online CPUs, at least 1. */
unsigned pool_cpus(void);

#endif
