/*
 * Layers on whole pixels (aligned.c): found, and drawn row by row; one
 * pass of texels over plain pixels, which the curl's flat page uses too.
 */
#ifndef CRASTER_ALIGNED_H
#define CRASTER_ALIGNED_H

#include "pixel.h"

/* The device pixels an unturned layer on the pixel grid covers, or 0 (aligned.c). */
CRI_HIDDEN int cri_aligned_rect(const cr_quad *q, int *ax0, int *ay0, int *ax1, int *ay1);

/* One pass over n pixels with no samples and no clip (aligned.c). */
CRI_HIDDEN void cri_span_over(uint8_t *dst, const uint8_t *texels, int n, uint32_t under, uint32_t alpha);

/* An aligned layer's rows (aligned.c). */
CRI_HIDDEN void cri_draw_aligned(cr_target *t, const cr_quad *q, int ax0, int ay0, int ax1, int ay1);

#endif
