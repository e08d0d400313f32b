/*
 * A layer's shape pixel by pixel: where a pixel's 16 samples lie, which of
 * them the rounded rectangle (or its border) covers through the layer's
 * homography, whether a pixel is inside, outside or on the edge, what the
 * clip lets through. Inline: the edges, the curl and the shadows ask it of
 * every pixel they visit.
 */
#ifndef CRASTER_SHAPE_H
#define CRASTER_SHAPE_H

#include "paths.h"
#include "samples.h"

/* 16 sample positions in a pixel, one per row and column of a 16x16 grid
   (n-rooks), so near-horizontal and near-vertical edges both get 17
   coverage levels. Fixed: the same picture on every run. */
static const double sample_x[CR_SAMPLES] = {
    0.03125, 0.09375, 0.15625, 0.21875, 0.28125, 0.34375, 0.40625, 0.46875,
    0.53125, 0.59375, 0.65625, 0.71875, 0.78125, 0.84375, 0.90625, 0.96875};
static const double sample_y[CR_SAMPLES] = {
    0.53125, 0.21875, 0.90625, 0.40625, 0.03125, 0.71875, 0.34375, 0.84375,
    0.15625, 0.65625, 0.46875, 0.96875, 0.28125, 0.59375, 0.09375, 0.78125};

/* Signed distance from (u, v) to a rounded rectangle [0,w]x[0,h] with
   corner radius r: negative inside. */
static inline double rounded_rect_sdf(double u, double v, double w, double h, double r) {
    double qx = fabs(u - w * 0.5) - (w * 0.5 - r);
    double qy = fabs(v - h * 0.5) - (h * 0.5 - r);
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double inside = qx > qy ? qx : qy;
    if (inside > 0) inside = 0;
    return sqrt(ox * ox + oy * oy) + inside - r;
}

/* The radius of the corner whose quadrant (u, v) is in: 0 where it is square. */
static inline double corner_radius(const cr_quad *q, double u, double v) {
    if (!q->square_corners) return q->radius;
    int corner = (u < q->width * 0.5 ? 0 : 1) | (v < q->height * 0.5 ? 0 : 2);
    return (q->square_corners >> corner) & 1 ? 0 : q->radius;
}

static inline double shape_sdf(const cr_quad *q, double u, double v) {
    double radius = corner_radius(q, u, v);
    double s = rounded_rect_sdf(u, v, q->width, q->height, radius);
    if (q->ring > 0) {
        double iw = q->width - 2 * q->ring, ih = q->height - 2 * q->ring;
        if (iw > 0 && ih > 0) {
            double ir = radius - q->ring;
            double inner = rounded_rect_sdf(u - q->ring, v - q->ring, iw, ih, ir > 0 ? ir : 0);
            if (-inner > s) s = -inner;
        }
    }
    return s;
}

/* The local point under a device position, and whether it is in front of the eye. */
static inline int local_point(const cr_quad *q, double x, double y, double *u, double *v) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return 0;
    *u = (x * m[0] + y * m[3] + m[6]) / W;
    *v = (x * m[1] + y * m[4] + m[7]) / W;
    return *u * q->f[0] + *v * q->f[1] + q->f[2] > 0;
}

/* How much of pixel (x, y) the shape covers, as a mask of samples, and the
   local point at its centre. */
static inline int sample_mask(const cr_quad *q, int x, int y) {
    int mask = 0;
    if (q->radius <= 0 && q->ring <= 0) {
        /* A plain rectangle: each sample inside when 0 ≤ U ≤ w·W and 0 ≤ V ≤ h·W
           with W made positive (u = U/W), in front when the forward w's
           numerator is positive: no divides, no roots. */
        const double *m = q->m;
        for (int i = 0; i < CR_SAMPLES; i++) {
            double px = x + sample_x[i], py = y + sample_y[i];
            double U = px * m[0] + py * m[3] + m[6], V = px * m[1] + py * m[4] + m[7], W = px * m[2] + py * m[5] + m[8];
            if (W < 0) { U = -U; V = -V; W = -W; }
            if (W == 0) continue;
            if (U >= 0 && V >= 0 && U <= q->width * W && V <= q->height * W && U * q->f[0] + V * q->f[1] + W * q->f[2] > 0)
                mask |= 1 << i;
        }
        return mask;
    }
    for (int i = 0; i < CR_SAMPLES; i++) {
        double u, v;
        if (local_point(q, x + sample_x[i], y + sample_y[i], &u, &v) && shape_sdf(q, u, v) <= 0) mask |= 1 << i;
    }
    return mask;
}

/* The direction in which the shape's distance grows fastest at (u, v): the
   rounded rectangle's outward normal (the ring's inner edge points in). */
static inline void shape_gradient(const cr_quad *q, double u, double v, double *gu, double *gv) {
    double hw = q->width * 0.5, hh = q->height * 0.5;
    double qx = fabs(u - hw) - (hw - q->radius), qy = fabs(v - hh) - (hh - q->radius);
    double sx = u < hw ? -1 : 1, sy = v < hh ? -1 : 1;
    if (qx > 0 && qy > 0) {
        double len = sqrt(qx * qx + qy * qy);
        *gu = sx * qx / len; *gv = sy * qy / len;
    } else if (qx > qy) {
        *gu = sx; *gv = 0;
    } else {
        *gu = 0; *gv = sy;
    }
}

/* Classifies a pixel: 0 outside, 1 inside, 2 on an edge (samples needed).
   The local distance becomes device pixels through the map's Jacobian
   along the shape's normal; the pixel square reaches half its extent
   along that normal from its centre. Near a corner or a ring, or where
   the map is degenerate, it answers "edge" and the samples decide. */
static inline int classify(const cr_quad *q, double x, double y, double *u, double *v) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return 2;
    double uu = (x * m[0] + y * m[3] + m[6]) / W;
    double vv = (x * m[1] + y * m[4] + m[7]) / W;
    *u = uu; *v = vv;
    if (uu * q->f[0] + vv * q->f[1] + q->f[2] <= 0) return 2;
    double dudx = (m[0] - uu * m[2]) / W, dudy = (m[3] - uu * m[5]) / W;
    double dvdx = (m[1] - vv * m[2]) / W, dvdy = (m[4] - vv * m[5]) / W;
    double s = shape_sdf(q, uu, vv);
    double stretch = sqrt(dudx * dudx + dudy * dudy + dvdx * dvdx + dvdy * dvdy);
    if (s >= 2 * stretch) return 0;
    if (s <= -2 * stretch) return 1;
    if (q->ring > 0 || q->radius > 0) return 2;
    double gu, gv;
    shape_gradient(q, uu, vv, &gu, &gv);
    double sx = gu * dudx + gv * dvdx, sy = gu * dudy + gv * dvdy;
    double grow = sqrt(sx * sx + sy * sy);
    if (grow < 1e-12) return 2;
    double pixels = s / grow, half = 0.5 * (fabs(sx) + fabs(sy)) / grow;
    /* A pixel whose side lies on the edge is whole (or empty): no samples. */
    if (pixels >= half - 1e-7) return 0;
    if (pixels <= -half + 1e-7) return 1;
    return 2;
}

/* The samples of pixel (x, y) the quad's clip lets it cover (all of them without one). */
static inline int clip_samples(const cr_quad *q, int x, int y) {
    if (!q->clip) return ALL_SAMPLES;
    if (x < q->clip_x0 || x >= q->clip_x1 || y < q->clip_y0 || y >= q->clip_y1) return 0;
    return q->clip[(size_t)(y - q->clip_y0) * (size_t)(q->clip_x1 - q->clip_x0) + (size_t)(x - q->clip_x0)];
}

/* The quad's opacity at pixel (x, y) times the share of the pixel its clip
   leaves, for what is blended by coverage rather than by samples (a
   shadow's blur, a curl's silhouette). */
static inline uint32_t modulation(const cr_quad *q, int x, int y) {
    uint32_t m = q->alpha;
    if (q->clip) m = div255(m * (uint32_t)((__builtin_popcount((unsigned)clip_samples(q, x, y)) * 255 + CR_SAMPLES / 2) / CR_SAMPLES));
    return m;
}

/* Local units a device pixel spans at (x, y): the Jacobian's Frobenius norm. */
static inline double stretch_at(const cr_quad *q, double x, double y) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return INFINITY;
    double u = (x * m[0] + y * m[3] + m[6]) / W, v = (x * m[1] + y * m[4] + m[7]) / W;
    double dudx = (m[0] - u * m[2]) / W, dudy = (m[3] - u * m[5]) / W;
    double dvdx = (m[1] - v * m[2]) / W, dvdy = (m[4] - v * m[5]) / W;
    return sqrt(dudx * dudx + dudy * dudy + dvdx * dvdx + dvdy * dvdy);
}

/* Narrows [lo, hi] to the x where k*x + c >= 0. */
static inline void keep_where_positive(double k, double c, double *lo, double *hi) {
    if (k == 0) { if (c < 0) { *lo = 1; *hi = 0; } return; }
    double root = -c / k;
    if (k > 0) { if (root > *lo) *lo = root; } else { if (root < *hi) *hi = root; }
}

/* Edge pixels solved at a time by the curl's curl_run (quad.c queues its own: EDGE_QUEUE). */
#define EDGE_BATCH 32

#if CR_HAS_AVX2_PATH
/* sample_mask for a plain rectangle, four (AVX2) or eight (AVX-512) samples at a time (shape.c). */
__attribute__((target("avx2"))) CRI_HIDDEN int cri_rect_mask_avx2(const cr_quad *q, int x, int y);
__attribute__((target("avx512f"))) CRI_HIDDEN int cri_rect_mask_avx512(const cr_quad *q, int x, int y);
/* The same mask where only condition j (1-5: U ≥ 0, V ≥ 0, U ≤ w·W, V ≤ h·W,
   in front) may fail at some sample and W is positive at every one (shape.c). */
__attribute__((target("avx2"))) CRI_HIDDEN int cri_rect_mask_one_avx2(const cr_quad *q, int x, int y, int j);
#endif

/* A plain rectangle's 16-sample mask at pixel (x, y), eight or four
   samples at a time where the processor can. */
static inline int rect_samples_mask(const cr_quad *q, int x, int y) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) return cri_rect_mask_avx512(q, x, y);
    return has_avx2() ? cri_rect_mask_avx2(q, x, y) : sample_mask(q, x, y);
#else
    return sample_mask(q, x, y);
#endif
}

/* rect_samples_mask at a pixel where the lines judged every condition but
   those in `cut` (rect_lines_verdict's, bit j for condition j) true at all
   its samples. Those conditions hold there by the lines' margins, so the
   samples need test only the one that is cut, when it is one alone and
   W's is not it (a turned layer's edge pixel but at its corners): a
   fraction of the work, the same mask. */
static inline int rect_samples_mask_cut(const cr_quad *q, int x, int y, int cut) {
#if CR_HAS_AVX2_PATH
    if ((cut & 1) == 0 && cut != 0 && (cut & (cut - 1)) == 0 && has_avx2()) return cri_rect_mask_one_avx2(q, x, y, __builtin_ctz((unsigned)cut));
#else
    (void)cut;
#endif
    return rect_samples_mask(q, x, y);
}

#endif
