/*
 * Which paths may run: the per-thread switches tests and benchmarks turn
 * (cr_use_fast_paths, cr_limit_paths) and whether the processor has AVX2
 * and AVX-512. Declared here and defined once in paths.c, so that every
 * file reads the same switch; the checks inline, as they are made per
 * edge pixel and per span.
 */
#ifndef CRASTER_PATHS_H
#define CRASTER_PATHS_H

#include "pixel.h"

/* Tests turn paths off to compare them with the general path. The switches
   are per thread, so a test doing that never changes what another test,
   running beside it in the same process, draws; initial-exec, so reading
   them in the hot loops is one load, not a call to __tls_get_addr. */
#define CR_THREAD_SWITCH _Thread_local __attribute__((tls_model("initial-exec"), visibility("hidden")))
extern CR_THREAD_SWITCH int cri_fast_paths_allowed;

#if CR_HAS_AVX2_PATH
/* The widest path the calling thread may take (cr_limit_paths). */
extern CR_THREAD_SWITCH int cri_widest_path;

/* Whether the processor has AVX2, and AVX-512 F and BW: -1 until asked. */
extern CRI_HIDDEN int cri_cpu_avx2;
extern CRI_HIDDEN int cri_cpu_avx512;

static inline int has_avx2(void) {
    if (cri_cpu_avx2 < 0) cri_cpu_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    return cri_cpu_avx2 && cri_widest_path >= CR_PATHS_AVX2;
}

static inline int has_avx512(void) {
    if (cri_cpu_avx512 < 0) cri_cpu_avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
    return cri_cpu_avx512 && cri_widest_path >= CR_PATHS_AVX512;
}
#endif

#endif
