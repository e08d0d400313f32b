/*
 * Flat tiles (craster.h's cr_texture_tiles): the words' layout, and the
 * question a run of pixels asks of them, whether every texel it reads is
 * one colour. Inline: the interior and the curl ask it per run.
 */
#ifndef CRASTER_TILES_H
#define CRASTER_TILES_H

#include "filter.h"

/* A tile word's colour and flag, without its run (cr_texture_tiles). */
#define CR_TILE_FLAT_MASK 0x1ffffffffull
/* A tile word's run along its row (bits 33-52) and down its column (53-63). */
#define CR_TILE_ACROSS(word) ((int64_t)(((word) >> 33) & 0xfffff))
#define CR_TILE_DOWN(word) ((int64_t)((word) >> 53))
#define CR_TILE_MAX_ACROSS 0xfffff
#define CR_TILE_MAX_DOWN 0x7ff

/* Tiles a row and a column of a texture's cr_texture_tiles has (the last may be partial). */
static inline int tiles_across(int width) { return (width + CR_TILE_W - 1) / CR_TILE_W; }
static inline int tiles_down(int height) { return (height + CR_TILE_H - 1) / CR_TILE_H; }

/* What flat_box reads of a quad, found once a row rather than at every
   question (drawing stores through byte pointers, which may alias the
   quad, so the compiler would read them again each time). */
typedef struct {
    const uint64_t *tiles;
    int across;      /* tiles a row */
    int mx, my;      /* the last texel's index */
} tile_grid;

static inline tile_grid tile_grid_of(const cr_quad *q) {
    tile_grid g = {q->tiles, tiles_across(q->tex_width), q->tex_width - 1, q->tex_height - 1};
    return g;
}

/* Whether every texel the filter reads for pixels whose positions lie
   between (ax, ay) and (bx, by) (16.16) lies in tiles of one colour, and
   which. The texels read are those at the positions' floors and one past,
   clamped to the texture, on any path. */
static inline int flat_box(const tile_grid *g, int64_t ax, int64_t ay, int64_t bx, int64_t by, uint32_t *color) {
    int64_t x_lo = ax < bx ? ax : bx, x_hi = ax < bx ? bx : ax, y_lo = ay < by ? ay : by, y_hi = ay < by ? by : ay;
    /* Indices are never negative: unsigned, the divisions are shifts. */
    int tx0 = (int)((unsigned)texel_index(x_lo, g->mx) / CR_TILE_W), tx1 = (int)((unsigned)texel_index(x_hi + 65536, g->mx) / CR_TILE_W);
    int ty0 = (int)((unsigned)texel_index(y_lo, g->my) / CR_TILE_H), ty1 = (int)((unsigned)texel_index(y_hi + 65536, g->my) / CR_TILE_H);
    const int across = g->across;
    uint64_t word = g->tiles[(size_t)ty0 * across + tx0], first = word & CR_TILE_FLAT_MASK;
    if (!first || CR_TILE_ACROSS(word) < tx1 - tx0) return 0;
    /* Row by row: the tile at the box's left edge, and enough like it
       after it; the rows under a tile with the same word at once. */
    for (int ty = ty0 + 1 + (int)CR_TILE_DOWN(word); ty <= ty1; ty += 1 + (int)CR_TILE_DOWN(word)) {
        word = g->tiles[(size_t)ty * across + tx0];
        if ((word & CR_TILE_FLAT_MASK) != first || CR_TILE_ACROSS(word) < tx1 - tx0) return 0;
    }
    *color = (uint32_t)first;
    return 1;
}

/* flat_box for n pixels from (fx, fy), stepping (dx, dy): the positions
   step linearly, so the first and the last bound them. */
static inline int flat_run(const tile_grid *g, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *color) {
    return flat_box(g, fx, fy, (int64_t)fx + (int64_t)dx * (n - 1), (int64_t)fy + (int64_t)dy * (n - 1), color);
}

#endif
