/*
 * A row's inside: the pixels a layer covers whole, a span of SPAN at a
 * time, their texels filtered (or a flat tile's colour taken) and blended
 * into the target four pixels a vector where nothing but plain blending is
 * needed. interior.h is the loop, built three times here: for any x86-64,
 * for AVX2 and for AVX-512, each with its widest span inlined into it. The
 * hottest code of the renderer, and none of the edges' work.
 */
#include "span.h"
#include "shape.h"
#include "tiles.h"
#include "filter_avx2.h"

/* Pixels of a row first tried at once over flat tiles: whole spans. */
#define FLAT_RUN (4 * SPAN)

/* Spans' ends solved before a row is drawn: a row of up to 4,096 pixels
   (a wider one solves them as it goes). */
#define SPAN_ENDS 256

/* Blends a span of texels (premultiplied, the layer's fill under them
   where they are not opaque) into the target at pixel i, at the layer's
   opacity and clip. Four pixels at a time where nothing but plain
   blending is needed. */
static void write_span(cr_target *t, const cr_quad *q, size_t i, const uint32_t *source, int n, int sampled);

/* `sampled`: whether the span may have pixels with samples (a block of
   sampled_rows it touches has some); where not, no slot need be read. */
void cri_blend_span(cr_target *t, const cr_quad *q, size_t i, uint32_t *source, int n, uint32_t color, int sampled) {
    uint32_t all = 0xffffffffu;
    for (int k = 0; k < n; k++) all &= source[k];
    if ((all >> 24) == 255) {
        /* All opaque (most of a screen's picture) over pixels without
           samples, at full opacity and unclipped: they are the pixels, so
           stored as they are without write_span's passes and its reads of
           the target. A fast path: the tests compare it with write_span. */
        if (!sampled && q->alpha == 255 && !q->clip && cri_fast_paths_allowed) {
            memcpy(t->pixels + i * 4, source, (size_t)n * 4);
            return;
        }
    } else if (color != 0)
        for (int k = 0; k < n; k++)
            if ((source[k] >> 24) != 255) source[k] += lanes_mul255(color, 255 - (source[k] >> 24));
    if (q->alpha != 255 && !q->clip)
        for (int k = 0; k < n; k++) source[k] = lanes_mul255(source[k], q->alpha);
    write_span(t, q, i, source, n, sampled);
}

/* A run of pixels of one texel colour, as cri_blend_span blends each: the
   colour made ready once, then written SPAN pixels at a time. */
static void blend_flat(cr_target *t, const cr_quad *q, size_t i, uint32_t texel, int n, uint32_t color, int sampled) {
    uint32_t c = texel;
    if (color != 0 && (c >> 24) != 255) c += lanes_mul255(color, 255 - (c >> 24));
    if (q->alpha != 255 && !q->clip) c = lanes_mul255(c, q->alpha);
    if (!sampled && !q->clip) {
        /* Nothing but plain blending: a clear colour leaves the target as it is, an opaque one is stored. */
        if (c == 0) return;
        if ((c >> 24) == 255) {
            uint8_t *dst = t->pixels + i * 4;
            for (int k = 0; k < n; k++) store_px(dst + (size_t)k * 4, c);
            return;
        }
    }
    uint32_t source[SPAN];
    for (int k = 0; k < SPAN; k++) source[k] = c;
    for (int k = 0; k < n; k += SPAN) write_span(t, q, i + (size_t)k, source, n - k < SPAN ? n - k : SPAN, sampled);
}

/* Writes a span made ready by cri_blend_span. */
static void write_span(cr_target *t, const cr_quad *q, size_t i, const uint32_t *source, int n, int sampled) {
    /* No pixel of the span keeps samples when every slot is negative: a branch-free AND. */
    int32_t slots = -1;
    if (sampled)
        for (int k = 0; k < n; k++) slots &= t->slots[i + k];
    int plain = !q->clip && slots < 0;
    uint8_t *dst = t->pixels + i * 4;
    if (plain) {
        /* Clear texels (a list row's picture is mostly clear) leave the target as it is. */
        uint32_t any = 0;
        for (int k = 0; k < n; k++) any |= source[k];
        if (!any) return;
    }
#if defined(__SSE2__)
    if (plain) {
        const __m128i zero = _mm_setzero_si128(), alphas = _mm_set1_epi32((int)0xff000000u);
        int k = 0;
        for (; k + 4 <= n; k += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(source + k));
            __m128i d = _mm_loadu_si128((const __m128i *)(dst + (size_t)k * 4));
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alphas), alphas)) == 0xffff) {
                _mm_storeu_si128((__m128i *)(dst + (size_t)k * 4), s);
                continue;
            }
            /* d·(255 − sa)/255 + s, two pixels a half in 16-bit lanes. */
            __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(_mm_shufflehi_epi16(
                _mm_unpacklo_epi8(s, zero), 0xff), 0xff));
            __m128i inv_hi = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(_mm_shufflehi_epi16(
                _mm_unpackhi_epi8(s, zero), 0xff), 0xff));
            __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), inv), _mm_set1_epi16(128));
            __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), inv_hi), _mm_set1_epi16(128));
            lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
            hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
            _mm_storeu_si128((__m128i *)(dst + (size_t)k * 4), _mm_add_epi8(_mm_packus_epi16(lo, hi), s));
        }
        for (; k < n; k++) store_px(dst + (size_t)k * 4, lanes_over(source[k], load_px(dst + (size_t)k * 4)));
        return;
    }
#endif
    /* The span's place, for its clip: one division a span. */
    const int y = (int)(i / (size_t)t->width), x = (int)(i - (size_t)y * t->width);
    for (int k = 0; k < n; k++) {
        uint32_t c = source[k];
        const int keep = clip_samples(q, x + k, y);
        if (q->clip && q->alpha != 255) c = lanes_mul255(c, q->alpha);
        if (c == 0 || keep == 0) continue;
        if (keep == ALL_SAMPLES && slot_at(t, x + k, y) < 0) store_px(dst + (size_t)k * 4, lanes_over(c, load_px(dst + (size_t)k * 4)));
        else { uint8_t cc[4]; store_px(cc, c); cri_blend_samples(t, x + k, y, cc, keep); }
    }
}

/* x / SPAN, rounded toward zero as C's division is. */
static inline int64_t div_span(int64_t x) { return (x + ((x >> 63) & (SPAN - 1))) >> SPAN_SHIFT; }

#define INTERIOR_NAME draw_interior_narrow
#define INTERIOR_ATTRIBUTES
#define INTERIOR_WINDOW(q, fx, fy, dx, dy, n, out, dst) 0
#define INTERIOR_SPAN(q, fx, fy, dx, dy, n, out) cri_bilinear_span_narrow(q, fx, fy, dx, dy, n, out)
#define INTERIOR_STORE_OPAQUE(dst, source, n) 0
#include "interior.h"

#if CR_HAS_AVX2_PATH
_Static_assert(SPAN == 16, "bilinear_sixteen_avx2 draws a whole span");
#define INTERIOR_NAME draw_interior_avx2
#define INTERIOR_ATTRIBUTES __attribute__((target("avx2")))
/* A whole span in registers (opaque texels stored at dst straight from them); a shorter one, or a
   texture one texel across, the general way (cri_blend_span stores opaque texels as they are). */
#define INTERIOR_WINDOW(q, fx, fy, dx, dy, n, out, dst) ((q)->tex_width >= 2 ? bilinear_sixteen_avx2(q, fx, fy, dx, dy, n, out, dst) : 0)
#define INTERIOR_SPAN(q, fx, fy, dx, dy, n, out) \
    ((q)->tex_width >= 2 ? bilinear_span_avx2(q, fx, fy, dx, dy, n, out) : cri_bilinear_span_narrow(q, fx, fy, dx, dy, n, out))
#define INTERIOR_STORE_OPAQUE(dst, source, n) 0
#include "interior.h"
#endif

#if CR_HAS_AVX2_PATH
/* Whether n (at most 16) texels are all opaque; if so they are stored at dst. */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int store_if_opaque_wide(uint8_t *dst, const uint32_t *source, int n) {
    const __mmask16 lanes = (__mmask16)((1u << n) - 1);
    const __m512i texels = _mm512_maskz_loadu_epi32(lanes, source);
    if (_mm512_mask_cmpge_epu32_mask(lanes, texels, _mm512_set1_epi32((int)0xff000000u)) != lanes) return 0;
    _mm512_mask_storeu_epi32(dst, lanes, texels);
    return 1;
}

#define INTERIOR_NAME draw_interior_wide
#define INTERIOR_ATTRIBUTES __attribute__((target("avx512f,avx512bw")))
#define INTERIOR_WINDOW(q, fx, fy, dx, dy, n, out, dst) bilinear_span_window(q, fx, fy, dx, dy, n, out, dst)
#define INTERIOR_SPAN(q, fx, fy, dx, dy, n, out) cri_bilinear_span_narrow(q, fx, fy, dx, dy, n, out)
#define INTERIOR_STORE_OPAQUE(dst, source, n) store_if_opaque_wide(dst, source, n)
#include "interior.h"
#endif

void cri_draw_interior(cr_target *t, const cr_quad *q, int y, int xs, int xe, uint64_t row_blocks) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) { draw_interior_wide(t, q, y, xs, xe, row_blocks); return; }
    if (has_avx2()) { draw_interior_avx2(t, q, y, xs, xe, row_blocks); return; }
#endif
    draw_interior_narrow(t, q, y, xs, xe, row_blocks);
}
