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
   for rectangles, rounded rectangles and circles; for a longer ellipse the
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
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double in = qx > qy ? qx : qy;
    if (in > 0) in = 0;
    double d = sqrt(ox * ox + oy * oy) + in - r;
    *inside = d <= 0;
    return d;
}

void cr_paint_shape(uint8_t *pixels, int width, int height, double origin_x, double origin_y, double scale_x, double scale_y,
                    int kind, double x, double y, double w, double h, double radius,
                    const uint8_t fill[4], const uint8_t stroke[4], double line_width) {
    shape_t s = {kind, x, y, w, h, radius};
    double half = line_width * 0.5;
    int stroked = stroke[3] > 0 && half > 0, filled = fill[3] > 0;
    /* A texel's reach in points: within it of an edge, samples decide. */
    double reach = 0.75 * (1 / scale_x > 1 / scale_y ? 1 / scale_x : 1 / scale_y);
    for (int j = 0; j < height; j++) {
        uint8_t *row = pixels + (size_t)j * width * 4;
        for (int i = 0; i < width; i++) {
            double u = origin_x + (i + 0.5) / scale_x, v = origin_y + (j + 0.5) / scale_y;
            int inside;
            double d = shape_distance(&s, u, v, &inside);
            int fill_hits = 0, stroke_hits = 0;
            int near_fill = fabs(d) < reach, near_stroke = stroked && fabs(fabs(d) - half) < reach;
            if (!near_fill && !near_stroke) {
                fill_hits = inside ? 16 : 0;
                stroke_hits = stroked && fabs(d) <= half ? 16 : 0;
            } else {
                for (int k = 0; k < 16; k++) {
                    double su = origin_x + (i + offsets_x[k]) / scale_x, sv = origin_y + (j + offsets_y[k]) / scale_y;
                    int in;
                    double sd = shape_distance(&s, su, sv, &in);
                    fill_hits += in;
                    stroke_hits += stroked && fabs(sd) <= half;
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
