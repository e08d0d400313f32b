/*
 * A span's bilinear texels eight at a time with AVX2, built for it alone:
 * called by filter.c's span for any caller, and inlined into span.c's AVX2
 * interior (a call a span, and its constants set up again, cost a few
 * percent of the flip's time there). The same bytes as bilinear_fixed.
 */
#ifndef CRASTER_FILTER_AVX2_H
#define CRASTER_FILTER_AVX2_H

#include "filter.h"

#if CR_HAS_AVX2_PATH
/* A texel and its right-hand neighbour, as one 8-byte load. */
__attribute__((target("avx2")))
static inline long long pair_at(const uint8_t *texture, int32_t i) {
    long long v;
    memcpy(&v, texture + (size_t)i * 4, 8);
    return v;
}

/* Eight pixels' bilinear texels where the processor has AVX2 (checked once
   at run time; the code is built for it alone), at the 16.16 positions in
   vfx and vfy: the four texels of each pixel loaded, then the same two-lane
   arithmetic as lanes_lerp, eight lanes wide. The same bytes as
   bilinear_fixed. */
__attribute__((target("avx2"), always_inline))
static inline __m256i bilinear_eight_avx2(const cr_quad *q, __m256i vfx, __m256i vfy) {
    const __m256i rb_mask = _mm256_set1_epi32(0x00ff00ff);
    /* A pixel's two texels side by side are one 8-byte load. Its left texel is at most the
       second-last; on the last column the pair's right texel takes all the
       weight, which is the same bytes as both texels being the last one. */
    const __m256i last_pair = _mm256_set1_epi32(q->tex_width - 2), last_y = _mm256_set1_epi32(q->tex_height - 1);
    const __m256i width = _mm256_set1_epi32(q->tex_width), one = _mm256_set1_epi32(1), full = _mm256_set1_epi32(256);
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256();
    const uint8_t *texture = q->texture;
    /* Clamped: lanes past the span's end (its last group of eight) run on beyond the texture. */
    __m256i ix = _mm256_max_epi32(_mm256_srai_epi32(vfx, 16), zero);
    __m256i iy = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(vfy, 16), zero), last_y);
    __m256i on_last = _mm256_cmpgt_epi32(ix, last_pair);
    ix = _mm256_min_epi32(ix, last_pair);
    __m256i iy1 = _mm256_min_epi32(_mm256_add_epi32(iy, one), last_y);
    __m256i at0 = _mm256_add_epi32(_mm256_mullo_epi32(iy, width), ix);
    __m256i at1 = _mm256_add_epi32(_mm256_mullo_epi32(iy1, width), ix);
    /* Weights in both 16-bit halves of each lane: each channel (at most 255) times a weight
       (at most 256) fits 16 bits, so one 16-bit multiply serves two channels. */
    __m256i wx = _mm256_and_si256(_mm256_srli_epi32(vfx, 8), byte);
    wx = _mm256_blendv_epi8(wx, full, on_last);
    __m256i iwx = _mm256_sub_epi32(full, wx);
    __m256i wy = _mm256_and_si256(_mm256_srli_epi32(vfy, 8), byte), iwy = _mm256_sub_epi32(full, wy);
    wx = _mm256_or_si256(wx, _mm256_slli_epi32(wx, 16)); iwx = _mm256_or_si256(iwx, _mm256_slli_epi32(iwx, 16));
    wy = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16)); iwy = _mm256_or_si256(iwy, _mm256_slli_epi32(iwy, 16));
    /* The texel indices moved to scalar registers two at a time (an
       array stored whole and read back a lane at a time waits for the
       store: measured, the loop's costliest step). */
    uint64_t i0[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at0)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at0), 1),
                      (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at0, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at0, 1), 1)};
    uint64_t i1[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at1)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at1), 1),
                      (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at1, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at1, 1), 1)};
    /* Each pixel's (left, right) texel pair of the upper and the lower
       row, as plain 8-byte loads: quicker than gathers, which are
       microcoded on AMD's Zen and slowed by Intel's Downfall fix
       (measured here: ~1.3x the frames a second). Pixels 0, 1, 4, 5 in
       one register and 2, 3, 6, 7 in the other, so that taking the left
       texels of both (and the right ones) puts the pixels back in order. */
#define PAIRS(i, a, b) _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)(i)[a]), pair_at(texture, (int32_t)((i)[a] >> 32)), \
                                     pair_at(texture, (int32_t)(uint32_t)(i)[b]), pair_at(texture, (int32_t)((i)[b] >> 32)))
    __m256 top_a = _mm256_castsi256_ps(PAIRS(i0, 0, 2)), top_b = _mm256_castsi256_ps(PAIRS(i0, 1, 3));
    __m256 bottom_a = _mm256_castsi256_ps(PAIRS(i1, 0, 2)), bottom_b = _mm256_castsi256_ps(PAIRS(i1, 1, 3));
#undef PAIRS
    __m256i tl = _mm256_castps_si256(_mm256_shuffle_ps(top_a, top_b, 0x88)), tr = _mm256_castps_si256(_mm256_shuffle_ps(top_a, top_b, 0xdd));
    __m256i bl = _mm256_castps_si256(_mm256_shuffle_ps(bottom_a, bottom_b, 0x88)), br = _mm256_castps_si256(_mm256_shuffle_ps(bottom_a, bottom_b, 0xdd));
    /* Down each column first, then across: the SSE2 path's order, so both round alike. */
#define DOWN(a, b) _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, iwy), _mm256_mullo_epi16(b, wy)), 8)
#define ACROSS(a, b) _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, iwx), _mm256_mullo_epi16(b, wx)), 8)
#define RB(v) _mm256_and_si256(v, rb_mask)
#define AG(v) _mm256_and_si256(_mm256_srli_epi32(v, 8), rb_mask)
    __m256i rb = ACROSS(DOWN(RB(tl), RB(bl)), DOWN(RB(tr), RB(br)));
    __m256i ag = ACROSS(DOWN(AG(tl), AG(bl)), DOWN(AG(tr), AG(br)));
#undef DOWN
#undef ACROSS
#undef RB
#undef AG
    return _mm256_or_si256(rb, _mm256_slli_epi32(ag, 8));
}

/* The positions of n pixels from (fx, fy), stepping (dx, dy), eight at a
   time: 32-bit lanes that wrap as the vector adds do (the step times eight
   taken unsigned, where a signed product could overflow). */
#define BILINEAR_LANES_AVX2(fx, fy, dx, dy, vfx, vfy, step_x, step_y) \
    const __m256i lane_ = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); \
    __m256i vfx = _mm256_add_epi32(_mm256_set1_epi32(fx), _mm256_mullo_epi32(lane_, _mm256_set1_epi32(dx))); \
    __m256i vfy = _mm256_add_epi32(_mm256_set1_epi32(fy), _mm256_mullo_epi32(lane_, _mm256_set1_epi32(dy))); \
    const __m256i step_x = _mm256_set1_epi32((int)((uint32_t)(dx) * 8u)), step_y = _mm256_set1_epi32((int)((uint32_t)(dy) * 8u))

/* n pixels' bilinear texels into out, eight at a time (bilinear_eight_avx2). */
__attribute__((target("avx2")))
static inline void bilinear_span_avx2(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    BILINEAR_LANES_AVX2(fx, fy, dx, dy, vfx, vfy, step_x, step_y);
    for (int k = 0; k < n; k += 8) {
        /* Three groups ahead. */
        prefetch_texels(q, fx, fy, dx, dy, k + 24);
        const __m256i c = bilinear_eight_avx2(q, vfx, vfy);
        if (n - k >= 8) {
            _mm256_storeu_si256((__m256i *)(void *)(out + k), c);
        } else {
            uint32_t rest[8];
            _mm256_storeu_si256((__m256i *)(void *)rest, c);
            memcpy(out + k, rest, (size_t)(n - k) * 4);
        }
        vfx = _mm256_add_epi32(vfx, step_x);
        vfy = _mm256_add_epi32(vfy, step_y);
    }
}

/* Sixteen pixels' texels (a whole span of the interior), as
   bilinear_span_avx2 makes them: with dst given (an opaque span may be
   stored there as it is), texels all opaque go straight from the registers
   to dst, 2 then, and out is not written; else they are stored at out, 1.
   0 for a shorter span: nothing written. Stored to out and read back, the
   opaque test waited on the stores. */
__attribute__((target("avx2"), always_inline))
static inline int bilinear_sixteen_avx2(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out, uint8_t *dst) {
    if (n != 16) return 0;
    BILINEAR_LANES_AVX2(fx, fy, dx, dy, vfx, vfy, step_x, step_y);
    /* Each group's texels three groups ahead, as bilinear_span_avx2 asks. */
    prefetch_texels(q, fx, fy, dx, dy, 24);
    const __m256i low = bilinear_eight_avx2(q, vfx, vfy);
    prefetch_texels(q, fx, fy, dx, dy, 32);
    const __m256i high = bilinear_eight_avx2(q, _mm256_add_epi32(vfx, step_x), _mm256_add_epi32(vfy, step_y));
    if (dst) {
        const __m256i alpha = _mm256_set1_epi32((int)0xff000000u);
        /* Every alpha byte 255 in both halves: their AND's are. */
        const __m256i both = _mm256_and_si256(_mm256_and_si256(low, high), alpha);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(both, alpha)) == -1) {
            _mm256_storeu_si256((__m256i *)(void *)dst, low);
            _mm256_storeu_si256((__m256i *)(void *)(dst + 32), high);
            return 2;
        }
    }
    _mm256_storeu_si256((__m256i *)(void *)out, low);
    _mm256_storeu_si256((__m256i *)(void *)(out + 8), high);
    return 1;
}
#undef BILINEAR_LANES_AVX2

#endif

#endif
