/*
 * The deep inside of a row (span.c's cri_draw_interior): whole pixels, no
 * edge tests. Included three times by span.c: built for any x86-64, for
 * AVX2 with its span inlined, and for AVX-512 with bilinear_window inlined into it: a call or two a
 * span, and the window's constants set up again at each, were measured at
 * a few percent of the flip's time. The includer defines INTERIOR_NAME,
 * INTERIOR_ATTRIBUTES (the target), INTERIOR_WINDOW (the window path's
 * call, or 0 where there is none: 1 when it wrote the span's texels, 2 when
 * they were all opaque and it stored them at dst instead, dst being given),
 * INTERIOR_SPAN (a span's texels where the window did not write them) and
 * INTERIOR_STORE_OPAQUE (whether n texels are all opaque, stored at dst
 * when they are; 0 where not written); it undefines them at its end.
 */

INTERIOR_ATTRIBUTES
static void INTERIOR_NAME(cr_target *t, const cr_quad *q, int y, int xs, int xe, const uint64_t row_blocks) {
    const double *m = q->m;
    double py = y + 0.5;
    size_t row = (size_t)y * t->width;
    uint32_t color = load_px(q->color);
    /* Whether a span may have pixels with samples: some block it touches had
       before the row's edges were drawn (cri_draw_interior). */
    const int block_shift = sample_block_shift(t->width);
#define SAMPLED(x0, n) (row_blocks && (row_blocks & sample_blocks(block_shift, (x0), (x0) + (n))))
    if (!q->texture) {
        uint32_t fill = q->alpha != 255 ? lanes_mul255(color, q->alpha) : color;
        for (int x = xs; x < xe; x++) {
            size_t i = row + x;
            const int keep = clip_samples(q, x, y);
            if (fill == 0 || keep == 0) continue;
            if (keep == ALL_SAMPLES && slot_at(t, x, y) < 0) store_px(t->pixels + i * 4, lanes_over(fill, load_px(t->pixels + i * 4)));
            else { uint8_t cc[4]; store_px(cc, fill); cri_blend_samples(t, x, y, cc, keep); }
        }
        return;
    }
    /* Affine (no perspective): the texel position steps by a constant along the row. */
    int affine = m[2] == 0 && m[5] == 0 && m[8] != 0;
    /* Full opacity, no clip: an opaque span over pixels without samples is stored as it is. */
    const int plain = q->alpha == 255 && !q->clip && cri_fast_paths_allowed;
    int32_t row_fx = 0, row_fy = 0, step_x = 0, step_y = 0;
    if (affine) {
        double px = xs + 0.5, W = m[8];
        double tx = (px * m[0] + py * m[3] + m[6]) / W * q->tex_width / q->width - 0.5;
        double ty = (px * m[1] + py * m[4] + m[7]) / W * q->tex_height / q->height - 0.5;
        double sx = m[0] / W * q->tex_width / q->width, sy = m[1] / W * q->tex_height / q->height;
        double mx = q->tex_width - 1, my = q->tex_height - 1;
        double ex = tx + sx * (xe - 1 - xs), ey = ty + sy * (xe - 1 - xs);
        /* Clamping is per pixel only where the row runs off the texture (its last half texel). */
        if (tx < 0 || ty < 0 || tx > mx || ty > my || ex < 0 || ey < 0 || ex > mx || ey > my) affine = 0;
        row_fx = (int32_t)floor(tx * 65536.0 + 0.5); row_fy = (int32_t)floor(ty * 65536.0 + 0.5);
        step_x = (int32_t)floor(sx * 65536.0 + 0.5); step_y = (int32_t)floor(sy * 65536.0 + 0.5);
    }
    const texel_scale scale = texel_scale_of(q);
    const int flat_runs = q->tiles && cri_fast_paths_allowed;
    const tile_grid grid = tile_grid_of(q);
    /* Under perspective, the exact position at every span's ends (each span
       interpolates between its ends; a flat run's ends are spans' ends too),
       solved first in a loop of nothing but arithmetic: the compiler does
       several at once, and their divides overlap rather than each wait
       behind the span before it. A row too long for the array (wider than
       any screen) solves them as it goes. at_fx[k] is at xs + k·SPAN, the
       last at xe. */
    int32_t at_fx[SPAN_ENDS + 1], at_fy[SPAN_ENDS + 1];
    const int spans = (xe - xs + SPAN - 1) / SPAN;
    const int ends_solved = !affine && spans <= SPAN_ENDS;
    if (ends_solved)
        for (int j = 0; j <= spans; j++) {
            const int x_at = xs + j * SPAN < xe ? xs + j * SPAN : xe;
            const double pb = x_at + 0.5;
            texel_at(&scale, pb * m[0] + py * m[3] + m[6], pb * m[1] + py * m[4] + m[7], pb * m[2] + py * m[5] + m[8], &at_fx[j], &at_fy[j]);
        }
    /* The exact position at x (xs, a span's end or xe), under perspective. */
#define POSITION_AT(x, fx_out, fy_out) do { \
        const int at_ = (x); \
        if (ends_solved) { fx_out = at_fx[(at_ - xs + SPAN - 1) >> SPAN_SHIFT]; fy_out = at_fy[(at_ - xs + SPAN - 1) >> SPAN_SHIFT]; } \
        else { \
            const double pc_ = at_ + 0.5; \
            texel_at(&scale, pc_ * m[0] + py * m[3] + m[6], pc_ * m[1] + py * m[4] + m[7], pc_ * m[2] + py * m[5] + m[8], &fx_out, &fy_out); \
        } \
    } while (0)
    for (int x0 = xs; x0 < xe; x0 += SPAN) {
        if (flat_runs && x0 + FLAT_RUN < xe && (x0 - xs) % FLAT_RUN == 0) {
            /* FLAT_RUN pixels at once over flat tiles: along a row the positions are
               monotonic (W keeps its sign over the inside's centres, and the
               interpolated ones lie between the exact ones), so the exact
               positions at the run's first pixel and at the next run's first bound
               all of them. */
            int x_end = x0 + FLAT_RUN;
            int32_t ex, ey, sx, sy;
            if (affine) {
                sx = row_fx + step_x * (x0 - xs); sy = row_fy + step_y * (x0 - xs);
                ex = row_fx + step_x * (x_end - xs); ey = row_fy + step_y * (x_end - xs);
            } else {
                POSITION_AT(x0, sx, sy);
                POSITION_AT(x_end, ex, ey);
            }
            uint32_t flat;
            if (flat_box(&grid, sx, sy, ex, ey, &flat)) {
                blend_flat(t, q, row + x0, flat, FLAT_RUN, color, SAMPLED(x0, FLAT_RUN));
                x0 = x_end - SPAN;
                continue;
            }
        }
        int x1 = x0 + SPAN < xe ? x0 + SPAN : xe;
        int n = x1 - x0;
        int32_t fxa, fya, dx, dy;
        if (affine) {
            fxa = row_fx + step_x * (x0 - xs); fya = row_fy + step_y * (x0 - xs);
            dx = step_x; dy = step_y;
        } else {
            int32_t fxb, fyb;
            POSITION_AT(x0, fxa, fya);
            POSITION_AT(x1, fxb, fyb);
            /* A whole span divides by a constant, with a shift (written out: a compiler
               otherwise folds both cases into one hardware divide by n). */
            dx = (int32_t)(n == SPAN ? div_span((int64_t)fxb - fxa) : ((int64_t)fxb - fxa) / n);
            dy = (int32_t)(n == SPAN ? div_span((int64_t)fyb - fya) : ((int64_t)fyb - fya) / n);
        }
        int32_t fx = fxa, fy = fya;
        /* One texel a pixel, on the texel grid (an unturned, unscaled layer at a whole-pixel place): no filtering. */
        int exact = dx == 65536 && dy == 0 && (fxa & 0xffff) == 0 && (fya & 0xffff) == 0;
        uint32_t source[SPAN], flat;
        const int sampled = SAMPLED(x0, n);
        /* Where opaque texels may be stored as they are (cri_blend_span's first
           case: over plain pixels), without its call and its memcpy's, where there is a wide path. */
        uint8_t *const opaque_to = plain && !sampled ? t->pixels + (row + x0) * 4 : NULL;
        int opacity_known = 0;
        if (!exact && flat_runs && flat_run(&grid, fx, fy, dx, dy, n, &flat)) {
            blend_flat(t, q, row + x0, flat, n, color, sampled);
            continue;
        } else if (exact) {
            memcpy(source, q->texture + ((size_t)(fya >> 16) * q->tex_width + (fxa >> 16)) * 4, (size_t)n * 4);
        } else {
            const int window = INTERIOR_WINDOW(q, fx, fy, dx, dy, n, source, opaque_to);
            if (window == 2) continue;
            if (!window) INTERIOR_SPAN(q, fx, fy, dx, dy, n, source);
            else opacity_known = opaque_to != NULL;
        }
        if (opaque_to && !opacity_known && INTERIOR_STORE_OPAQUE(opaque_to, source, n)) continue;
        cri_blend_span(t, q, row + x0, source, n, color, sampled);
    }
#undef SAMPLED
#undef POSITION_AT
}

/* Its parameters are used up: the next includer defines its own. */
#undef INTERIOR_NAME
#undef INTERIOR_ATTRIBUTES
#undef INTERIOR_WINDOW
#undef INTERIOR_SPAN
#undef INTERIOR_STORE_OPAQUE
