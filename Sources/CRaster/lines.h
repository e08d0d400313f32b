/*
 * Edge lines: a plain rectangle's inside conditions as linear functions of
 * the device position, which decide most of its edge pixels' masks and
 * each row's hull and interior without taking samples. A header with
 * bodies, included by quad.c alone: cr_draw_quad's row loop inlines
 * lines_row_spans and rect_lines_of, as it did when they shared a file
 * (a file of their own would make them calls).
 */
#ifndef CRASTER_LINES_H
#define CRASTER_LINES_H

#include "shape.h"

#include <float.h>

/*
 * A plain rectangle's six inside conditions (W > 0, U ≥ 0, V ≥ 0,
 * w·W − U ≥ 0, h·W − V ≥ 0, and in front: f0 U + f1 V + f2 W > 0) as
 * linear functions a·x + b·y + c of the device position, and for each the
 * margin beyond which the sample code's rounding cannot change its answer.
 * Over a pixel each function lies within half of (|a| + |b|) of its value
 * at the centre, so a pixel where every function stays above its margin
 * has all 16 samples inside (the mask the samples would give: all), and
 * one where W stays positive and some function stays below minus its
 * margin has none: sample_mask is needed only for the pixels between.
 */
typedef struct {
    double a[6], b[6], c[6];
    double reach[6];   /* half of |a| + |b|: the most a function moves from a pixel's centre */
    double margin[6];
    /* Along row y (centre py), where function j crosses -margin - reach
       (outside beyond) and margin + reach (inside beyond), as the pixel
       index whose centre is there: out[j] + slope[j] py, in[j] + slope[j]
       py (a != 0). Estimates: lines_row_spans checks the pixels it cuts at. */
    double out[6], in[6], slope[6];
    /* Whether every margin is a normal number: the margins bound the
       samples' rounding relative to the terms' size, which holds only
       while that size is far from the subnormals (a layer whose map's
       entries are around 1e-310 has margins of 0). */
    int margins_hold;
} rect_lines;

static void rect_lines_of(const cr_quad *q, rect_lines *l) {
    const double *m = q->m;
    double w = q->width, h = q->height, f0 = q->f[0], f1 = q->f[1], f2 = q->f[2];
    double au = m[0], bu = m[3], cu = m[6], av = m[1], bv = m[4], cv = m[7], aw = m[2], bw = m[5], cw = m[8];
    double a[6] = {aw, au, av, w * aw - au, h * aw - av, f0 * au + f1 * av + f2 * aw};
    double b[6] = {bw, bu, bv, w * bw - bu, h * bw - bv, f0 * bu + f1 * bv + f2 * bw};
    double c[6] = {cw, cu, cv, w * cw - cu, h * cw - cv, f0 * cu + f1 * cv + f2 * cw};
    /* The largest terms any evaluation here or in sample_mask adds up, over
       positions within the quad's box: rounding errors are a few units in
       the last place of these (1e-16 of them); the margin is 1e-9 of them. */
    double X = fabs((double)q->x0) > fabs((double)q->x1 + 1) ? fabs((double)q->x0) : fabs((double)q->x1 + 1);
    double Y = fabs((double)q->y0) > fabs((double)q->y1 + 1) ? fabs((double)q->y0) : fabs((double)q->y1 + 1);
    double su = fabs(au) * X + fabs(bu) * Y + fabs(cu), sv = fabs(av) * X + fabs(bv) * Y + fabs(cv);
    double sw = fabs(aw) * X + fabs(bw) * Y + fabs(cw);
    double size[6] = {sw, su, sv, fabs(w) * sw + su, fabs(h) * sw + sv, fabs(f0) * su + fabs(f1) * sv + fabs(f2) * sw};
    l->margins_hold = 1;
    for (int j = 0; j < 6; j++) {
        l->a[j] = a[j]; l->b[j] = b[j]; l->c[j] = c[j];
        l->reach[j] = 0.5 * (fabs(a[j]) + fabs(b[j]));
        l->margin[j] = 1e-9 * size[j];
        if (!(l->margin[j] >= DBL_MIN)) l->margins_hold = 0;
        l->slope[j] = a[j] != 0 ? -b[j] / a[j] : 0;
        l->out[j] = a[j] != 0 ? -(c[j] + l->reach[j] + l->margin[j]) / a[j] - 0.5 : 0;
        l->in[j] = a[j] != 0 ? -(c[j] - l->reach[j] - l->margin[j]) / a[j] - 0.5 : 0;
    }
}

/* Function j of the lines at pixel (x, y)'s centre: every decision below
   evaluates it this one way, so they agree bit for bit. */
static inline double line_at(const rect_lines *l, int j, int x, int y) {
    return l->a[j] * (x + 0.5) + l->b[j] * (y + 0.5) + l->c[j];
}

/* Whether pixel (x, y) lies wholly on the inside of function j, or wholly outside it. */
static inline int wholly_in(const rect_lines *l, int j, int x, int y) { return line_at(l, j, x, y) - l->reach[j] > l->margin[j]; }
static inline int wholly_out(const rect_lines *l, int j, int x, int y) { return line_at(l, j, x, y) + l->reach[j] < -l->margin[j]; }

/* The mask of pixel (x, y) when the lines decide it (all samples in, or
   none), else -1 and, in `cut`, which functions are not wholly in there
   (bit j for function j): rect_samples_mask_cut's `cut`; none (every
   condition sampled) where the margins do not hold. */
static inline int rect_lines_verdict(const rect_lines *l, int x, int y, int *cut) {
    int not_in = 0;
    for (int j = 0; j < 6; j++) {
        if (wholly_in(l, j, x, y)) continue;
        not_in |= 1 << j;
        /* Wholly outside one half-plane, W staying positive: no sample is in. */
        if (j > 0 && wholly_out(l, j, x, y) && wholly_in(l, 0, x, y)) return 0;
    }
    *cut = l->margins_hold ? not_in : 0;
    return not_in ? -1 : ALL_SAMPLES;
}

/* rect_lines_verdict's mask alone. */
static inline int rect_lines_mask(const rect_lines *l, int x, int y) {
    int cut;
    return rect_lines_verdict(l, x, y, &cut);
}

/* A double pixel index clamped into [lo, hi] (NaN to lo). */
static inline int clamp_index(double x, int lo, int hi) {
    return x >= hi ? hi : (x > lo ? (int)x : lo);
}

/*
 * Row y of a plain rectangle cut to the pixels its lines say: the hull
 * [*os, *oe) (row_span's, or the whole box where W is positive all over
 * it) narrowed to the pixels not wholly outside,
 * and the interior [*xs, *xe): the pixels with all 16 samples inside.
 * Each function is linear along the row and its rounded value is
 * monotonic in x, so a half-line's end checked at one pixel holds for
 * every pixel beyond it: each answer is the one rect_lines_mask gives
 * there. The local inset row_span uses must hold for the layer's most
 * stretched pixel, so its edges were two or three pixels wide where the
 * pixels themselves say one or two.
 */
static void lines_row_spans(const rect_lines *l, int y, int *os, int *oe, int *xs, int *xe) {
    double py = y + 0.5;
    /* Outside: a pixel past function j's zero by its reach, W being safely positive there. */
    for (int j = 1; j < 6 && *os < *oe; j++) {
        double a = l->a[j];
        if (a == 0) {
            /* Constant along the row: the whole row is out, or none of it. */
            if (wholly_out(l, j, *os, y) && wholly_in(l, 0, *os, y) && wholly_in(l, 0, *oe - 1, y)) *oe = *os;
            continue;
        }
        double root = l->out[j] + l->slope[j] * py;
        if (a > 0) {
            int cut = clamp_index(floor(root) - 1, *os, *oe);
            if (cut > *os && wholly_out(l, j, cut - 1, y) && wholly_in(l, 0, *os, y) && wholly_in(l, 0, cut - 1, y)) *os = cut;
        } else {
            int cut = clamp_index(ceil(root) + 1, *os, *oe);
            if (cut < *oe && wholly_out(l, j, cut, y) && wholly_in(l, 0, cut, y) && wholly_in(l, 0, *oe - 1, y)) *oe = cut;
        }
    }
    /* Inside: every function above its margin by its reach. */
    double lo = *os, hi = *oe - 1;
    for (int j = 0; j < 6 && lo <= hi; j++) {
        double a = l->a[j];
        if (a == 0) { if (!wholly_in(l, j, *os, y)) hi = lo - 1; continue; }
        double root = l->in[j] + l->slope[j] * py;
        if (!(root == root)) { hi = lo - 1; continue; }
        if (a > 0) { if (floor(root) + 1 > lo) lo = floor(root) + 1; }
        else if (ceil(root) - 1 < hi) hi = ceil(root) - 1;
    }
    *xs = *xe = *os;
    if (lo > hi) return;
    int s = (int)lo, e = (int)hi + 1;
    /* The roots' rounding may put an end a pixel out: checked, moved in by
       up to two pixels, each end's pixel asked once (a row's ends are much
       of a turned layer's per-row work). */
    int s_whole = 0, e_whole = 0;
    for (int k = 0; s < e; k++, s++)
        if ((s_whole = rect_lines_mask(l, s, y) == ALL_SAMPLES) || k == 2) break;
    for (int k = 0; s < e; k++, e--)
        if ((e_whole = rect_lines_mask(l, e - 1, y) == ALL_SAMPLES) || k == 2) break;
    if (s < e && s_whole && e_whole) { *xs = s; *xe = e; }
}

#endif
