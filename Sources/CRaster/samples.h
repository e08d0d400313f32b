/*
 * The A-buffer (craster.h tells why): what the files that draw need of it.
 * Which blocks of a row keep samples and a pixel's slot are read per span
 * and per pixel, so inline; cri_blend_samples is how anything that covers
 * part of a pixel (or a pixel that keeps samples) is drawn.
 */
#ifndef CRASTER_SAMPLES_H
#define CRASTER_SAMPLES_H

#include "pixel.h"

/* The mask of every sample of a pixel: what covers it whole. */
#define ALL_SAMPLES ((1 << CR_SAMPLES) - 1)

/* The blocks of cr_target.sampled_rows: 1 << shift pixels each, at most 64 to a row. */
static inline int sample_block_shift(int width) {
    /* The least shift >= 4 (a span) that leaves (width - 1) >> shift below 64. */
    int bits = width > 1 ? 32 - __builtin_clz((unsigned)(width - 1)) : 0;
    return bits - 6 > 4 ? bits - 6 : 4;
}

/* The sampled_rows bits of the blocks pixels [x0, x1) of a row lie in (x1 > x0). */
static inline uint64_t sample_blocks(int shift, int x0, int x1) {
    int lo = x0 >> shift, hi = (x1 - 1) >> shift;
    /* At hi = 63, 2 << hi wraps to 0 and the mask is every bit. */
    return ((2ull << hi) - 1) & ~((1ull << lo) - 1);
}

/* Pixel (x, y)'s slot, or -1. Its block's bit in sampled_rows (a word a
   row, at hand) is read first: most pixels have no samples, and reading
   their slot (4 bytes a pixel, far apart down an edge) was a cache miss a
   pixel. */
static inline int32_t slot_at(const cr_target *t, int x, int y) {
    if (!((t->sampled_rows[y] >> (x >> sample_block_shift(t->width))) & 1)) return -1;
    return t->slots[(size_t)y * t->width + x];
}

/* Blends `src` over the samples in `mask` of pixel (x, y) (all 16: the whole pixel). */
CRI_HIDDEN void cri_blend_samples(cr_target *t, int x, int y, const uint8_t src[4], int mask);

#endif
