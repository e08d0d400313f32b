/*
 * The switches paths.h declares, defined once: a thread-local defined in
 * each file that reads it would be a switch per file, and cr_limit_paths
 * would turn only its own.
 */
#include "paths.h"

CR_THREAD_SWITCH int cri_fast_paths_allowed = 1;

void cr_use_fast_paths(int enabled) { cri_fast_paths_allowed = enabled; }

#if CR_HAS_AVX2_PATH
CR_THREAD_SWITCH int cri_widest_path = CR_PATHS_AVX512;
int cri_cpu_avx2 = -1;
int cri_cpu_avx512 = -1;
#endif

int cr_widest_path(void) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) return CR_PATHS_AVX512;
    if (has_avx2()) return CR_PATHS_AVX2;
#endif
    return CR_PATHS_SCALAR;
}

void cr_limit_process_paths(int widest) {
#if CR_HAS_AVX2_PATH
    /* The processor's answers, cached for every thread, made the limit's: no check is added to the hot loops. */
    (void)has_avx2();
    (void)has_avx512();
    if (widest < CR_PATHS_AVX512) cri_cpu_avx512 = 0;
    if (widest < CR_PATHS_AVX2) cri_cpu_avx2 = 0;
#else
    (void)widest;
#endif
}

void cr_limit_paths(int widest) {
#if CR_HAS_AVX2_PATH
    cri_widest_path = widest;
#else
    (void)widest;
#endif
}
