/*
 * A texture's flat tiles (cr_texture_tiles), found once a texture: apart
 * from the drawing, which only reads them (tiles.h).
 */
#include "tiles.h"

/* A screen's picture is mostly flat colour (backgrounds, bars) and a list
   row's mostly nothing (text on clear): tiles of one colour let a run of
   pixels that reads only such texels take that colour without filtering,
   which gives the same bytes (the filter's weights sum to 256, so a
   colour blended with itself is itself, on every path). */

void cr_texture_tiles(const uint8_t *texture, int width, int height, uint64_t *tiles) {
    int across = tiles_across(width), down = tiles_down(height);
    for (int ty = 0; ty < down; ty++) {
        /* First every tile of the row is taken as its first texel's colour, then each texel may break it. */
        for (int tx = 0; tx < across; tx++)
            tiles[(size_t)ty * across + tx] = (1ull << 32) | load_px(texture + ((size_t)ty * CR_TILE_H * width + (size_t)tx * CR_TILE_W) * 4);
        int y1 = (ty + 1) * CR_TILE_H < height ? (ty + 1) * CR_TILE_H : height;
        for (int y = ty * CR_TILE_H; y < y1; y++) {
            const uint8_t *row = texture + (size_t)y * width * 4;
            for (int x = 0; x < width; x++) {
                uint64_t *tile = &tiles[(size_t)ty * across + x / CR_TILE_W];
                if (*tile && (uint32_t)*tile != load_px(row + (size_t)x * 4)) *tile = 0;
            }
        }
        /* Each flat tile's run: how many tiles after it in the row have its colour. */
        uint64_t run = 0;
        for (int tx = across - 1; tx >= 0; tx--) {
            uint64_t *tile = &tiles[(size_t)ty * across + tx];
            if (!*tile) { run = 0; continue; }
            if (tx + 1 < across && (tiles[(size_t)ty * across + tx + 1] & CR_TILE_FLAT_MASK) == *tile) run += run < CR_TILE_MAX_ACROSS;
            else run = 0;
            *tile |= run << 33;
        }
    }
    /* Each flat tile's run down: how many tiles under it have the same word (colour and run along). */
    for (int ty = down - 2; ty >= 0; ty--)
        for (int tx = 0; tx < across; tx++) {
            uint64_t *tile = &tiles[(size_t)ty * across + tx], below = tiles[(size_t)(ty + 1) * across + tx];
            const uint64_t word = (1ull << 53) - 1;
            if (*tile && (below & word) == *tile) {
                uint64_t run = CR_TILE_DOWN(below) + 1;
                *tile |= (run < CR_TILE_MAX_DOWN ? run : CR_TILE_MAX_DOWN) << 53;
            }
        }
}

size_t cr_tile_count(int width, int height) { return (size_t)tiles_across(width) * (size_t)tiles_down(height); }
