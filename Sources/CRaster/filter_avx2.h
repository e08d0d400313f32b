/*
 * The bilinear filter's AVX2 spans, always inlined into their callers (the
 * interior built for AVX2 in span.c, and filter.c's out-of-line span): eight
 * pixels at a time, from a window of texels where they fit in one and by
 * pairs of texels loaded one pixel at a time where they do not. Included by
 * filter.h; the same arithmetic as bilinear_fixed, so the same bytes.
 */
#ifndef CRASTER_FILTER_AVX2_H
#define CRASTER_FILTER_AVX2_H

/* The most texel rows eight pixels may step down (or up) and still be read
   as a window: each row more is two loads, four permutes and six blends for
   all eight, against sixteen scalar loads for the pairs (measured on the
   flip: 3 is the best of 1 to 9). */
#define WINDOW8_SLOPE 3

/* A texel and its right-hand neighbour, as one 8-byte load. */
static inline long long pair_at(const uint8_t *texture, int32_t i) {
    long long v;
    memcpy(&v, texture + (size_t)i * 4, 8);
    return v;
}

/* Pixels' texels down each column first, then across (bilinear_fixed's order
   and rounding), from the four texels of each lane: the weights are in both
   16-bit halves of a lane, so one 16-bit multiply serves two channels (255 ×
   256 fits). */
__attribute__((target("avx2"), always_inline))
static inline __m256i bilinear_lanes_avx2(__m256i tl, __m256i tr, __m256i bl, __m256i br, __m256i vfx, __m256i vfy) {
    const __m256i byte = _mm256_set1_epi32(0xff), full = _mm256_set1_epi32(256), pairs = _mm256_set1_epi32(0x00ff00ff);
    __m256i wx = _mm256_and_si256(_mm256_srli_epi32(vfx, 8), byte), wy = _mm256_and_si256(_mm256_srli_epi32(vfy, 8), byte);
    __m256i iwx = _mm256_sub_epi32(full, wx), iwy = _mm256_sub_epi32(full, wy);
    wx = _mm256_or_si256(wx, _mm256_slli_epi32(wx, 16)); iwx = _mm256_or_si256(iwx, _mm256_slli_epi32(iwx, 16));
    wy = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16)); iwy = _mm256_or_si256(iwy, _mm256_slli_epi32(iwy, 16));
#define DOWN(a, b) _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, iwy), _mm256_mullo_epi16(b, wy)), 8)
#define ACROSS(a, b) _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(a, iwx), _mm256_mullo_epi16(b, wx)), 8)
#define RB(v) _mm256_and_si256(v, pairs)
#define AG(v) _mm256_and_si256(_mm256_srli_epi32(v, 8), pairs)
    __m256i rb = ACROSS(DOWN(RB(tl), RB(bl)), DOWN(RB(tr), RB(br)));
    __m256i ag = ACROSS(DOWN(AG(tl), AG(bl)), DOWN(AG(tr), AG(br)));
#undef DOWN
#undef ACROSS
#undef RB
#undef AG
    return _mm256_or_si256(rb, _mm256_slli_epi32(ag, 8));
}

/*
 * Eight pixels (n of them, at most eight) at positions vfx, vfy whose texels
 * lie in a window 16 texels across and WINDOW8_SLOPE + 2 rows down (a layer
 * drawn at its texture's scale or smaller, sloping gently): each row of the
 * window is two loads, and each pixel's texels are picked from them by
 * permutes. 0 (nothing written) when they do not fit.
 */
__attribute__((target("avx2"), always_inline))
static inline int bilinear_window8_avx2(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, __m256i vfx, __m256i vfy,
                                        __m256i *out) {
    const int32_t last_x = q->tex_width - 1, last_y = q->tex_height - 1;
    /* The positions step linearly, so the first and the last pixel bound the texels. */
    int32_t ax = texel_index(fx, last_x), bx = texel_index((int64_t)fx + (int64_t)dx * (n - 1), last_x);
    int32_t ay = texel_index(fy, last_y), by = texel_index((int64_t)fy + (int64_t)dy * (n - 1), last_y);
    int32_t x0 = ax < bx ? ax : bx, x1 = (ax < bx ? bx : ax) + 1, y0 = ay < by ? ay : by, y1 = ay < by ? by : ay;
    if (x1 - x0 >= 16 || y1 - y0 > WINDOW8_SLOPE) return 0;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i top_x = _mm256_set1_epi32(last_x), top_y = _mm256_set1_epi32(last_y);
    __m256i ix = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(vfx, 16), zero), top_x);
    __m256i iy = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(vfy, 16), zero), top_y);
    /* Each pixel's left and right texel in the window (the right one the left at the last column). */
    __m256i left = _mm256_sub_epi32(ix, _mm256_set1_epi32(x0));
    __m256i right = _mm256_sub_epi32(_mm256_min_epi32(_mm256_add_epi32(ix, _mm256_set1_epi32(1)), top_x), _mm256_set1_epi32(x0));
    __m256i tl, tr, bl, br;
    /* The window's texels of a row: plain loads where they are all there, masked ones (which do not
       fault) at the texture's right edge. */
    const int across = q->tex_width - x0;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const uint32_t *texels = (const uint32_t *)(const void *)q->texture;
#define ROW_AT(r) (texels + (size_t)(y0 + (r) <= last_y ? y0 + (r) : last_y) * q->tex_width + x0)
#define LOAD(p, mask, whole) ((whole) ? _mm256_loadu_si256((const __m256i *)(const void *)(p)) : _mm256_maskload_epi32((const int *)(const void *)(p), mask))
#define DOWN_ROWS(ROW) do { \
        ROW(0, tl, tr); \
        ROW(1, bl, br); \
        /* Each row further down: the pixels on it or below (iy > y0 + k - 1) read it and the next. */ \
        __m256i above_l = bl, above_r = br; \
        for (int k = 1; k <= y1 - y0; k++) { \
            __m256i below_l, below_r; \
            ROW(k + 1, below_l, below_r); \
            __m256i down = _mm256_cmpgt_epi32(iy, _mm256_set1_epi32(y0 + k - 1)); \
            tl = _mm256_blendv_epi8(tl, above_l, down); tr = _mm256_blendv_epi8(tr, above_r, down); \
            bl = _mm256_blendv_epi8(bl, below_l, down); br = _mm256_blendv_epi8(br, below_r, down); \
            above_l = below_l; above_r = below_r; \
        } \
    } while (0)
    if (x1 - x0 <= 8) {
        /* Every left texel among the window's first eight (a layer at its texture's scale or
           smaller): the right ones are the same picks from the eight one texel on, except at the
           texture's last column, where the right texel is the left. */
        const __m256i at_last = _mm256_cmpeq_epi32(ix, top_x);
        const __m256i own = _mm256_cmpgt_epi32(_mm256_set1_epi32(across), lane), next = _mm256_cmpgt_epi32(_mm256_set1_epi32(across - 1), lane);
#define ROW(r, l, rt) do { \
            const uint32_t *row = ROW_AT(r); \
            l = _mm256_permutevar8x32_epi32(LOAD(row, own, across >= 8), left); \
            rt = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(LOAD(row + 1, next, across >= 9), left), l, at_last); \
        } while (0)
        DOWN_ROWS(ROW);
#undef ROW
    } else {
        /* Left or right texels in the window's second eight: both eights picked from, and each
           pixel's texel taken from the one it is in. */
        const __m256i seven = _mm256_set1_epi32(7);
        const __m256i left_high = _mm256_cmpgt_epi32(left, seven), right_high = _mm256_cmpgt_epi32(right, seven);
        const __m256i first = _mm256_cmpgt_epi32(_mm256_set1_epi32(across), lane);
        const __m256i second = _mm256_cmpgt_epi32(_mm256_set1_epi32(across - 8), lane);
#define ROW(r, l, rt) do { \
            const uint32_t *row = ROW_AT(r); \
            __m256i lo = LOAD(row, first, across >= 16), hi = LOAD(row + 8, second, across >= 16); \
            l = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(lo, left), _mm256_permutevar8x32_epi32(hi, left), left_high); \
            rt = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(lo, right), _mm256_permutevar8x32_epi32(hi, right), right_high); \
        } while (0)
        DOWN_ROWS(ROW);
#undef ROW
    }
#undef DOWN_ROWS
#undef LOAD
#undef ROW_AT
    *out = bilinear_lanes_avx2(tl, tr, bl, br, vfx, vfy);
    return 1;
}

/* Eight pixels at positions vfx, vfy by pairs: each pixel's left and right
   texel, on its row and the next, as two 8-byte loads. Needs a texture at
   least two texels wide. */
__attribute__((target("avx2"), always_inline))
static inline __m256i bilinear_pairs_avx2(const cr_quad *q, __m256i vfx, __m256i vfy) {
    /* A pixel's left texel is at most the second-last; on the last column the
       pair's right texel takes all the weight, which is the same bytes as both
       texels being the last one. */
    const __m256i last_pair = _mm256_set1_epi32(q->tex_width - 2), last_y = _mm256_set1_epi32(q->tex_height - 1);
    const __m256i width = _mm256_set1_epi32(q->tex_width), one = _mm256_set1_epi32(1), zero = _mm256_setzero_si256();
    __m256i ix = _mm256_max_epi32(_mm256_srai_epi32(vfx, 16), zero);
    __m256i iy = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(vfy, 16), zero), last_y);
    __m256i on_last = _mm256_cmpgt_epi32(ix, last_pair);
    ix = _mm256_min_epi32(ix, last_pair);
    __m256i iy1 = _mm256_min_epi32(_mm256_add_epi32(iy, one), last_y);
    __m256i at0 = _mm256_add_epi32(_mm256_mullo_epi32(iy, width), ix);
    __m256i at1 = _mm256_add_epi32(_mm256_mullo_epi32(iy1, width), ix);
    /* The texel indices moved to scalar registers two at a time (an array
       stored whole and read back a lane at a time waits for the store:
       measured, the loop's costliest step); plain 8-byte loads are quicker
       than gathers, which are microcoded on AMD's Zen and slowed by Intel's
       Downfall fix (measured here: ~1.3x the frames a second). */
    const uint8_t *texture = q->texture;
#define INDICES(v) {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(v), 1), \
                    (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(v, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(v, 1), 1)}
    const uint64_t i0[4] = INDICES(at0), i1[4] = INDICES(at1);
#undef INDICES
    /* Each load is a pixel's (left, right) pair: the lefts and the rights
       unzipped into lanes of their own, in pixel order. */
#define PAIRS(i) _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)(i)[0]), pair_at(texture, (int32_t)((i)[0] >> 32)), \
                                    pair_at(texture, (int32_t)(uint32_t)(i)[1]), pair_at(texture, (int32_t)((i)[1] >> 32)))
    const __m256i unzip = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    __m256i top_a = _mm256_permutevar8x32_epi32(PAIRS(i0), unzip), top_b = _mm256_permutevar8x32_epi32(PAIRS(i0 + 2), unzip);
    __m256i bottom_a = _mm256_permutevar8x32_epi32(PAIRS(i1), unzip), bottom_b = _mm256_permutevar8x32_epi32(PAIRS(i1 + 2), unzip);
#undef PAIRS
    __m256i tl = _mm256_permute2x128_si256(top_a, top_b, 0x20), tr = _mm256_permute2x128_si256(top_a, top_b, 0x31);
    __m256i bl = _mm256_permute2x128_si256(bottom_a, bottom_b, 0x20), br = _mm256_permute2x128_si256(bottom_a, bottom_b, 0x31);
    /* On the last column both texels are the right one: the same bytes as all the weight on it. */
    tl = _mm256_blendv_epi8(tl, tr, on_last);
    bl = _mm256_blendv_epi8(bl, br, on_last);
    return bilinear_lanes_avx2(tl, tr, bl, br, vfx, vfy);
}

/*
 * n (at most 16) pixels' texels from (fx, fy), stepping (dx, dy), eight at
 * a time by the window or by pairs. With dst given (an opaque span may be
 * stored there as it is), texels all opaque go straight from the registers to
 * dst: 2 then, and out is not written; otherwise 1, the texels at out.
 */
__attribute__((target("avx2"), always_inline))
static inline int bilinear_span_avx2_inline(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out,
                                            uint8_t *dst) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i vfx = _mm256_add_epi32(_mm256_set1_epi32(fx), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dx)));
    __m256i vfy = _mm256_add_epi32(_mm256_set1_epi32(fy), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dy)));
    __m256i group[2];
    for (int g = 0; g * 8 < n; g++) {
        const int k = g * 8, m = n - k < 8 ? n - k : 8;
        const int32_t gx = (int32_t)((int64_t)fx + (int64_t)dx * k), gy = (int32_t)((int64_t)fy + (int64_t)dy * k);
        if (!bilinear_window8_avx2(q, gx, gy, dx, dy, m, vfx, vfy, &group[g])) {
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
            group[g] = bilinear_pairs_avx2(q, vfx, vfy);
        }
        vfx = _mm256_add_epi32(vfx, _mm256_set1_epi32(dx * 8));
        vfy = _mm256_add_epi32(vfy, _mm256_set1_epi32(dy * 8));
    }
    /* Lanes past n: not stored, and taken as opaque. */
    const __m256i live0 = _mm256_cmpgt_epi32(_mm256_set1_epi32(n), lane), live1 = _mm256_cmpgt_epi32(_mm256_set1_epi32(n - 8), lane);
    int opaque_stored = 0;
    if (dst) {
        const __m256i opaque = _mm256_set1_epi32(255);
        __m256i all = _mm256_andnot_si256(live0, _mm256_set1_epi32(-1));
        all = _mm256_or_si256(all, _mm256_cmpeq_epi32(_mm256_srli_epi32(group[0], 24), opaque));
        if (n > 8) all = _mm256_and_si256(all, _mm256_or_si256(_mm256_andnot_si256(live1, _mm256_set1_epi32(-1)),
                                                                _mm256_cmpeq_epi32(_mm256_srli_epi32(group[1], 24), opaque)));
        if (_mm256_movemask_epi8(all) == -1) {
            out = (uint32_t *)(void *)dst;
            opaque_stored = 1;
        }
    }
    if (n >= 8) _mm256_storeu_si256((__m256i *)(void *)out, group[0]);
    else _mm256_maskstore_epi32((int *)(void *)out, live0, group[0]);
    if (n == 16) _mm256_storeu_si256((__m256i *)(void *)(out + 8), group[1]);
    else if (n > 8) _mm256_maskstore_epi32((int *)(void *)(out + 8), live1, group[1]);
    return opaque_stored ? 2 : 1;
}

#endif
