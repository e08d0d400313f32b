/*
 * The bilinear filter: a layer's texel position at a device pixel, one
 * pixel's filtered colour, and a span's texels at once (the AVX-512 window
 * here, always inlined into its callers; the scalar and AVX2 spans out of
 * line in filter.c). Every path gives the same bytes.
 */
#ifndef CRASTER_FILTER_H
#define CRASTER_FILTER_H

#include "paths.h"

/* A texel coordinate clamped to [0, limit], in 16.16 fixed point. NaN
   (a degenerate layer's W of 0) passes the clamps and would be an
   undefined conversion in C: it is made INT32_MIN, which x86's conversion
   gives it, so that every processor draws what x86 always drew. */
static inline int32_t fixed_position(double t, double limit) {
    t = t < 0 ? 0 : (t > limit ? limit : t);
    return t == t ? (int32_t)(t * 65536.0 + 0.5) : INT32_MIN;
}

/* What texel_at needs of a quad, found once a row rather than at every
   call: drawing stores through byte pointers, which may alias the quad, so
   the compiler would divide out the scales at each position again. */
typedef struct {
    double kx, ky;   /* texels a local unit */
    double mx, my;   /* the last texel's index */
} texel_scale;

static inline texel_scale texel_scale_of(const cr_quad *q) {
    texel_scale s = {(double)q->tex_width / q->width, (double)q->tex_height / q->height, q->tex_width - 1, q->tex_height - 1};
    return s;
}

/* The texel coordinates (16.16 fixed point, clamped to the texture) at a
   device position; the texture's centres sit at half-texel offsets. */
static inline void texel_at(const texel_scale *s, double U, double V, double W, int32_t *fx, int32_t *fy) {
    /* One divide, not four: a position may move by the last bit of a double
       (1e-12 texel), so a 16.16 position by 1/65536 texel only when it falls
       right on a rounding step (no byte of 194 compared frames changed). */
    double r = 1.0 / W;
    double tx = U * r * s->kx - 0.5, ty = V * r * s->ky - 0.5;
    *fx = fixed_position(tx, s->mx);
    *fy = fixed_position(ty, s->my);
}

static inline uint32_t bilinear_fixed(const cr_quad *q, int32_t fx, int32_t fy) {
    int ix = fx >> 16, iy = fy >> 16;
    /* Never outside the texture, whatever the caller's rounding. */
    if (ix < 0) ix = 0;
    if (iy < 0) iy = 0;
    if (ix > q->tex_width - 1) ix = q->tex_width - 1;
    if (iy > q->tex_height - 1) iy = q->tex_height - 1;
    uint32_t wx = ((uint32_t)fx >> 8) & 0xff, wy = ((uint32_t)fy >> 8) & 0xff;
#if defined(__SSE2__)
    /* Two texels side by side in one 8-byte load a row, when both are there. */
    if (ix + 1 < q->tex_width && iy + 1 < q->tex_height) {
        const uint8_t *p0 = q->texture + ((size_t)iy * q->tex_width + ix) * 4;
        const __m128i zero = _mm_setzero_si128();
        __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p0), zero);
        __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p0 + (size_t)q->tex_width * 4)), zero);
        /* Weights broadcast from one 32-bit word each (w in both 16-bit halves): cheaper than set1. */
        __m128i wy_v = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)(wy | (wy << 16))), 0);
        __m128i iwy_v = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)((256 - wy) | ((256 - wy) << 16))), 0);
        __m128i v = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(top, iwy_v), _mm_mullo_epi16(bottom, wy_v)), 8);
        __m128i weights = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)((256 - wx) | ((256 - wx) << 16))), 0);
        weights = _mm_unpacklo_epi64(weights, _mm_shuffle_epi32(_mm_cvtsi32_si128((int)(wx | (wx << 16))), 0));
        __m128i h = _mm_mullo_epi16(v, weights);
        h = _mm_srli_epi16(_mm_add_epi16(h, _mm_srli_si128(h, 8)), 8);
        return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(h, zero));
    }
#endif
    int ix1 = ix + 1 < q->tex_width ? ix + 1 : ix, iy1 = iy + 1 < q->tex_height ? iy + 1 : iy;
    const uint8_t *row0 = q->texture + (size_t)iy * q->tex_width * 4, *row1 = q->texture + (size_t)iy1 * q->tex_width * 4;
    /* Down each column first, then across, as the SIMD paths do. */
    uint32_t left = lanes_lerp(load_px(row0 + ix * 4), load_px(row1 + ix * 4), wy);
    uint32_t right = lanes_lerp(load_px(row0 + ix1 * 4), load_px(row1 + ix1 * 4), wy);
    return lanes_lerp(left, right, wx);
}

/* The texel position of a local point (u, v): texel centres at half-texel offsets. */
static inline double texel_x(const cr_quad *q, double u) { return u / q->width * q->tex_width - 0.5; }
static inline double texel_y(const cr_quad *q, double v) { return v / q->height * q->tex_height - 0.5; }

/* A textured layer's colour at texel position (tx, ty): its texture over
   its fill. The texture filtered as the inside of a layer is (16.16
   positions, clamped to the texture, as texel_at makes them), so an edge
   pixel's colour is its inner neighbour's filter. */
static inline uint32_t shade_at(const cr_quad *q, double tx, double ty) {
    uint32_t tv = bilinear_fixed(q, fixed_position(tx, q->tex_width - 1), fixed_position(ty, q->tex_height - 1));
    return (tv >> 24) == 255 ? tv : tv + lanes_mul255(load_px(q->color), 255 - (tv >> 24));
}

/* The layer's colour at a local point: its texture over its fill. */
static inline uint32_t shade(const cr_quad *q, double u, double v) {
    return q->texture ? shade_at(q, texel_x(q, u), texel_y(q, v)) : load_px(q->color);
}

/* The floor of a 16.16 position as a texel index, clamped to [0, limit]. */
static inline int texel_index(int64_t f, int limit) {
    int64_t i = f >> 16;
    return i < 0 ? 0 : (i > limit ? limit : (int)i);
}

/* Texel (x, y) and the one under it asked for now, (x, y) clamped into the
   texture: only an address, so any place will do. */
static inline void prefetch_texel_rows(const cr_quad *q, int64_t x, int64_t y) {
    x = x < 0 ? 0 : (x > q->tex_width - 1 ? q->tex_width - 1 : x);
    y = y < 0 ? 0 : (y > q->tex_height - 2 ? (q->tex_height > 1 ? q->tex_height - 2 : 0) : y);
    const char *p = (const char *)(q->texture + ((size_t)y * q->tex_width + (size_t)x) * 4);
    __builtin_prefetch(p);
    __builtin_prefetch(p + (size_t)q->tex_width * 4);
}

/* The texels `ahead_by` pixels on from (fx, fy), stepping (dx, dy), both
   rows, asked for now: a turned layer walks its texture on a slant the
   hardware's prefetchers do not follow, and a big texture (a screen at @3×,
   12 MB) is fetched from far (measured: the flip at @3× ~1.2x the frames a
   second on AVX2's path). */
static inline void prefetch_texels(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int ahead_by) {
    prefetch_texel_rows(q, ((int64_t)fx + (int64_t)dx * ahead_by) >> 16, ((int64_t)fy + (int64_t)dy * ahead_by) >> 16);
}

#if CR_HAS_AVX2_PATH

/* The most texel rows a window's pixels may step down (or up) across it:
   a layer turned about y, away from its middle row, slopes by several
   rows a span where its far side is foreshortened. */
#define WINDOW_SLOPE 9

/*
 * Up to 16 pixels at a time where the processor has AVX-512 and the
 * pixels' texels lie in a window 32 texels across and WINDOW_SLOPE + 2
 * rows down (a layer drawn at up to about twice its texture's scale,
 * sloping by up to WINDOW_SLOPE texels a span): each row of the window is two loads, and each
 * pixel's texels are picked from them by a permute, where the AVX2 path
 * moves every texel pair through a scalar load. The same arithmetic as
 * bilinear_fixed, so the same bytes. 0 (nothing written) when the
 * pixels' texels do not fit.
 */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_window_vector(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, __m512i *out) {
    const int32_t last_x = q->tex_width - 1, last_y = q->tex_height - 1;
    /* The positions step linearly, so the first and the last pixel bound the texels. */
    int32_t ax = texel_index(fx, last_x), bx = texel_index((int64_t)fx + (int64_t)dx * (n - 1), last_x);
    int32_t ay = texel_index(fy, last_y), by = texel_index((int64_t)fy + (int64_t)dy * (n - 1), last_y);
    int32_t x0 = ax < bx ? ax : bx, x1 = (ax < bx ? bx : ax) + 1, y0 = ay < by ? ay : by, y1 = ay < by ? by : ay;
    if (x1 - x0 >= 32 || y1 - y0 > WINDOW_SLOPE) return 0;
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i zero = _mm512_setzero_si512(), byte = _mm512_set1_epi32(0xff), pairs = _mm512_set1_epi32(0x00ff00ff);
    const __m512i full = _mm512_set1_epi32(256), top_x = _mm512_set1_epi32(last_x), top_y = _mm512_set1_epi32(last_y);
    __m512i vfx = _mm512_add_epi32(_mm512_set1_epi32(fx), _mm512_mullo_epi32(lane, _mm512_set1_epi32(dx)));
    __m512i vfy = _mm512_add_epi32(_mm512_set1_epi32(fy), _mm512_mullo_epi32(lane, _mm512_set1_epi32(dy)));
    __m512i ix = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(vfx, 16), zero), top_x);
    __m512i iy = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(vfy, 16), zero), top_y);
    /* Each pixel's left and right texel in the window (the right one the left at the last column). */
    __m512i left = _mm512_sub_epi32(ix, _mm512_set1_epi32(x0));
    __m512i right = _mm512_sub_epi32(_mm512_min_epi32(_mm512_add_epi32(ix, _mm512_set1_epi32(1)), top_x), _mm512_set1_epi32(x0));
    /* The window's texels of a row (those past the texture's right edge not read: masked loads do not fault). */
    int across = q->tex_width - x0;
    __mmask16 first = (__mmask16)(across >= 16 ? 0xffff : (1u << across) - 1);
    __mmask16 second = (__mmask16)(across >= 32 ? 0xffff : (across > 16 ? (1u << (across - 16)) - 1 : 0));
    /* Row y0 + r of the window (clamped to the texture's last), each pixel's left and right texel on it. */
#define ROW(r, l, rt) do { \
        const uint32_t *row = (const uint32_t *)(const void *)q->texture + (size_t)(y0 + (r) <= last_y ? y0 + (r) : last_y) * q->tex_width + x0; \
        __m512i lo = _mm512_maskz_loadu_epi32(first, row), hi = _mm512_maskz_loadu_epi32(second, row + 16); \
        l = _mm512_permutex2var_epi32(lo, left, hi); rt = _mm512_permutex2var_epi32(lo, right, hi); \
    } while (0)
    __m512i tl, tr, bl, br;
    ROW(0, tl, tr);
    ROW(1, bl, br);
    /* Each row further down: the pixels on it or below (iy > y0 + k - 1) read it and the next. */
    __m512i above_l = bl, above_r = br;
    for (int k = 1; k <= y1 - y0; k++) {
        __m512i below_l, below_r;
        ROW(k + 1, below_l, below_r);
        __mmask16 down = _mm512_cmpgt_epi32_mask(iy, _mm512_set1_epi32(y0 + k - 1));
        tl = _mm512_mask_blend_epi32(down, tl, above_l); tr = _mm512_mask_blend_epi32(down, tr, above_r);
        bl = _mm512_mask_blend_epi32(down, bl, below_l); br = _mm512_mask_blend_epi32(down, br, below_r);
        above_l = below_l; above_r = below_r;
    }
#undef ROW
    /* Weights in both 16-bit halves of a lane: two channels to one 16-bit multiply (255 × 256 fits). */
    __m512i wx = _mm512_and_si512(_mm512_srli_epi32(vfx, 8), byte), wy = _mm512_and_si512(_mm512_srli_epi32(vfy, 8), byte);
    __m512i iwx = _mm512_sub_epi32(full, wx), iwy = _mm512_sub_epi32(full, wy);
    wx = _mm512_or_si512(wx, _mm512_slli_epi32(wx, 16)); iwx = _mm512_or_si512(iwx, _mm512_slli_epi32(iwx, 16));
    wy = _mm512_or_si512(wy, _mm512_slli_epi32(wy, 16)); iwy = _mm512_or_si512(iwy, _mm512_slli_epi32(iwy, 16));
    /* Down each column first, then across: bilinear_fixed's order and rounding. */
#define DOWN(a, b) _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, iwy), _mm512_mullo_epi16(b, wy)), 8)
#define ACROSS(a, b) _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, iwx), _mm512_mullo_epi16(b, wx)), 8)
    __m512i rb = ACROSS(DOWN(_mm512_and_si512(tl, pairs), _mm512_and_si512(bl, pairs)),
                        DOWN(_mm512_and_si512(tr, pairs), _mm512_and_si512(br, pairs)));
    __m512i ag = ACROSS(DOWN(_mm512_and_si512(_mm512_srli_epi32(tl, 8), pairs), _mm512_and_si512(_mm512_srli_epi32(bl, 8), pairs)),
                        DOWN(_mm512_and_si512(_mm512_srli_epi32(tr, 8), pairs), _mm512_and_si512(_mm512_srli_epi32(br, 8), pairs)));
#undef DOWN
#undef ACROSS
    *out = _mm512_or_si512(rb, _mm512_slli_epi32(ag, 8));
    return 1;
}

/* bilinear_window_vector's pixels stored at out. */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_window(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    __m512i texels;
    if (!bilinear_window_vector(q, fx, fy, dx, dy, n, &texels)) return 0;
    _mm512_mask_storeu_epi32(out, (__mmask16)((1u << n) - 1), texels);
    return 1;
}

/* bilinear_window over a span, in two halves where its texels are too far
   apart for one. With dst given (an opaque span may be stored there as it
   is), a span in one window whose texels are all opaque goes straight from
   the register to dst: 2 then, and out is not written. Stored to out and
   read back, it waited on the store (a masked store does not forward to the
   load after it: measured, a twentieth of the flip's time on one line). */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_span_window(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out,
                                       uint8_t *dst) {
    __m512i texels;
    /* Two spans ahead. */
    prefetch_texels(q, fx, fy, dx, dy, 32);
    if (bilinear_window_vector(q, fx, fy, dx, dy, n, &texels)) {
        const __mmask16 lanes = (__mmask16)((1u << n) - 1);
        if (dst && _mm512_mask_cmpge_epu32_mask(lanes, texels, _mm512_set1_epi32((int)0xff000000u)) == lanes) {
            _mm512_mask_storeu_epi32(dst, lanes, texels);
            return 2;
        }
        _mm512_mask_storeu_epi32(out, lanes, texels);
        return 1;
    }
    if (n <= 8) return 0;
    int32_t hx = (int32_t)((int64_t)fx + (int64_t)dx * 8), hy = (int32_t)((int64_t)fy + (int64_t)dy * 8);
    if (!bilinear_window(q, fx, fy, dx, dy, 8, out)) return 0;
    if (bilinear_window(q, hx, hy, dx, dy, n - 8, out + 8)) return 1;
    for (int k = 8; k < n; k++, hx += dx, hy += dy) out[k] = bilinear_fixed(q, hx, hy);
    return 1;
}

/* bilinear_span_window, called (filter.c). */
__attribute__((target("avx512f,avx512bw")))
CRI_HIDDEN int cri_bilinear_span_window_called(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out);
#endif

/* n (at most SPAN) pixels' bilinear texels from (fx, fy), stepping (dx, dy),
   by the widest path the processor has short of AVX-512's window (filter.c). */
CRI_HIDDEN void cri_bilinear_span_narrow(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out);

/* cri_bilinear_span_narrow, or AVX-512's window where the processor has it
   and the texels fit: the same bytes on every path. */
static inline void bilinear_span(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
#if CR_HAS_AVX2_PATH
    if (has_avx512() && cri_bilinear_span_window_called(q, fx, fy, dx, dy, n, out)) return;
#endif
    cri_bilinear_span_narrow(q, fx, fy, dx, dy, n, out);
}

#endif
