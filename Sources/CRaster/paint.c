#include "craster.h"

#include <math.h>
#include <string.h>

/*
 * Layer contents painted into their own premultiplied RGBA pixels, which the
 * renderer then maps through the layer's homography like any texture (so
 * they follow the layer's 3-D transform, perspective-correct).
 */

static inline uint8_t to_byte(double v) {
    if (!(v > 0)) return 0;
    if (v >= 1) return 255;
    return (uint8_t)(v * 255 + 0.5);
}

/* The gradient's parameter at an image point (see cr_paint_gradient). */
static double gradient_parameter(int type, double px, double py, double sx, double sy, double ex, double ey) {
    double dx = px - sx, dy = py - sy;
    if (type == CR_GRADIENT_RADIAL) {
        double rx = fabs(ex - sx), ry = fabs(ey - sy);
        /* A flat ellipse covers nothing: every point lies past its edge. */
        if (rx <= 0 || ry <= 0) return INFINITY;
        double u = dx / rx, v = dy / ry;
        return sqrt(u * u + v * v);
    }
    if (type == CR_GRADIENT_CONIC) {
        const double two_pi = 6.283185307179586;
        double angle = atan2(dy, dx) - atan2(ey - sy, ex - sx);
        angle = fmod(angle, two_pi);
        if (angle < 0) angle += two_pi;
        return angle / two_pi;
    }
    double ax = ex - sx, ay = ey - sy, len2 = ax * ax + ay * ay;
    if (len2 <= 0) return INFINITY;
    return (dx * ax + dy * ay) / len2;
}

void cr_paint_gradient(uint8_t *pixels, int width, int height, int type, double sx, double sy, double ex, double ey,
                       const double *locations, const double *colors, int count) {
    if (count <= 0) { memset(pixels, 0, (size_t)width * height * 4); return; }
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            double t = gradient_parameter(type, x + 0.5, y + 0.5, sx, sy, ex, ey);
            /* Past either end the end colour continues; between stops the
               straight components are interpolated, then premultiplied. */
            double c[4];
            if (!(t > locations[0])) {
                memcpy(c, colors, sizeof c);
            } else if (t >= locations[count - 1]) {
                memcpy(c, colors + (size_t)(count - 1) * 4, sizeof c);
            } else {
                int i = 0;
                while (i + 1 < count - 1 && t >= locations[i + 1]) i++;
                double span = locations[i + 1] - locations[i];
                double f = span > 0 ? (t - locations[i]) / span : 1;
                for (int k = 0; k < 4; k++) c[k] = colors[i * 4 + k] + (colors[(i + 1) * 4 + k] - colors[i * 4 + k]) * f;
            }
            double a = c[3] < 0 ? 0 : c[3] > 1 ? 1 : c[3];
            uint8_t *p = row + (size_t)x * 4;
            for (int k = 0; k < 3; k++) p[k] = to_byte((c[k] < 0 ? 0 : c[k] > 1 ? 1 : c[k]) * a);
            p[3] = to_byte(a);
        }
    }
}

/* 16 sample offsets in a texel (the same n-rooks pattern as the quads'). */
static const double offsets_x[16] = {
    0.03125, 0.09375, 0.15625, 0.21875, 0.28125, 0.34375, 0.40625, 0.46875,
    0.53125, 0.59375, 0.65625, 0.71875, 0.78125, 0.84375, 0.90625, 0.96875};
static const double offsets_y[16] = {
    0.53125, 0.21875, 0.90625, 0.40625, 0.03125, 0.71875, 0.34375, 0.84375,
    0.15625, 0.65625, 0.46875, 0.96875, 0.28125, 0.59375, 0.09375, 0.78125};

typedef struct {
    int kind;
    double x, y, w, h, r;
} shape_t;

/* Signed distance (points, negative inside) to the shape's outline: exact
   for rounded rectangles and circles, and inside rectangles (outside a
   square corner, the larger of the two edges' distances: a mitred stroke);
   for a longer ellipse the
   first-order estimate (q − 1)/|∇q|, exact on the outline and good within a
   stroke's width of it. *inside is the exact side. */
static double shape_distance(const shape_t *s, double u, double v, int *inside) {
    if (s->kind == CR_SHAPE_OVAL) {
        double a = s->w * 0.5, b = s->h * 0.5;
        if (a <= 0 || b <= 0) { *inside = 0; return INFINITY; }
        double dx = u - (s->x + a), dy = v - (s->y + b);
        double q = sqrt(dx * dx / (a * a) + dy * dy / (b * b));
        *inside = q <= 1;
        double g = sqrt(dx * dx / (a * a * a * a) + dy * dy / (b * b * b * b));
        if (g <= 0) return -(a < b ? a : b);
        return (q - 1) * q / g;
    }
    double r = s->kind == CR_SHAPE_ROUNDED_RECT ? s->r : 0;
    double qx = fabs(u - (s->x + s->w * 0.5)) - (s->w * 0.5 - r);
    double qy = fabs(v - (s->y + s->h * 0.5)) - (s->h * 0.5 - r);
    if (r <= 0) {
        /* Square corners: outside them the larger of the two distances, so
           the stroke's corners are mitred (CAShapeLayer's default lineJoin). */
        double d = qx > qy ? qx : qy;
        *inside = d <= 0;
        return d;
    }
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double in = qx > qy ? qx : qy;
    if (in > 0) in = 0;
    double d = sqrt(ox * ox + oy * oy) + in - r;
    *inside = d <= 0;
    return d;
}

/* ---- Partial strokes (strokeStart, strokeEnd) ---------------------------- */

#define OUTLINE_STEPS 256

/*
 * The outline as the path runs, from the point its UIBezierPath starts at,
 * clockwise on screen, measured by length. A rectangle's (rounded or not)
 * is eight pieces: the top edge, the top-right arc, the right edge … the
 * top-left arc (a square corner is a piece of no length). A point is in
 * the stroke of the part [a, b] of the outline when it lies within half
 * the line width of a piece's part, measured square to it (so the ends
 * are cut square: butt caps), or in the mitred join of a square corner
 * strictly inside the part (as the whole stroke's corners). An oval is one
 * smooth piece: a point is found on it by its eccentric angle (exact for
 * a circle; for a longer ellipse the ray from the centre, close to the
 * nearest point within a stroke's width of the outline), and its length
 * comes from a table of 256 chords.
 */
typedef struct {
    int kind;              /* 0 an edge, 1 an arc, 2 a square corner */
    double px, py;         /* an edge's start, an arc's centre, a corner */
    double dx, dy;         /* an edge's unit direction */
    double angle;          /* an arc's start angle (its radius: the outline's r) */
    double start, length;  /* along the outline */
} piece_t;

typedef struct {
    shape_t s;
    double r, total;
    piece_t pieces[8];
    double table[OUTLINE_STEPS + 1];  /* an oval's length up to eccentric angle 2πk/N */
} outline_t;

static const double pi = 3.14159265358979323846;

static void outline_init(outline_t *o, const shape_t *s) {
    o->s = *s;
    if (s->kind == CR_SHAPE_OVAL) {
        double a = s->w * 0.5, b = s->h * 0.5, length = 0, px = a, py = 0;
        o->table[0] = 0;
        for (int k = 1; k <= OUTLINE_STEPS; k++) {
            double t = 2 * pi * k / OUTLINE_STEPS, x = a * cos(t), y = b * sin(t);
            length += sqrt((x - px) * (x - px) + (y - py) * (y - py));
            o->table[k] = length;
            px = x; py = y;
        }
        o->total = length;
        return;
    }
    double half = (s->w < s->h ? s->w : s->h) * 0.5;
    double r = s->kind == CR_SHAPE_ROUNDED_RECT ? (s->r < 0 ? 0 : s->r > half ? half : s->r) : 0;
    double x0 = s->x, y0 = s->y, x1 = s->x + s->w, y1 = s->y + s->h;
    double ix0 = x0 + r, ix1 = x1 - r, iy0 = y0 + r, iy1 = y1 - r;
    double ew = s->w - 2 * r, eh = s->h - 2 * r, q = pi / 2 * r;
    /* Edges: start point and direction; corners: centre (or the corner) and start angle. */
    const double edges[4][4] = {{ix0, y0, 1, 0}, {x1, iy0, 0, 1}, {ix1, y1, -1, 0}, {x0, iy1, 0, -1}};
    const double corners[4][3] = {{ix1, iy0, -pi / 2}, {ix1, iy1, 0}, {ix0, iy1, pi / 2}, {ix0, iy0, pi}};
    double along = 0;
    for (int k = 0; k < 4; k++) {
        piece_t *edge = &o->pieces[2 * k], *corner = &o->pieces[2 * k + 1];
        *edge = (piece_t){0, edges[k][0], edges[k][1], edges[k][2], edges[k][3], 0, along, k % 2 ? eh : ew};
        along += edge->length;
        *corner = (piece_t){r > 0 ? 1 : 2, corners[k][0], corners[k][1], 0, 0, corners[k][2], along, q};
        along += q;
    }
    o->r = r;
    o->total = along;
}

/* An oval's fraction of its length up to the point seen at (u, v). */
static double oval_fraction(const outline_t *o, double u, double v) {
    const shape_t *s = &o->s;
    double a = s->w * 0.5, b = s->h * 0.5;
    if (!(a > 0 && b > 0 && o->total > 0)) return 0;
    double t = atan2((v - (s->y + b)) / b, (u - (s->x + a)) / a);
    if (t < 0) t += 2 * pi;
    double k = t / (2 * pi) * OUTLINE_STEPS;
    int i = k >= 0 && k < OUTLINE_STEPS ? (int)k : k >= OUTLINE_STEPS ? OUTLINE_STEPS - 1 : 0;
    double f = k - i;
    return (o->table[i] + (o->table[i + 1] - o->table[i]) * f) / o->total;
}

/* Whether (u, v) is in the stroke (half width `half`) of the part of the
   outline from fraction `from` to `to`. */
static int partial_covers(const outline_t *o, double u, double v, double from, double to, double half) {
    if (o->s.kind == CR_SHAPE_OVAL) {
        double f = oval_fraction(o, u, v);
        return f >= from && f <= to;
    }
    double a = from * o->total, b = to * o->total;
    for (int k = 0; k < 8; k++) {
        const piece_t *p = &o->pieces[k];
        double lo = (a > p->start ? a : p->start) - p->start;
        double hi = (b < p->start + p->length ? b : p->start + p->length) - p->start;
        double du = u - p->px, dv = v - p->py;
        if (p->kind == 2) {
            /* A corner inside the part: its mitred join, the square the two edges' bands leave out. */
            if (p->start > a && p->start < b && fabs(du) <= half && fabs(dv) <= half) return 1;
            continue;
        }
        if (hi < lo) continue;
        if (p->kind == 0) {
            double t = du * p->dx + dv * p->dy, n = du * p->dy - dv * p->dx;
            if (t >= lo && t <= hi && fabs(n) <= half) return 1;
        } else {
            double turn = atan2(dv, du) - p->angle;
            while (turn < 0) turn += 2 * pi;
            while (turn >= 2 * pi) turn -= 2 * pi;
            double t = turn * o->r;
            if (t >= lo && t <= hi && fabs(sqrt(du * du + dv * dv) - o->r) <= half) return 1;
        }
    }
    return 0;
}

/* The outline's point at fraction f. */
static void outline_point(const outline_t *o, double f, double *u, double *v) {
    const shape_t *s = &o->s;
    double target = f * o->total;
    if (s->kind == CR_SHAPE_OVAL) {
        double a = s->w * 0.5, b = s->h * 0.5;
        int i = 0;
        while (i < OUTLINE_STEPS - 1 && o->table[i + 1] < target) i++;
        double span = o->table[i + 1] - o->table[i];
        double t = 2 * pi * (i + (span > 0 ? (target - o->table[i]) / span : 0)) / OUTLINE_STEPS;
        *u = s->x + a + a * cos(t);
        *v = s->y + b + b * sin(t);
        return;
    }
    int k = 0;
    while (k < 7 && target > o->pieces[k].start + o->pieces[k].length) k++;
    const piece_t *p = &o->pieces[k];
    double t = target - p->start;
    if (t < 0) t = 0;
    if (p->kind == 0) { *u = p->px + p->dx * t; *v = p->py + p->dy * t; return; }
    double angle = p->angle + (o->r > 0 ? t / o->r : 0);
    *u = p->px + o->r * cos(angle);
    *v = p->py + o->r * sin(angle);
}

void cr_paint_shape(uint8_t *pixels, int width, int height, double origin_x, double origin_y, double scale_x, double scale_y,
                    int kind, double x, double y, double w, double h, double radius,
                    const uint8_t fill[4], const uint8_t stroke[4], double line_width, double stroke_start, double stroke_end) {
    shape_t s = {kind, x, y, w, h, radius};
    double half = line_width * 0.5;
    if (!(stroke_start > 0)) stroke_start = 0;
    if (!(stroke_end < 1)) stroke_end = 1;
    int stroked = stroke[3] > 0 && half > 0 && stroke_start < stroke_end, filled = fill[3] > 0;
    /* A texel's reach in points: within it of an edge, samples decide. */
    double reach = 0.75 * (1 / scale_x > 1 / scale_y ? 1 / scale_x : 1 / scale_y);
    /* A part of the outline: its ends cut the stroke square (butt caps). */
    int partial = stroked && (stroke_start > 0 || stroke_end < 1);
    outline_t outline;
    double cuts[2][2] = {{0, 0}, {0, 0}};
    if (partial) {
        outline_init(&outline, &s);
        outline_point(&outline, stroke_start, &cuts[0][0], &cuts[0][1]);
        outline_point(&outline, stroke_end, &cuts[1][0], &cuts[1][1]);
    }
    double cut_reach = half + 2 * reach;
    for (int j = 0; j < height; j++) {
        uint8_t *row = pixels + (size_t)j * width * 4;
        for (int i = 0; i < width; i++) {
            double u = origin_x + (i + 0.5) / scale_x, v = origin_y + (j + 0.5) / scale_y;
            int inside;
            double d = shape_distance(&s, u, v, &inside);
            int fill_hits = 0, stroke_hits = 0;
            int near_fill = fabs(d) < reach, near_stroke = stroked && fabs(fabs(d) - half) < reach;
            int in_band = stroked && fabs(d) <= half + reach;
            int near_cut = 0;
            if (partial && in_band)
                for (int c = 0; c < 2; c++) {
                    double du = u - cuts[c][0], dv = v - cuts[c][1];
                    if (du * du + dv * dv < cut_reach * cut_reach) near_cut = 1;
                }
            if (!near_fill && !near_stroke && !near_cut) {
                fill_hits = inside ? 16 : 0;
                if (stroked && fabs(d) <= half)
                    stroke_hits = !partial || partial_covers(&outline, u, v, stroke_start, stroke_end, half) ? 16 : 0;
            } else {
                for (int k = 0; k < 16; k++) {
                    double su = origin_x + (i + offsets_x[k]) / scale_x, sv = origin_y + (j + offsets_y[k]) / scale_y;
                    int in;
                    double sd = shape_distance(&s, su, sv, &in);
                    fill_hits += in;
                    if (stroked && fabs(sd) <= half)
                        stroke_hits += !partial || partial_covers(&outline, su, sv, stroke_start, stroke_end, half);
                }
            }
            /* The stroke over the fill, each at its coverage (premultiplied). */
            double cf = filled ? fill_hits / 16.0 : 0, cs = stroked ? stroke_hits / 16.0 : 0;
            double sa = stroke[3] / 255.0 * cs;
            uint8_t *p = row + (size_t)i * 4;
            for (int k = 0; k < 4; k++) {
                double value = stroke[k] * cs + fill[k] * cf * (1 - sa);
                p[k] = (uint8_t)(value > 255 ? 255 : value + 0.5);
            }
        }
    }
}

void cr_apply_mask(uint8_t *pixels, const uint8_t *mask, int width, int height, int x0, int y0, int x1, int y1) {
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * width * 4;
        const uint8_t *m = mask + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            uint8_t *p = row + (size_t)x * 4;
            /* Outside the box the mask has nothing: the layer shows nothing there. */
            uint32_t a = (y >= y0 && y < y1 && x >= x0 && x < x1) ? m[(size_t)x * 4 + 3] : 0;
            if (a == 255) continue;
            for (int k = 0; k < 4; k++) {
                uint32_t t = p[k] * a + 128;
                p[k] = (uint8_t)((t + (t >> 8)) >> 8);
            }
        }
    }
}
