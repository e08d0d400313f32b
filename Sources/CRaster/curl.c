/*
 * A page curled round a cylinder (cr_draw_curl): the careful way pixel by
 * pixel, and runs of a row that need no care under an affine map. A
 * concern of its own, using the filter, the flat tiles and the aligned
 * path's blend but sharing nothing with a layer's edges.
 */
#include "aligned.h"
#include "shape.h"
#include "span.h"
#include "tiles.h"

/* Where on the flat page the surface seen at local point p comes from, for
   the highest of the curl's layers there. Returns 0 where no page is seen,
   1 for the page's front, 2 for its back; *light is the shading (0-256). */
/* The cylinder's angle at a distance d past the axis, as curl_source finds
   it where 0 ≤ d ≤ r: a1 = asin(d / r) and cos a1. */
typedef struct {
    double a1, cos_a1;
} curl_arc;

static inline curl_arc curl_arc_at(double d, double r) {
    double x = d / r > 1 ? 1 : d / r;
    /* cos a1 = √(1 − x²) (a1 in [−π/2, π/2]) and cos a2 = −cos a1: one root for two cosines. */
    curl_arc arc = {asin(x), sqrt(1 - x * x)};
    return arc;
}

/* `arc`: curl_arc_at for the point's d, when found already (or NULL). */
static int curl_source(const cr_quad *q, double pu, double pv, double cx, double cy, double nx, double ny, double r,
                       const curl_arc *arc, double *su, double *sv, int *light) {
    const double pi = 3.14159265358979323846;
    double d = (pu - cx) * nx + (pv - cy) * ny;
    /* Candidates from the top down: the flat back (z = 2r), the far half of
       the cylinder (back, z in r..2r), its near half (front, z in 0..r), the flat page. */
    double delta[3];
    int side[3], shadeOf[3];
    int count = 0;
    if (d < 0) { delta[count] = pi * r - d; side[count] = 2; shadeOf[count] = 230; count++; }
    if (d >= -1e-9 && d <= r) {
        curl_arc found = arc ? *arc : curl_arc_at(d, r);
        double a1 = found.a1, a2 = pi - a1, cos_a1 = found.cos_a1;
        delta[count] = a2 * r; side[count] = 2; shadeOf[count] = (int)(150 + 80 * (1 + cos_a1) / 2); count++;
        delta[count] = a1 * r; side[count] = 1; shadeOf[count] = (int)(256 - 110 * (1 - cos_a1)); count++;
    }
    for (int k = 0; k < count; k++) {
        double u = pu - nx * d + nx * delta[k], v = pv - ny * d + ny * delta[k];
        if (u >= 0 && v >= 0 && u <= q->width && v <= q->height) {
            *su = u; *sv = v; *light = shadeOf[k];
            return side[k];
        }
    }
    /* The flat page behind the axis: only the page itself (a page smaller
       than the screen has nothing round it to show). */
    if (d <= 0 && pu >= 0 && pv >= 0 && pu <= q->width && pv <= q->height) { *su = pu; *sv = pv; *light = 256; return 1; }
    return 0;
}

/* The curl's parameters, as cr_draw_curl takes them, and the pixel's
   reach in local units: within it of a silhouette (the page's border, the
   cylinder's rim) four samples decide the coverage. */
typedef struct {
    double cx, cy, nx, ny, r, reach;
} curl_shape;

/* The curl finds its own coverage (its pixels' colours carry it), so
   what it draws covers each pixel whole (ALL_SAMPLES): where a pixel keeps
   samples (an edge of what lies under the page) it is blended into every
   sample, so that the samples still average to the pixel. */

/* cri_span_over's pixels [x0, x0 + n) of row y: rows and blocks with no
   samples in one pass, the pixels of the others through their samples
   (cri_span_over's arithmetic: lanes_over(lanes_mul255(c, alpha), d)). */
static void span_over_target(cr_target *t, int y, int x0, const uint8_t *texels, int n, uint32_t alpha) {
    const uint64_t blocks = t->sampled_rows[y];
    if (!blocks || !(blocks & sample_blocks(sample_block_shift(t->width), x0, x0 + n))) {
        cri_span_over(t->pixels + ((size_t)y * t->width + x0) * 4, texels, n, 0, alpha);
        return;
    }
    for (int k = 0; k < n; k++) {
        uint32_t c = load_px(texels + (size_t)k * 4);
        if (alpha != 255) c = lanes_mul255(c, alpha);
        uint8_t cc[4];
        store_px(cc, c);
        cri_blend_samples(t, x0 + k, y, cc, ALL_SAMPLES);
    }
}

/* One pixel of the curl the careful way: its source found at its centre
   (or at four samples near a silhouette), shaded, blended. */
static void curl_pixel_at(cr_target *t, const cr_quad *q, const curl_shape *c, int x, int y, int seen, double pu, double pv,
                          const curl_arc *arc) {
    double cx = c->cx, cy = c->cy, nx = c->nx, ny = c->ny, r = c->r, reach = c->reach;
    uint32_t m = modulation(q, x, y);
    if (m == 0) return;
    double su = 0, sv = 0;
    int light = 256;
    if (!seen) return;
    int side = curl_source(q, pu, pv, cx, cy, nx, ny, r, arc, &su, &sv, &light);
    double d = (pu - cx) * nx + (pv - cy) * ny;
    int near_rim = fabs(d - r) < reach || (side && (su < reach || sv < reach || su > q->width - reach || sv > q->height - reach));
    int hits = side ? 4 : 0, shadow = 0;
    if (near_rim) {
        hits = 0;
        for (int k = 0; k < CR_SAMPLES; k += 4) {
            double qu, qv, tu, tv;
            int tl;
            if (!local_point(q, x + sample_x[k], y + sample_y[k], &qu, &qv)) continue;
            int s2 = curl_source(q, qu, qv, cx, cy, nx, ny, r, NULL, &tu, &tv, &tl);
            if (s2) {
                if (!hits) { su = tu; sv = tv; light = tl; side = s2; }
                hits++;
            }
        }
    }
    /* The curl's shadow on what it uncovers, fading over 1.2 r past the rim. */
    if (hits < 4 && d > r && d < r * 2.2 && pu >= 0 && pv >= 0 && pu <= q->width && pv <= q->height)
        shadow = (int)(96 * (1 - (d - r) / (r * 1.2)));
    if (hits) {
        uint8_t px[4];
        int32_t fx, fy;
        const texel_scale scale = texel_scale_of(q);
        texel_at(&scale, su, sv, 1, &fx, &fy);
        /* Worked on as one word (see blend). */
        uint32_t c = bilinear_fixed(q, fx, fy), a = c >> 24, lit = a << 24;
        for (int ch = 0; ch < 3; ch++) {
            uint32_t v = channel(c, ch);
            /* The back: the page's own picture seen through the paper, lightened. */
            if (side == 2) v = (v * 2u + a * 3u + 2) / 5 & 0xff;
            lit |= ((v * (uint32_t)light) >> 8 & 0xff) << (8 * ch);
        }
        store_px(px, lit);
        scale_px(px, px, m * (uint32_t)hits / 4);
        if (hits < 4 && shadow > 0) {
            uint8_t s[4];
            store_px(s, div255(m * (uint32_t)shadow * (4 - hits) / 4) << 24);
            cri_blend_samples(t, x, y, s, ALL_SAMPLES);
        }
        cri_blend_samples(t, x, y, px, ALL_SAMPLES);
    } else if (shadow > 0) {
        uint8_t s[4];
        store_px(s, div255(m * (uint32_t)shadow) << 24);
        cri_blend_samples(t, x, y, s, ALL_SAMPLES);
    }
}

/*
 * Pixels [x0, x1) of row y, each as curl_pixel_at draws it, their centres'
 * local points solved first for a batch at a time in a loop of nothing
 * but arithmetic (local_point's, operation for operation), so that one
 * pixel's divides overlap the next's rather than wait behind its branches.
 */
static void curl_run(cr_target *t, const cr_quad *q, const curl_shape *c, int y, int x0, int x1) {
    const double *m = q->m;
    double py = y + 0.5;
    for (int b = x0; b < x1; b += EDGE_BATCH) {
        int n = x1 - b < EDGE_BATCH ? x1 - b : EDGE_BATCH;
        double us[EDGE_BATCH], vs[EDGE_BATCH];
        int seen[EDGE_BATCH], on_arc[EDGE_BATCH];
        curl_arc arcs[EDGE_BATCH];
        for (int k = 0; k < n; k++) {
            double px = b + k + 0.5;
            double W = px * m[2] + py * m[5] + m[8];
            double u = (px * m[0] + py * m[3] + m[6]) / W, v = (px * m[1] + py * m[4] + m[7]) / W;
            us[k] = u; vs[k] = v;
            seen[k] = W != 0 && u * q->f[0] + v * q->f[1] + q->f[2] > 0;
        }
        /* The arcs' roots too (curl_source's d and its range, as it tests them). */
        for (int k = 0; k < n; k++) {
            double d = (us[k] - c->cx) * c->nx + (vs[k] - c->cy) * c->ny;
            on_arc[k] = d >= -1e-9 && d <= c->r;
            if (on_arc[k]) arcs[k] = curl_arc_at(d, c->r);
        }
        for (int k = 0; k < n; k++) curl_pixel_at(t, q, c, b + k, y, seen[k], us[k], vs[k], on_arc[k] ? &arcs[k] : NULL);
    }
}

/* The pixels x (whole numbers) in [lo, hi], as [*s, *e), within [x0, x1). */
static inline void pixels_between(double lo, double hi, int x0, int x1, int *s, int *e) {
    *s = x1; *e = x1;
    if (!(lo <= hi)) return;
    double a = ceil(lo), b = floor(hi) + 1;
    if (a < x0) a = x0;
    if (b > x1) b = x1;
    if (a < b) { *s = (int)a; *e = (int)b; }
}

/* What a run of a curled row is: nothing, the plain page, the flap's back, the curl's shadow. */
enum { RUN_NOTHING, RUN_PLAIN, RUN_FLAP, RUN_SHADOW };

/* A run [s, e) of `kind`, appended when not empty. */
static inline void add_run(int runs[5][3], int *count, double lo, double hi, int x0, int x1, int kind) {
    int s, e;
    pixels_between(lo, hi, x0, x1, &s, &e);
    if (s < e) { runs[*count][0] = s; runs[*count][1] = e; runs[*count][2] = kind; (*count)++; }
}

/* The linear functions of x (a x + b, at pixel centres) a curled row needs. */
typedef struct {
    double au, bu, av, bv;    /* the local point */
    double ad, bd;            /* its distance past the axis */
    double afu, bfu, afv, bfv; /* the point folded onto it: p + n (pi r − 2 d) */
} curl_row;

static curl_row curl_row_at(const cr_quad *q, const curl_shape *c, int y) {
    const double *m = q->m, pi = 3.14159265358979323846;
    double W = m[8], py = y + 0.5;
    curl_row l;
    l.au = m[0] / W; l.bu = (0.5 * m[0] + py * m[3] + m[6]) / W;
    l.av = m[1] / W; l.bv = (0.5 * m[1] + py * m[4] + m[7]) / W;
    l.ad = l.au * c->nx + l.av * c->ny; l.bd = (l.bu - c->cx) * c->nx + (l.bv - c->cy) * c->ny;
    l.afu = l.au - 2 * c->nx * l.ad; l.bfu = l.bu + c->nx * (pi * c->r - 2 * l.bd);
    l.afv = l.av - 2 * c->ny * l.ad; l.bfv = l.bv + c->ny * (pi * c->r - 2 * l.bd);
    return l;
}

/*
 * Where on row y the careful way is not needed, for a page drawn through
 * an affine map (along a row, every local quantity is then linear in x),
 * as runs [s, e) of a kind, sorted and apart; returns how many (at most 5):
 * - plain: flat page, front up, not under the flap, clear of every
 *   silhouette by more than a pixel's reach: the page's texels as they are
 *   (only with one texel a pixel: `texels`);
 * - flap: the flap's back lying flat over the page, clear of its edges;
 * - shadow: the shadow on what the curl uncovers, clear of the rim and on the page;
 * - nothing: past the shadow.
 * Each condition is kept with a margin of 1e-6 local units, far above the
 * rounding of the per-pixel arithmetic, so every pixel of a run is one
 * that curl_pixel_at draws the same way (plain and nothing: the same bytes;
 * flap and shadow: the same colour, its texel position stepped along the
 * row rather than solved at each pixel, which may move a filter weight by
 * 1/256 and a channel by 1).
 */
static int curl_runs(const cr_quad *q, const curl_shape *c, const curl_row *l, int texels, int y, int runs[5][3]) {
    const double tol = 1e-6;
    double r = c->r, reach = c->reach, w = q->width, h = q->height;
    int count = 0, x0 = q->x0, x1 = q->x1;
    double lo, hi;
    double flat = -tol < r - reach - tol ? -tol : r - reach - tol;  /* d at most this: flat, clear of the rim */
    if (texels) {
        lo = x0; hi = x1 - 1;
        keep_where_positive(-l->ad, flat - l->bd, &lo, &hi);
        keep_where_positive(l->au, l->bu - reach - tol, &lo, &hi);
        keep_where_positive(-l->au, w - reach - tol - l->bu, &lo, &hi);
        keep_where_positive(l->av, l->bv - reach - tol, &lo, &hi);
        keep_where_positive(-l->av, h - reach - tol - l->bv, &lo, &hi);
        /* Where the folded point is on the page, grown by the margin: the flap's back is there. */
        double flo = lo - 1, fhi = hi + 1;
        keep_where_positive(l->afu, l->bfu + tol, &flo, &fhi);
        keep_where_positive(-l->afu, w + tol - l->bfu, &flo, &fhi);
        keep_where_positive(l->afv, l->bfv + tol, &flo, &fhi);
        keep_where_positive(-l->afv, h + tol - l->bfv, &flo, &fhi);
        if (flo > fhi) {
            add_run(runs, &count, lo, hi, x0, x1, RUN_PLAIN);
        } else {
            /* Pixels strictly before flo and strictly after fhi. */
            add_run(runs, &count, lo, ceil(flo) - 1 < hi ? ceil(flo) - 1 : hi, x0, x1, RUN_PLAIN);
            add_run(runs, &count, floor(fhi) + 1 > lo ? floor(fhi) + 1 : lo, hi, x0, x1, RUN_PLAIN);
        }
    }
    /* The flap: flat, its folded point on the page by more than a pixel's reach. */
    lo = x0; hi = x1 - 1;
    keep_where_positive(-l->ad, flat - l->bd, &lo, &hi);
    keep_where_positive(l->afu, l->bfu - reach - tol, &lo, &hi);
    keep_where_positive(-l->afu, w - reach - tol - l->bfu, &lo, &hi);
    keep_where_positive(l->afv, l->bfv - reach - tol, &lo, &hi);
    keep_where_positive(-l->afv, h - reach - tol - l->bfv, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_FLAP);
    /* The shadow: past the rim by more than a pixel's reach, short of 2.2 r, on the page. */
    lo = x0; hi = x1 - 1;
    keep_where_positive(l->ad, l->bd - (r + reach + tol), &lo, &hi);
    keep_where_positive(-l->ad, 2.2 * r - tol - l->bd, &lo, &hi);
    keep_where_positive(l->au, l->bu - tol, &lo, &hi);
    keep_where_positive(-l->au, w - tol - l->bu, &lo, &hi);
    keep_where_positive(l->av, l->bv - tol, &lo, &hi);
    keep_where_positive(-l->av, h - tol - l->bv, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_SHADOW);
    /* Past the shadow (d ≥ 2.2 r) and clear of the rim: nothing. */
    lo = x0; hi = x1 - 1;
    double beyond = (2.2 * r > r + reach ? 2.2 * r : r + reach) + tol;
    keep_where_positive(l->ad, l->bd - beyond, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_NOTHING);
    /* Sorted by start (at most five). */
    for (int a = 1; a < count; a++)
        for (int b = a; b > 0 && runs[b][0] < runs[b - 1][0]; b--)
            for (int k = 0; k < 3; k++) { int tmp = runs[b][k]; runs[b][k] = runs[b - 1][k]; runs[b - 1][k] = tmp; }
    return count;
}

/* A run of the flap's back: its texels found SPAN pixels at a time (a
   texel position solved at each span's start, stepped between), filtered
   as a layer's are, then shaded as curl_pixel_at shades the back. */
/* The back of the page in the flap's light: each colour channel c of a
   texel (alpha a) becomes ((2c + 3a + 2) / 5) · 230 / 256, the page's own
   picture seen through the paper, lightened, then shaded; alpha stays. */
static void shade_back(uint32_t *texels, int n) {
    int k = 0;
#if defined(__SSE2__)
    /* x / 5 for 16-bit x is (x · 0xCCCD) >> 18 exactly. */
    const __m128i zero = _mm_setzero_si128(), fifth = _mm_set1_epi16((short)0xCCCD), light = _mm_set1_epi16(230);
    const __m128i two = _mm_set1_epi16(2), three = _mm_set1_epi16(3);
    const __m128i colour = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1);
    for (; k + 4 <= n; k += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(texels + k));
        __m128i halves[2] = {_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)};
        for (int h = 0; h < 2; h++) {
            __m128i c = halves[h], a = alphas_epi16(c);
            __m128i x = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(c, two), _mm_mullo_epi16(a, three)), two);
            __m128i shaded = _mm_srli_epi16(_mm_mullo_epi16(_mm_srli_epi16(_mm_mulhi_epu16(x, fifth), 2), light), 8);
            halves[h] = _mm_or_si128(_mm_and_si128(shaded, colour), _mm_andnot_si128(colour, c));
        }
        _mm_storeu_si128((__m128i *)(void *)(texels + k), _mm_packus_epi16(halves[0], halves[1]));
    }
#endif
    for (; k < n; k++) {
        uint8_t c[4];
        store_px(c, texels[k]);
        for (int ch = 0; ch < 3; ch++) c[ch] = (uint8_t)((((c[ch] * 2u + c[3] * 3u + 2) / 5) * 230u) >> 8);
        texels[k] = load_px(c);
    }
}

static void draw_flap_run(cr_target *t, const cr_quad *q, const curl_row *l, int y, int xs, int xe) {
    double kx = (double)q->tex_width / q->width, ky = (double)q->tex_height / q->height;
    int32_t dx = (int32_t)floor(l->afu * kx * 65536.0 + 0.5), dy = (int32_t)floor(l->afv * ky * 65536.0 + 0.5);
    const texel_scale scale = texel_scale_of(q);
    const tile_grid grid = tile_grid_of(q);
    for (int x0 = xs; x0 < xe; x0 += SPAN) {
        int n = xe - x0 < SPAN ? xe - x0 : SPAN;
        int32_t fx, fy;
        texel_at(&scale, l->afu * x0 + l->bfu, l->afv * x0 + l->bfv, 1, &fx, &fy);
        uint32_t source[SPAN], flat;
        /* The run's last texel stays inside the page (its margin), so stepping never leaves the texture. */
        if (q->tiles && cri_fast_paths_allowed && flat_run(&grid, fx, fy, dx, dy, n, &flat)) {
            for (int k = 0; k < n; k++) source[k] = flat;
        } else bilinear_span(q, fx, fy, dx, dy, n, source);
        shade_back(source, n);
        /* Over the target at the page's opacity. */
        span_over_target(t, y, x0, (const uint8_t *)(const void *)source, n, q->alpha);
    }
}

/* A run of the curl's shadow: black, fading over 1.2 r past the rim. */
static void draw_shadow_run(cr_target *t, const cr_quad *q, const curl_shape *c, const curl_row *l, int y, int xs, int xe) {
    for (int x = xs; x < xe; x++) {
        double d = l->ad * x + l->bd;
        int shadow = (int)(96 * (1 - (d - c->r) / (c->r * 1.2)));
        if (shadow <= 0) continue;
        uint8_t s[4];
        store_px(s, div255(q->alpha * (uint32_t)shadow) << 24);
        cri_blend_samples(t, x, y, s, ALL_SAMPLES);
    }
}

void cr_draw_curl(cr_target *t, const cr_quad *q, double cx, double cy, double nx, double ny, double r) {
    if (!q->texture || q->tex_width < 1 || q->tex_height < 1) return;  /* the page's picture is what curls */
    if (r < 0.5) r = 0.5;
    curl_shape c = {cx, cy, nx, ny, r, stretch_at(q, q->x0 + 0.5, q->y0 + 0.5) * 1.5};
    /* Runs of the careful way's pixels need no care where the page is
       drawn by an affine map with no clip; the plain flat page is copied
       only when the page lies on whole pixels with a texel a pixel. */
    const double *m = q->m;
    int runs_allowed = cri_fast_paths_allowed && !q->clip && m[2] == 0 && m[5] == 0 && m[8] != 0 && q->f[0] == 0 && q->f[1] == 0 && q->f[2] > 0
        && isfinite(c.reach);
    int ax0 = 0, ay0 = 0, ax1 = 0, ay1 = 0;
    int texels = runs_allowed && cri_aligned_rect(q, &ax0, &ay0, &ax1, &ay1);
    for (int y = q->y0; y < q->y1; y++) {
        int runs[5][3], count = 0;
        curl_row l;
        if (runs_allowed) {
            l = curl_row_at(q, &c, y);
            count = curl_runs(q, &c, &l, texels && y >= ay0 && y < ay1, y, runs);
        }
        int x = q->x0;
        for (int k = 0; k <= count; k++) {
            int until = k < count ? runs[k][0] : q->x1;
            if (x < until) curl_run(t, q, &c, y, x, until);
            x = until;
            if (k == count) break;
            int s = runs[k][0], e = runs[k][1];
            if (runs[k][2] == RUN_PLAIN) {
                const uint8_t *row = q->texture + ((size_t)(y - ay0) * q->tex_width + (s - ax0)) * 4;
                span_over_target(t, y, s, row, e - s, q->alpha);
            } else if (runs[k][2] == RUN_FLAP) {
                draw_flap_run(t, q, &l, y, s, e);
            } else if (runs[k][2] == RUN_SHADOW) {
                draw_shadow_run(t, q, &c, &l, y, s, e);
            }
            x = e;
        }
    }
}
