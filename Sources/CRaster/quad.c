/*
 * Drawing a layer through its homography (cr_draw_quad), its picture
 * through its shape (cr_draw_backdrop), and cutting a clip to a shape
 * (cr_clip_quad): each row cut into its edges, drawn here pixel by pixel
 * with samples, and its inside (span.c), or handed whole to the aligned
 * path (aligned.c).
 */
#include "aligned.h"
#include "filter.h"
#include "lines.h"
#include "span.h"

/*
 * The pixel centres on row y that are deep inside the bounds inset by
 * `inset` (local units: at least a pixel's reach anywhere on the layer,
 * plus the corner radius), and in front of the eye. Along a
 * row, u, v and the forward w are each a linear function over W, so each
 * condition is a half-line in x on either side of W's sign change.
 *
 * With `hull` (and a negative inset, the bounds grown by a pixel's
 * reach), the span from the first to the last centre on either side of
 * the sign change that is near enough to the bounds for its pixel to
 * touch them: nothing outside it can be drawn.
 */
static void row_span(const cr_quad *q, int y, double inset, int hull, int *xs, int *xe) {
    const double *m = q->m;
    double py = y + 0.5;
    double a_u = m[0], b_u = py * m[3] + m[6];
    double a_v = m[1], b_v = py * m[4] + m[7];
    double a_w = m[2], b_w = py * m[5] + m[8];
    double left = inset, right = q->width - inset, top = inset, bottom = q->height - inset;
    *xs = q->x0; *xe = q->x0;
    if (left >= right || top >= bottom) return;
    int best_len = 0;
    for (int sign = -1; sign <= 1; sign += 2) {
        /* Where sign * W > 0: multiply every condition through by sign * W. */
        double lo = q->x0 + 0.5, hi = q->x1 - 0.5;
        keep_where_positive(sign * a_w, sign * b_w - 1e-9, &lo, &hi);
        /* Each condition only narrows [lo, hi]: once empty (the side of W's sign
           change a layer in front of the eye does not have), it stays empty. */
        if (lo > hi) continue;
        keep_where_positive(sign * (a_u - left * a_w), sign * (b_u - left * b_w), &lo, &hi);
        keep_where_positive(sign * (right * a_w - a_u), sign * (right * b_w - b_u), &lo, &hi);
        keep_where_positive(sign * (a_v - top * a_w), sign * (b_v - top * b_w), &lo, &hi);
        keep_where_positive(sign * (bottom * a_w - a_v), sign * (bottom * b_w - b_v), &lo, &hi);
        /* forward w > 0: (f0 U + f1 V + f2 W) / W > 0 */
        if (!hull)
            keep_where_positive(sign * (q->f[0] * a_u + q->f[1] * a_v + q->f[2] * a_w),
                                sign * (q->f[0] * b_u + q->f[1] * b_v + q->f[2] * b_w) - 1e-9, &lo, &hi);
        if (lo > hi) continue;
        int s = (int)ceil(lo - 0.5), e = (int)floor(hi - 0.5) + 1;
        if (s < q->x0) s = q->x0;
        if (e > q->x1) e = q->x1;
        if (e <= s) continue;
        if (hull && best_len > 0) {
            if (s > *xs) s = *xs;
            if (e < *xe) e = *xe;
        }
        if (hull || e - s > best_len) { best_len = e - s; *xs = s; *xe = e; }
    }
}

/* One pixel the slow way: classified, sampled at the edge. A plain
   rectangle's pixel is sampled without classifying: classify only spares
   the samples where it judges they would all agree, and near a corner or
   where the layer is almost edge-on (its linear estimate of the pixel's
   reach fails there) it judged some pixels whole that the samples find
   cut; the samples are cheaper than its divides and roots anyway when
   taken four at a time. `lines` (a plain rectangle's, or NULL) decide
   most pixels' masks without the samples, and the colour comes before the
   mask: a clear colour (most of a list row's edge) needs no mask at all. */
static inline void draw_pixel(cr_target *t, const cr_quad *q, const rect_lines *lines, int x, int y) {
    const int keep = clip_samples(q, x, y);
    uint32_t m = q->alpha;
    if (keep == 0 || m == 0) return;
    double u, v;
    if (q->radius <= 0 && q->ring <= 0) {
        const double *h = q->m;
        double cx = x + 0.5, cy = y + 0.5;
        double W = cx * h[2] + cy * h[5] + h[8];
        if (W != 0) {
            int mask = lines ? rect_lines_mask(lines, x, y) : -1;
            if (mask == 0) return;
            u = (cx * h[0] + cy * h[3] + h[6]) / W;
            v = (cx * h[1] + cy * h[4] + h[7]) / W;
            if (u < 0) u = 0;
            if (v < 0) v = 0;
            if (u > q->width) u = q->width;
            if (v > q->height) v = q->height;
            uint8_t c[4];
            store_px(c, shade(q, u, v));
            if (m != 255) scale_px(c, c, m);
            if (c[3] == 0 && c[0] == 0 && c[1] == 0 && c[2] == 0) return;
            if (mask < 0) mask = rect_samples_mask(q, x, y);
            mask &= keep;
            if (mask == 0) return;
            cri_blend_samples(t, x, y, c, mask);
            return;
        }
    }
    int kind = classify(q, x + 0.5, y + 0.5, &u, &v);
    if (kind == 0) return;
    int mask = keep;
    if (kind == 2) {
        mask &= sample_mask(q, x, y);
        if (mask == 0) return;
        /* Colour from the centre, kept inside the shape for textures. */
        if (u < 0) u = 0;
        if (v < 0) v = 0;
        if (u > q->width) u = q->width;
        if (v > q->height) v = q->height;
    }
    uint8_t c[4];
    store_px(c, shade(q, u, v));
    if (m != 255) scale_px(c, c, m);
    if (c[3] == 0 && c[0] == 0 && c[1] == 0 && c[2] == 0) return;
    cri_blend_samples(t, x, y, c, mask);
}

/* Edge pixels drawn together: eight rows of a turned layer's two edges.
   Measured on the flip: 16 quicker than 4, 8 or 32 (drawn further from
   their rows, whose memory prefetch_edges asked for, the pixels waited
   on it again). */
#define EDGE_QUEUE 16
typedef struct {
    int n;
    int x[EDGE_QUEUE], y[EDGE_QUEUE];
} edge_pixels;

/*
 * Edge pixels of a textured plain rectangle, up to EDGE_QUEUE of them and
 * from any rows, each drawn as draw_pixel draws it, in two passes: first
 * every pixel's texel position in a loop with nothing but arithmetic (its
 * four divides depend on no other pixel's, so the processor overlaps them
 * pixel after pixel, where one pixel at a time waited for each), then each
 * pixel's mask, colour and blend in order.
 */
static void draw_edge_pixels(cr_target *t, const cr_quad *q, const rect_lines *lines, const edge_pixels *e) {
    const double *h = q->m;
    const double w = q->width, hh = q->height;
    const int n = e->n;
    double Ws[EDGE_QUEUE], txs[EDGE_QUEUE], tys[EDGE_QUEUE];
    for (int k = 0; k < n; k++) {
        /* draw_pixel's arithmetic, operation for operation. */
        double cx = e->x[k] + 0.5, cy = e->y[k] + 0.5;
        double W = cx * h[2] + cy * h[5] + h[8];
        double u = (cx * h[0] + cy * h[3] + h[6]) / W, v = (cx * h[1] + cy * h[4] + h[7]) / W;
        u = u < 0 ? 0 : u;
        v = v < 0 ? 0 : v;
        u = u > w ? w : u;
        v = v > hh ? hh : v;
        Ws[k] = W;
        txs[k] = texel_x(q, u);
        tys[k] = texel_y(q, v);
    }
    for (int k = 0; k < n; k++) {
        const int x = e->x[k], y = e->y[k];
        /* At W = 0 draw_pixel classifies instead. */
        if (Ws[k] == 0) { draw_pixel(t, q, lines, x, y); continue; }
        const int keep = clip_samples(q, x, y);
        uint32_t m = q->alpha;
        if (keep == 0 || m == 0) continue;
        int cut = 0;
        int mask = rect_lines_verdict(lines, x, y, &cut);
        if (mask == 0) continue;
        uint8_t c[4];
        store_px(c, shade_at(q, txs[k], tys[k]));
        if (m != 255) scale_px(c, c, m);
        if (load_px(c) == 0) continue;
        if (mask < 0) mask = rect_samples_mask_cut(q, x, y, cut);
        mask &= keep;
        if (mask == 0) continue;
        cri_blend_samples(t, x, y, c, mask);
    }
}

/* Row y's edge pixels [x0, x1), drawn at once without lines or a texture,
   else queued in `e` and drawn when it fills (and once the layer's rows are
   done): a turned layer's edge is a pixel or two a row, too few for the
   divides of one row's to overlap, and the setup was most of their cost.
   An edge pixel is drawn once, and no other pixel of the layer is under it,
   so when it is drawn changes nothing, but for one thing: the order in
   which pixels take slots from the pool, which decides who has samples
   once it runs out. Without a clip only edge pixels take slots, in the
   queue's order, the rows' own; a clip lets the inside's pixels take some
   too, so a clipped layer's runs are drawn as they come (a hostile
   review's finding: the pool spent, queued edges drew other bytes). */
static void draw_edge_run(cr_target *t, const cr_quad *q, const rect_lines *lines, edge_pixels *e, int y, int x0, int x1) {
    if (!lines || !q->texture) {
        for (int x = x0; x < x1; x++) draw_pixel(t, q, lines, x, y);
        return;
    }
    for (int x = x0; x < x1; x++) {
        e->x[e->n] = x;
        e->y[e->n] = y;
        if (++e->n == EDGE_QUEUE) {
            draw_edge_pixels(t, q, lines, e);
            e->n = 0;
        }
    }
    if (q->clip && e->n) {
        draw_edge_pixels(t, q, lines, e);
        e->n = 0;
    }
}

/* How far inside the shape (local units) a pixel centre must be for the
   whole pixel to be inside: half a pixel's diagonal reach, with room, at
   the largest stretch anywhere on the layer (at a corner of its box). */
static double whole_pixel_margin(const cr_quad *q) {
    double margin = 0;
    double xs[2] = {q->x0 + 0.5, q->x1 - 0.5}, ys[2] = {q->y0 + 0.5, q->y1 - 0.5};
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            double s = stretch_at(q, xs[a], ys[b]);
            if (s > margin) margin = s;
        }
    if (!isfinite(margin) || margin > 1e6) margin = 1e6;
    return margin * 0.75;
}

/* Rows ahead whose edge pixels are asked for early. */
#define EDGE_AHEAD 3

/* An edge pixel's memory (its pixel, its slot, its texels) asked for a few
   rows before it is drawn: down a steep edge each row's are a new cache
   line of the frame and of the texture, which no prefetcher foresees. */
static void prefetch_edges(const cr_target *t, const cr_quad *q, int y, int os, int oe) {
    const double *h = q->m;
    const double cy = y + 0.5, kx = q->tex_width / q->width, ky = q->tex_height / q->height;
    for (int side = 0; side < 2; side++) {
        int x = side ? oe - 1 : os;
        if (x < 0 || x >= t->width) continue;
        size_t i = (size_t)y * t->width + x;
        __builtin_prefetch(t->pixels + i * 4);
        __builtin_prefetch(t->slots + i);
        double cx = x + 0.5, W = cx * h[2] + cy * h[5] + h[8];
        if (!(W > 0)) continue;
        /* Only an address to ask for: one divide, not draw_pixel's exact three. */
        const double r = 1.0 / W;
        double tx = (cx * h[0] + cy * h[3] + h[6]) * r * kx - 0.5, ty = (cx * h[1] + cy * h[4] + h[7]) * r * ky - 0.5;
        /* Brought into the texture before the conversion (NaN to its first texel). */
        prefetch_texel_rows(q, tx >= 0 ? (tx < q->tex_width ? (int64_t)tx : q->tex_width) : 0,
                            ty >= 0 ? (ty < q->tex_height ? (int64_t)ty : q->tex_height) : 0);
    }
}

void cr_draw_quad(cr_target *t, const cr_quad *q) {
    int ax0, ay0, ax1, ay1;
    if (cri_aligned_rect(q, &ax0, &ay0, &ax1, &ay1)) { cri_draw_aligned(t, q, ax0, ay0, ax1, ay1); return; }
    double margin = whole_pixel_margin(q);
    /* A plain rectangle's rows are cut by its lines on every path (the
       general one draws the same pixels as edges, only by classifying them). */
    rect_lines lines_store, *lines = NULL;
    const int plain = q->radius <= 0 && q->ring <= 0;
    if (plain) rect_lines_of(q, &lines_store);
    if (plain && cri_fast_paths_allowed) lines = &lines_store;
    /* A border's hole: deep inside its inner edge nothing is drawn. */
    double hole = q->ring + margin + (q->radius > q->ring ? q->radius - q->ring : 0);
    /* W safely positive at the box's corners is so all over it (it is
       linear): a plain rectangle's lines alone then find each row's hull. */
    int in_front = plain && q->x1 > q->x0 && q->y1 > q->y0;
    for (int k = 0; k < 4 && in_front; k++) {
        int x = k & 1 ? q->x1 - 1 : q->x0, y = k & 2 ? q->y1 - 1 : q->y0;
        in_front = wholly_in(&lines_store, 0, x, y);
    }
    edge_pixels edges = {0};
    for (int y = q->y0; y < q->y1; y++) {
        /* The box's corners beside a turned layer are most of its pixels: skipped without a look. */
        int os = q->x0, oe = q->x1;
        if (!in_front) row_span(q, y, -margin, 1, &os, &oe);
        if (oe <= os) continue;
        int xs, xe;
        if (q->ring > 0) {
            row_span(q, y, hole, 0, &xs, &xe);
            for (int x = os; x < oe; x++) {
                if (x == xs && xe > xs) { x = xe - 1; continue; }
                draw_pixel(t, q, lines, x, y);
            }
            continue;
        }
        if (plain) lines_row_spans(&lines_store, y, &os, &oe, &xs, &xe);
        else row_span(q, y, margin + q->radius, 0, &xs, &xe);
        if (lines && q->texture && y + EDGE_AHEAD < q->y1) prefetch_edges(t, q, y + EDGE_AHEAD, os, oe);
        if (xe <= xs) {
            draw_edge_run(t, q, lines, &edges, y, os, oe);
            continue;
        }
        const uint64_t row_blocks = t->sampled_rows[y];
        draw_edge_run(t, q, lines, &edges, y, os, xs);
        cri_draw_interior(t, q, y, xs, xe, row_blocks);
        draw_edge_run(t, q, lines, &edges, y, xe, oe);
    }
    if (edges.n) draw_edge_pixels(t, q, lines, &edges);
}

void cr_draw_backdrop(cr_target *t, const cr_quad *q, const uint8_t *picture, int px, int py, int picture_width, int picture_height) {
    double margin = whole_pixel_margin(q);
    for (int y = q->y0; y < q->y1; y++) {
        if (y < py || y >= py + picture_height) continue;
        int os, oe, xs, xe;
        row_span(q, y, -margin, 1, &os, &oe);
        if (oe <= os) continue;
        row_span(q, y, margin + q->radius, 0, &xs, &xe);
        for (int x = os; x < oe; x++) {
            if (x < px || x >= px + picture_width) continue;
            uint32_t m = q->alpha;
            int mask = clip_samples(q, x, y);
            if (m == 0 || mask == 0) continue;
            if (x < xs || x >= xe) {
                double u, v;
                int kind = classify(q, x + 0.5, y + 0.5, &u, &v);
                if (kind == 0) continue;
                if (kind == 2) mask &= sample_mask(q, x, y);
                if (mask == 0) continue;
            }
            uint8_t c[4];
            memcpy(c, picture + ((size_t)(y - py) * picture_width + (x - px)) * 4, 4);
            if (m != 255) scale_px(c, c, m);
            if (c[3] == 0 && c[0] == 0 && c[1] == 0 && c[2] == 0) continue;
            cri_blend_samples(t, x, y, c, mask);
        }
    }
}

void cr_clip_quad(uint16_t *mask, int bx0, int by0, int bx1, int by1, const cr_quad *q) {
    const int bw = bx1 - bx0;
    if (bw <= 0 || by1 <= by0) return;
    const int qx0 = q->x0 > bx0 ? q->x0 : bx0, qx1 = q->x1 < bx1 ? q->x1 : bx1;
    double margin = whole_pixel_margin(q);
    for (int y = by0; y < by1; y++) {
        /* row[x - bx0] is pixel (x, y). */
        uint16_t *row = mask + (size_t)(y - by0) * bw;
        if (y < q->y0 || y >= q->y1 || qx1 <= qx0) { memset(row, 0, (size_t)bw * sizeof *row); continue; }
        memset(row, 0, (size_t)(qx0 - bx0) * sizeof *row);
        memset(row + (qx1 - bx0), 0, (size_t)(bx1 - qx1) * sizeof *row);
        /* Deep inside, the mask stays as it is; only the rest is looked at. */
        int xs, xe;
        row_span(q, y, margin + q->radius, 0, &xs, &xe);
        if (xe <= xs) { xs = qx1; xe = qx1; }
        for (int x = qx0; x < qx1; x++) {
            if (x >= xs && x < xe) { x = xe - 1; continue; }
            if (row[x - bx0] == 0) continue;
            double u, v;
            int kind = classify(q, x + 0.5, y + 0.5, &u, &v);
            if (kind == 1) continue;
            if (kind == 0) { row[x - bx0] = 0; continue; }
            row[x - bx0] &= (uint16_t)sample_mask(q, x, y);
        }
    }
}
