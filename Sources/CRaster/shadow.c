/*
 * A layer's shadow (cr_draw_shadow): a rounded rectangle blurred by a
 * Gaussian, integrated per pixel, and the count of the pixels that cost
 * most, charged before drawing (cr_shadow_corner_pixels).
 */
#include "shape.h"

/* ∫ of a unit Gaussian (σ) over [a, b]: the blurred coverage of an interval. */
static inline double gaussian_interval(double a, double b, double sigma) {
    double k = 1.0 / (sigma * 1.4142135623730951);
    return 0.5 * (erf(b * k) - erf(a * k));
}

/* erf to within 5e-4 (Abramowitz and Stegun 7.1.27: a rational function, no
   exp): a shadow's coverage is written in 1/255 steps, and the row-by-row
   integral near a rounded corner takes 32 of them a pixel, which glibc's
   erf made most of the cost. */
static inline double erf_fast(double x) {
    double a = fabs(x);
    double p = 1 + a * (0.278393 + a * (0.230389 + a * (0.000972 + a * 0.078108)));
    p *= p;
    double e = 1 - 1 / (p * p);
    return x < 0 ? -e : e;
}

/* Whether blurred_box takes its row-by-row integral at (u, v): the corners'
   arcs change the blur only within 3σ of their squares. */
static inline int blur_near_corner(double u, double v, double w, double h, double r, int square, double sigma) {
    double reach = r + 3 * sigma;
    return r > 0 && square != 15 && (u < reach || u > w - reach) && (v < reach || v > h - reach);
}

/* A rounded rectangle [0,w]x[0,h] with corner radius r, blurred by a
   Gaussian of deviation sigma, at (u, v). A rectangle is separable: the
   product of two blurred intervals, exactly. With corners the vertical
   integral is taken in 16 steps over ±3σ; in each row the rectangle's width
   shrinks where the corner arcs curve in, and the horizontal integral stays
   exact (the usual analytic approximation of a blurred rounded box). */
static double blurred_box(double u, double v, double w, double h, double r, int square, double sigma) {
    if (!blur_near_corner(u, v, w, h, r, square, sigma))
        return gaussian_interval(-u, w - u, sigma) * gaussian_interval(-v, h - v, sigma);
    double low = v - 3 * sigma, high = v + 3 * sigma;
    if (low < 0) low = 0;
    if (high > h) high = h;
    if (low >= high) return 0;
    const int steps = 16;
    double step = (high - low) / steps, sum = 0;
    double norm = 1.0 / (sigma * 2.5066282746310002), k = 1.0 / (sigma * 1.4142135623730951);
    /* The Gaussian's weight at each step, exp(-(g0 + i·d)²/2), by its
       ratio from one step to the next (itself multiplied by exp(-d²) each
       step): three exps a pixel rather than sixteen. */
    double g0 = (low + 0.5 * step - v) / sigma, d = step / sigma;
    double weight = exp(-0.5 * g0 * g0), ratio = exp(-g0 * d - 0.5 * d * d), ratio_step = exp(-d * d);
    for (int i = 0; i < steps; i++) {
        double y = low + (i + 0.5) * step;
        double dy = fabs(y - h * 0.5) - (h * 0.5 - r);
        double inset = dy > 0 ? r - sqrt(r * r - (dy < r ? dy * dy : r * r)) : 0;
        /* A square corner (maskedCorners) does not curve in. */
        int row = y < h * 0.5 ? 0 : 2;
        double left = (square >> row) & 1 ? 0 : inset, right = (square >> (row + 1)) & 1 ? 0 : inset;
        sum += 0.5 * (erf_fast((w - right - u) * k) - erf_fast((left - u) * k)) * weight;
        weight *= ratio;
        ratio *= ratio_step;
    }
    return sum * norm * step;
}

/* Never sharper than the pixel grid: a zero radius is still anti-aliased. */
static double shadow_sigma(const cr_quad *q, double sigma) {
    double reach = stretch_at(q, (q->x0 + q->x1) * 0.5, (q->y0 + q->y1) * 0.5);
    double floor_sigma = isfinite(reach) ? 0.4 * reach : 0.4;
    return sigma < floor_sigma ? floor_sigma : sigma;
}

long cr_shadow_corner_pixels(const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma) {
    sigma = shadow_sigma(q, sigma);
    if (r <= 0 || q->square_corners == 15) return 0;
    long count = 0;
    for (int y = q->y0; y < q->y1; y++)
        for (int x = q->x0; x < q->x1; x++) {
            double u, v;
            if (clip_samples(q, x, y) == 0 || !local_point(q, x + 0.5, y + 0.5, &u, &v)) continue;
            count += blur_near_corner(u - sx, v - sy, sw, sh, r, q->square_corners, sigma);
        }
    return count;
}

void cr_draw_shadow(cr_target *t, const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma) {
    sigma = shadow_sigma(q, sigma);
    for (int y = q->y0; y < q->y1; y++) {
        for (int x = q->x0; x < q->x1; x++) {
            uint32_t m = modulation(q, x, y);
            if (m == 0) continue;
            double u, v;
            if (!local_point(q, x + 0.5, y + 0.5, &u, &v)) continue;
            double c = blurred_box(u - sx, v - sy, sw, sh, r, q->square_corners, sigma);
            if (c <= 0.5 / 255) continue;
            if (c > 1) c = 1;
            uint32_t k = (uint32_t)(c * m + 0.5);
            uint8_t src[4];
            scale_px(src, q->color, k);
            if (src[3] == 0) continue;
            cri_blend_samples(t, x, y, src, ALL_SAMPLES);
        }
    }
}
