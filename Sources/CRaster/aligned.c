/*
 * Layers on whole pixels: the fast path for a layer that is not turned,
 * scaled off the grid, rounded or clipped, which most of a transition's
 * layers are. Its own file: it shares nothing with the edges but the
 * interior it falls back on where a row keeps samples.
 */
#include "aligned.h"
#include "paths.h"
#include "span.h"

/* Most layers of a transition's frames are not turned at all: screens,
   list rows and dimming views at rest or sliding by whole pixels. Their
   edges lie on pixel boundaries, so every pixel of their box is whole (no
   classifying, no samples) and, when their picture has one texel a device
   pixel, each row is one pass of texels over the target: the plain blend. */

/* Whether x is a whole number, to within the error of a homography's inverse. */
static inline int near_whole(double x, int *whole) {
    double r = floor(x + 0.5);
    if (!(fabs(x - r) < 1e-6) || fabs(r) > 1e9) return 0;
    *whole = (int)r;
    return 1;
}

/*
 * The device pixels [ax0, ax1) x [ay0, ay1) an unturned, unsheared layer
 * covers when its edges lie (to within 1e-6 of a pixel) on pixel
 * boundaries; 0 when it is anything else (rounded, a border, clipped,
 * turned, in perspective, or off the pixel grid), which the general path
 * draws. Inside the rectangle the general path would find every pixel
 * whole and take its colour at its centre, which is what the rows here do.
 */
int cri_aligned_rect(const cr_quad *q, int *ax0, int *ay0, int *ax1, int *ay1) {
    const double *m = q->m;
    if (!cri_fast_paths_allowed || q->radius > 0 || q->ring > 0 || q->clip) return 0;
    if (m[1] != 0 || m[2] != 0 || m[3] != 0 || m[5] != 0 || m[0] == 0 || m[4] == 0 || m[8] == 0) return 0;
    if (q->f[0] != 0 || q->f[1] != 0 || !(q->f[2] > 0)) return 0;
    /* u = (x m0 + m6) / m8 is 0 and the width at these x; v likewise down. */
    double xa = -m[6] / m[0], xb = (q->width * m[8] - m[6]) / m[0];
    double ya = -m[7] / m[4], yb = (q->height * m[8] - m[7]) / m[4];
    int x0, x1, y0, y1;
    if (!near_whole(xa < xb ? xa : xb, &x0) || !near_whole(xa < xb ? xb : xa, &x1)) return 0;
    if (!near_whole(ya < yb ? ya : yb, &y0) || !near_whole(ya < yb ? yb : ya, &y1)) return 0;
    if (x1 <= x0 || y1 <= y0) return 0;
    /* A picture must have one texel a pixel, the right way round: copied, not filtered. */
    if (q->texture && (m[0] / m[8] < 0 || m[4] / m[8] < 0 || q->tex_width != x1 - x0 || q->tex_height != y1 - y0)) return 0;
    *ax0 = x0; *ay0 = y0; *ax1 = x1; *ay1 = y1;
    return 1;
}

/*
 * One pass over n pixels with no samples and no clip: each texel (or,
 * without a texture, the fill) over `under` where it is not opaque, at
 * `alpha`, then over the target. The same bytes as cri_blend_span.
 */
void cri_span_over(uint8_t *dst, const uint8_t *texels, int n, uint32_t under, uint32_t alpha) {
    uint32_t fill = alpha != 255 ? lanes_mul255(under, alpha) : under;
    if (!texels && fill == 0) return;
    int k = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), alphas = _mm_set1_epi32((int)0xff000000u), c255 = _mm_set1_epi16(255);
    const __m128i under16 = _mm_unpacklo_epi8(_mm_set1_epi32((int)under), zero), alpha16 = _mm_set1_epi16((short)alpha);
    const __m128i fill4 = _mm_set1_epi32((int)fill);
    for (; k + 4 <= n; k += 4) {
        __m128i s = fill4;
        if (texels) {
            s = _mm_loadu_si128((const __m128i *)(const void *)(texels + (size_t)k * 4));
            int opaque = _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alphas), alphas)) == 0xffff;
            if (under != 0 && !opaque) {
                __m128i lo = mul255_epi16(under16, _mm_sub_epi16(c255, alphas_epi16(_mm_unpacklo_epi8(s, zero))));
                __m128i hi = mul255_epi16(under16, _mm_sub_epi16(c255, alphas_epi16(_mm_unpackhi_epi8(s, zero))));
                s = _mm_add_epi8(s, _mm_packus_epi16(lo, hi));
            }
            if (alpha != 255) {
                s = _mm_packus_epi16(mul255_epi16(_mm_unpacklo_epi8(s, zero), alpha16), mul255_epi16(_mm_unpackhi_epi8(s, zero), alpha16));
            } else if (opaque) {
                _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), s);
                continue;
            }
        } else if ((fill >> 24) == 255) {
            _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), s);
            continue;
        }
        /* Four clear pixels (a status bar's or a list row's picture is
           mostly clear) leave the target as it is: d·255/255 + 0 is d. */
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(s, zero)) == 0xffff) continue;
        /* d·(255 − sa)/255 + s. */
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(dst + (size_t)k * 4));
        __m128i lo = mul255_epi16(_mm_unpacklo_epi8(d, zero), _mm_sub_epi16(c255, alphas_epi16(_mm_unpacklo_epi8(s, zero))));
        __m128i hi = mul255_epi16(_mm_unpackhi_epi8(d, zero), _mm_sub_epi16(c255, alphas_epi16(_mm_unpackhi_epi8(s, zero))));
        _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), _mm_add_epi8(_mm_packus_epi16(lo, hi), s));
    }
#endif
    for (; k < n; k++) {
        uint32_t c = fill;
        if (texels) {
            c = load_px(texels + (size_t)k * 4);
            if ((c >> 24) != 255 && under != 0) c += lanes_mul255(under, 255 - (c >> 24));
            if (alpha != 255) c = lanes_mul255(c, alpha);
        }
        store_px(dst + (size_t)k * 4, lanes_over(c, load_px(dst + (size_t)k * 4)));
    }
}

/* An aligned layer's rows (cri_aligned_rect): only rows where some pixel keeps
   samples go the careful way. */
void cri_draw_aligned(cr_target *t, const cr_quad *q, int ax0, int ay0, int ax1, int ay1) {
    int x0 = ax0 > q->x0 ? ax0 : q->x0, x1 = ax1 < q->x1 ? ax1 : q->x1;
    int y0 = ay0 > q->y0 ? ay0 : q->y0, y1 = ay1 < q->y1 ? ay1 : q->y1;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > t->width) x1 = t->width;
    if (y1 > t->height) y1 = t->height;
    if (x1 <= x0 || y1 <= y0) return;
    uint32_t color = load_px(q->color);
    for (int y = y0; y < y1; y++) {
        size_t row = (size_t)y * t->width;
        const uint8_t *texels = q->texture ? q->texture + ((size_t)(y - ay0) * q->tex_width + (x0 - ax0)) * 4 : NULL;
        if (!(t->sampled_rows[y] & sample_blocks(sample_block_shift(t->width), x0, x1))) {
            cri_span_over(t->pixels + (row + x0) * 4, texels, x1 - x0, color, q->alpha);
            continue;
        }
        if (!texels) { cri_draw_interior(t, q, y, x0, x1, t->sampled_rows[y]); continue; }
        for (int x = x0; x < x1; x += SPAN) {
            int n = x1 - x < SPAN ? x1 - x : SPAN;
            uint32_t source[SPAN];
            memcpy(source, texels + (size_t)(x - x0) * 4, (size_t)n * 4);
            cri_blend_span(t, q, row + x, source, n, color, 1);
        }
    }
}
