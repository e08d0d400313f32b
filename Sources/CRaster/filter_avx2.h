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

/* Eight pixels at a time where the processor has AVX2 (checked once at run
   time; the code is built for it alone): the four texels of each pixel
   loaded, then the same two-lane arithmetic as lanes_lerp, eight lanes
   wide. The same bytes as bilinear_fixed. */
__attribute__((target("avx2")))
static inline void bilinear_span_avx2(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i rb_mask = _mm256_set1_epi32(0x00ff00ff), ag_mask = _mm256_set1_epi32((int)0xff00ff00u);
    /* A pixel's two texels side by side are one 8-byte load. Its left texel is at most the
       second-last; on the last column the pair's right texel takes all the
       weight, which is the same bytes as both texels being the last one. */
    const __m256i last_pair = _mm256_set1_epi32(q->tex_width - 2), last_y = _mm256_set1_epi32(q->tex_height - 1);
    const __m256i width = _mm256_set1_epi32(q->tex_width), one = _mm256_set1_epi32(1), full = _mm256_set1_epi32(256);
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256();
    const __m256i low_pairs = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3), high_pairs = _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7);
    const __m256i evens = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m256i vfx = _mm256_add_epi32(_mm256_set1_epi32(fx), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dx)));
    __m256i vfy = _mm256_add_epi32(_mm256_set1_epi32(fy), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dy)));
    const __m256i step_x = _mm256_set1_epi32(dx * 8), step_y = _mm256_set1_epi32(dy * 8);
    const uint8_t *texture = q->texture;
    for (int k = 0; k < n; k += 8) {
        {
            /* The texels three groups ahead, both rows, asked for now: a turned
               layer walks its texture on a slant the hardware's prefetchers
               do not follow, and a big texture (a screen at @3×, 12 MB) is
               fetched from far (measured: the flip at @3× ~1.2x the frames a second). */
            int64_t ahead_x = ((int64_t)fx + (int64_t)dx * (k + 24)) >> 16, ahead_y = ((int64_t)fy + (int64_t)dy * (k + 24)) >> 16;
            ahead_x = ahead_x < 0 ? 0 : (ahead_x > q->tex_width - 1 ? q->tex_width - 1 : ahead_x);
            ahead_y = ahead_y < 0 ? 0 : (ahead_y > q->tex_height - 2 ? (q->tex_height > 1 ? q->tex_height - 2 : 0) : ahead_y);
            const char *ahead = (const char *)(q->texture + ((size_t)ahead_y * q->tex_width + (size_t)ahead_x) * 4);
            _mm_prefetch(ahead, _MM_HINT_T0);
            _mm_prefetch(ahead + (size_t)q->tex_width * 4, _MM_HINT_T0);
        }
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
        __m256i halves[2];
        /* The texel indices moved to scalar registers two at a time (an
           array stored whole and read back a lane at a time waits for the
           store: measured, the loop's costliest step). */
        uint64_t i0[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at0)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at0), 1),
                          (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at0, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at0, 1), 1)};
        uint64_t i1[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at1)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at1), 1),
                          (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at1, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at1, 1), 1)};
        for (int h = 0; h < 2; h++) {
            const __m256i pick = h ? high_pairs : low_pairs;
            /* Four pixels: (left, right) texel pairs of the upper and the lower row, as plain
               8-byte loads: quicker than gathers, which are microcoded on AMD's Zen and slowed
               by Intel's Downfall fix (measured here: ~1.3x the frames a second). */
            uint64_t a = i0[2 * h], b = i0[2 * h + 1], c0 = i1[2 * h], d = i1[2 * h + 1];
            __m256i top = _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)a), pair_at(texture, (int32_t)(a >> 32)),
                                             pair_at(texture, (int32_t)(uint32_t)b), pair_at(texture, (int32_t)(b >> 32)));
            __m256i bottom = _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)c0), pair_at(texture, (int32_t)(c0 >> 32)),
                                                pair_at(texture, (int32_t)(uint32_t)d), pair_at(texture, (int32_t)(d >> 32)));
            __m256i pw = _mm256_permutevar8x32_epi32(wy, pick), piw = _mm256_permutevar8x32_epi32(iwy, pick);
            /* Down each column first (both columns at once), then across: the SSE2 path's order, so both round alike. */
            __m256i v = _mm256_or_si256(
                _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(top, rb_mask), piw),
                                                   _mm256_mullo_epi16(_mm256_and_si256(bottom, rb_mask), pw)), 8),
                _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(top, 8), rb_mask), piw),
                                                  _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(bottom, 8), rb_mask), pw)), ag_mask));
            /* Across: left times (256 - wx) beside right times wx, the two products summed into the left lane. */
            __m256i across = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(iwx, pick), _mm256_permutevar8x32_epi32(wx, pick), 0xaa);
            __m256i rb = _mm256_mullo_epi16(_mm256_and_si256(v, rb_mask), across);
            __m256i ag = _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(v, 8), rb_mask), across);
            rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_shuffle_epi32(rb, 0xb1)), 8);
            ag = _mm256_and_si256(_mm256_add_epi16(ag, _mm256_shuffle_epi32(ag, 0xb1)), ag_mask);
            halves[h] = _mm256_permutevar8x32_epi32(_mm256_or_si256(rb, ag), evens);
        }
        __m256i c = _mm256_permute2x128_si256(halves[0], halves[1], 0x20);
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

#endif

#endif
