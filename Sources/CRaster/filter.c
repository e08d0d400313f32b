/*
 * The filter's spans out of line: a span's texels one pixel at a time,
 * eight at a time with AVX2 (filter_avx2.h, taken only where the processor
 * has it), and AVX-512's window as a call for the curl.
 */
#include "filter.h"
#include "filter_avx2.h"

/* n (at most SPAN) pixels' bilinear texels from (fx, fy), stepping (dx, dy),
   by the widest path the processor has short of AVX-512's window. */
void cri_bilinear_span_narrow(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
#if CR_HAS_AVX2_PATH
    if (has_avx2() && q->tex_width >= 2) { bilinear_span_avx2(q, fx, fy, dx, dy, n, out); return; }
#endif
    for (int k = 0; k < n; k++, fx += dx, fy += dy) out[k] = bilinear_fixed(q, fx, fy);
}

#if CR_HAS_AVX2_PATH
__attribute__((target("avx512f,avx512bw")))
int cri_bilinear_span_window_called(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    return bilinear_span_window(q, fx, fy, dx, dy, n, out, NULL);
}
#endif
