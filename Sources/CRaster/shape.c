/*
 * A plain rectangle's sample mask four samples at a time (AVX2) and eight
 * (AVX-512): out of line, each built for its own instruction set by its
 * target attribute, and called (by shape.h's rect_samples_mask) only where
 * the processor has it.
 */
#include "shape.h"

#if CR_HAS_AVX2_PATH
/* The map's nine entries in every lane, and a sample's U, V and W from them
   at the lanes' positions px and py: sample_mask's operations in its order,
   shared by both AVX2 masks so that they agree bit for bit. */
#define MAP_LANES_AVX2(m) \
    const __m256d m0 = _mm256_set1_pd((m)[0]), m1 = _mm256_set1_pd((m)[1]), m2 = _mm256_set1_pd((m)[2]); \
    const __m256d m3 = _mm256_set1_pd((m)[3]), m4 = _mm256_set1_pd((m)[4]), m5 = _mm256_set1_pd((m)[5]); \
    const __m256d m6 = _mm256_set1_pd((m)[6]), m7 = _mm256_set1_pd((m)[7]), m8 = _mm256_set1_pd((m)[8])
#define U_AVX2 _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m0), _mm256_mul_pd(py, m3)), m6)
#define V_AVX2 _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m1), _mm256_mul_pd(py, m4)), m7)
#define W_AVX2 _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m2), _mm256_mul_pd(py, m5)), m8)

/* sample_mask for a plain rectangle, four samples at a time: the same
   operations in the same order on doubles (no fused multiply-adds), so
   the same mask. */
__attribute__((target("avx2")))
int cri_rect_mask_avx2(const cr_quad *q, int x, int y) {
    const double *m = q->m;
    const __m256d zero = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0);
    const __m256d xd = _mm256_set1_pd((double)x), yd = _mm256_set1_pd((double)y);
    MAP_LANES_AVX2(m);
    const __m256d width = _mm256_set1_pd(q->width), height = _mm256_set1_pd(q->height);
    const __m256d f0 = _mm256_set1_pd(q->f[0]), f1 = _mm256_set1_pd(q->f[1]), f2 = _mm256_set1_pd(q->f[2]);
    int mask = 0;
    for (int k = 0; k < CR_SAMPLES; k += 4) {
        __m256d px = _mm256_add_pd(xd, _mm256_loadu_pd(sample_x + k)), py = _mm256_add_pd(yd, _mm256_loadu_pd(sample_y + k));
        __m256d U = U_AVX2, V = V_AVX2, W = W_AVX2;
        /* W made positive (a negation is exact), then W = 0 skipped. */
        __m256d flip = _mm256_and_pd(_mm256_cmp_pd(W, zero, _CMP_LT_OQ), sign);
        U = _mm256_xor_pd(U, flip); V = _mm256_xor_pd(V, flip); W = _mm256_xor_pd(W, flip);
        __m256d in = _mm256_cmp_pd(W, zero, _CMP_NEQ_OQ);
        in = _mm256_and_pd(in, _mm256_cmp_pd(U, zero, _CMP_GE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(V, zero, _CMP_GE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(U, _mm256_mul_pd(width, W), _CMP_LE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(V, _mm256_mul_pd(height, W), _CMP_LE_OQ));
        __m256d ahead = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(U, f0), _mm256_mul_pd(V, f1)), _mm256_mul_pd(W, f2));
        in = _mm256_and_pd(in, _mm256_cmp_pd(ahead, zero, _CMP_GT_OQ));
        mask |= _mm256_movemask_pd(in) << k;
    }
    return mask;
}

/* cri_rect_mask_avx2 with condition j alone tested: each sample's U, V and
   W (those the condition needs) as it computes them; W being positive at
   every sample, its flip does nothing and no W is zero. */
__attribute__((target("avx2")))
int cri_rect_mask_one_avx2(const cr_quad *q, int x, int y, int j) {
    const double *m = q->m;
    const __m256d zero = _mm256_setzero_pd();
    const __m256d xd = _mm256_set1_pd((double)x), yd = _mm256_set1_pd((double)y);
    MAP_LANES_AVX2(m);
    int mask = 0;
#define EACH_FOUR(in) \
    for (int k = 0; k < CR_SAMPLES; k += 4) { \
        const __m256d px = _mm256_add_pd(xd, _mm256_loadu_pd(sample_x + k)), py = _mm256_add_pd(yd, _mm256_loadu_pd(sample_y + k)); \
        mask |= _mm256_movemask_pd(in) << k; \
    }
    switch (j) {
    case 1: EACH_FOUR(_mm256_cmp_pd(U_AVX2, zero, _CMP_GE_OQ)) break;
    case 2: EACH_FOUR(_mm256_cmp_pd(V_AVX2, zero, _CMP_GE_OQ)) break;
    case 3: { const __m256d width = _mm256_set1_pd(q->width); EACH_FOUR(_mm256_cmp_pd(U_AVX2, _mm256_mul_pd(width, W_AVX2), _CMP_LE_OQ)) break; }
    case 4: { const __m256d height = _mm256_set1_pd(q->height); EACH_FOUR(_mm256_cmp_pd(V_AVX2, _mm256_mul_pd(height, W_AVX2), _CMP_LE_OQ)) break; }
    default: {
        const __m256d f0 = _mm256_set1_pd(q->f[0]), f1 = _mm256_set1_pd(q->f[1]), f2 = _mm256_set1_pd(q->f[2]);
        EACH_FOUR(_mm256_cmp_pd(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(U_AVX2, f0), _mm256_mul_pd(V_AVX2, f1)), _mm256_mul_pd(W_AVX2, f2)), zero, _CMP_GT_OQ))
    }
    }
#undef EACH_FOUR
    return mask;
}

/* cri_rect_mask_avx2 eight samples at a time: the same operations in the same order. */
__attribute__((target("avx512f")))
int cri_rect_mask_avx512(const cr_quad *q, int x, int y) {
    const double *m = q->m;
    const __m512d zero = _mm512_setzero_pd();
    const __m512d xd = _mm512_set1_pd((double)x), yd = _mm512_set1_pd((double)y);
    const __m512d m0 = _mm512_set1_pd(m[0]), m1 = _mm512_set1_pd(m[1]), m2 = _mm512_set1_pd(m[2]);
    const __m512d m3 = _mm512_set1_pd(m[3]), m4 = _mm512_set1_pd(m[4]), m5 = _mm512_set1_pd(m[5]);
    const __m512d m6 = _mm512_set1_pd(m[6]), m7 = _mm512_set1_pd(m[7]), m8 = _mm512_set1_pd(m[8]);
    const __m512d width = _mm512_set1_pd(q->width), height = _mm512_set1_pd(q->height);
    const __m512d f0 = _mm512_set1_pd(q->f[0]), f1 = _mm512_set1_pd(q->f[1]), f2 = _mm512_set1_pd(q->f[2]);
    int mask = 0;
    for (int k = 0; k < CR_SAMPLES; k += 8) {
        __m512d px = _mm512_add_pd(xd, _mm512_loadu_pd(sample_x + k)), py = _mm512_add_pd(yd, _mm512_loadu_pd(sample_y + k));
        __m512d U = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m0), _mm512_mul_pd(py, m3)), m6);
        __m512d V = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m1), _mm512_mul_pd(py, m4)), m7);
        __m512d W = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m2), _mm512_mul_pd(py, m5)), m8);
        /* W made positive (a negation is exact), then W = 0 skipped. */
        __mmask8 negative = _mm512_cmp_pd_mask(W, zero, _CMP_LT_OQ);
        U = _mm512_mask_sub_pd(U, negative, zero, U); V = _mm512_mask_sub_pd(V, negative, zero, V); W = _mm512_mask_sub_pd(W, negative, zero, W);
        __mmask8 in = _mm512_cmp_pd_mask(W, zero, _CMP_NEQ_OQ);
        in &= _mm512_cmp_pd_mask(U, zero, _CMP_GE_OQ);
        in &= _mm512_cmp_pd_mask(V, zero, _CMP_GE_OQ);
        in &= _mm512_cmp_pd_mask(U, _mm512_mul_pd(width, W), _CMP_LE_OQ);
        in &= _mm512_cmp_pd_mask(V, _mm512_mul_pd(height, W), _CMP_LE_OQ);
        __m512d ahead = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(U, f0), _mm512_mul_pd(V, f1)), _mm512_mul_pd(W, f2));
        in &= _mm512_cmp_pd_mask(ahead, zero, _CMP_GT_OQ);
        mask |= (int)in << k;
    }
    return mask;
}

#endif
