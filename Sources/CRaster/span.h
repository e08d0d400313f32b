/*
 * A row's inside, span by span: texels filtered (interior.h, the flat
 * tiles, the filter's spans) and blended into the target (span.c). What
 * the other files use of it: the span's length, blending a span of texels,
 * drawing a row's inside.
 */
#ifndef CRASTER_SPAN_H
#define CRASTER_SPAN_H

#include "samples.h"

/* Pixels between exact texel positions: under perspective the positions
   are exact every SPAN pixels and linear between (at most a hundredth of
   a texel off for any turn a transition makes). */
#define SPAN 16
#define SPAN_SHIFT 4
_Static_assert(SPAN == 1 << SPAN_SHIFT, "SPAN is a power of two");

/* `sampled`: whether the span may have pixels with samples (a block of
   sampled_rows it touches has some); where not, no slot need be read. */
CRI_HIDDEN void cri_blend_span(cr_target *t, const cr_quad *q, size_t i, uint32_t *source, int n, uint32_t color, int sampled);

/* Pixels [xs, xe) of row y, every one whole (inside the shape, no edge
   tests): interior.h's loop, the AVX-512 one where the processor has it.
   `row_blocks`: the row's sampled_rows word from before anything of this
   layer touched the row. The layer's own edge pixels on the row, drawn
   just before (or after) its inside, lie outside [xs, xe), so only the
   samples already there when the row began can be under the inside; with
   the word as it is now, every span in a block with one of those edge
   pixels would look at its slots. */
CRI_HIDDEN void cri_draw_interior(cr_target *t, const cr_quad *q, int y, int xs, int xe, uint64_t row_blocks);

#endif
