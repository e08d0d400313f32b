#ifndef CRASTER_H
#define CRASTER_H

#include <stddef.h>
#include <stdint.h>

/*
 * The renderer's inner loops: drawing one layer's plane through a
 * homography into premultiplied RGBA8 pixels.
 *
 * Why hand-written: pixman's projective path (the only library path for
 * this) samples with a divide and a general fetcher per pixel, 15-45x a
 * plain blend, and has no anti-aliased edges for transformed images; this
 * loop walks only the projected quad's box and does the cheap work inside it.
 *
 * Anti-aliasing without seams: a pixel a layer covers only partly keeps 16
 * samples of its own (an A-buffer in a pool), and every later layer blends
 * into the samples it covers. Two layers that share an edge then split the
 * pixel's samples between them and no background shows through the seam,
 * which blending partial coverages one after the other cannot avoid.
 * Every change to a pixel's samples ends by setting the pixel to their
 * average, so the pixels are the picture at any time: nothing resolves
 * the samples afterwards.
 */

#define CR_SAMPLES 16

typedef struct {
    uint8_t *pixels;          /* w*h*4, premultiplied RGBA */
    int width, height;
    int32_t *slots;           /* w*h, -1 where the pixel has no samples of its own */
    uint8_t *pool;            /* capacity * CR_SAMPLES * 4 bytes */
    int32_t *owners;          /* capacity: the pixel each slot in use belongs to (its top bit
                                 marks a slot kept short, as two colours: see samples.c) */
    int capacity;
    int used;                 /* slots in use; -1 before the first fill (every slot unknown) */
    uint64_t *sampled_rows;   /* h: nonzero where some pixel of the row keeps samples, so
                                 a row without may be blended without looking at its slots;
                                 bit k for the row's k-th block of pixels (blocks of a power
                                 of two at least 16 wide, at most 64 to a row), so that a span
                                 clear of the blocks with samples need not look either */
} cr_target;

typedef struct {
    /* A device pixel centre (x, y, 1) times m gives (U, V, W): the layer's
       local point (U/W, V/W), with its bounds at [0, width] x [0, height]. */
    double m[9];
    /* The forward map's w at a local point: u*f[0] + v*f[1] + f[2]. Only
       points with w > 0 are in front of the eye and drawn. */
    double f[3];
    double width, height, radius;
    /* Corners left square (layer.maskedCorners' complement): bit 0 min x min y,
       1 max x min y, 2 min x max y, 3 max x max y. Zero: all are rounded. */
    int square_corners;
    /* > 0: only the band this wide inside the edge (a border). */
    double ring;
    uint8_t color[4];           /* premultiplied fill under the texture */
    const uint8_t *texture;     /* premultiplied RGBA stretched over the bounds, or NULL */
    int tex_width, tex_height;
    uint8_t alpha;              /* opacity, 0-255 */
    /* The samples of each pixel of the box [clip_x0, clip_x1) x [clip_y0,
       clip_y1) the clip lets through (row by row; bit k: sample k, 0xffff
       the whole pixel), or NULL for no clip; nothing outside the box is let
       through. Samples, not a coverage fraction: two neighbouring clipped
       layers then split an edge pixel's samples between them, where
       fractions would let what is under show through the seam (a·(1 − a)
       of it). A box, not the whole target: a small clip costs its own
       pixels, however large the frame. */
    const uint16_t *clip;
    int clip_x0, clip_y0, clip_x1, clip_y1;
    int x0, y0, x1, y1;         /* the device pixels to visit */
    /* The texture's flat tiles (cr_texture_tiles), or NULL: where every
       texel a run of pixels reads is one colour, the filter's answer is
       that colour exactly, and it is not computed texel by texel. */
    const uint64_t *tiles;
} cr_quad;

/* Texels across and down a tile of cr_texture_tiles. */
#define CR_TILE_W 16
#define CR_TILE_H 1

/* One word a CR_TILE_W x CR_TILE_H tile of a premultiplied RGBA texture
   (row-major, cr_tile_count words; the last row and column of tiles may
   be partial): where every texel of the tile is one colour, that colour
   (its four bytes as one little-endian word) | 1 << 32 | the number of
   tiles right after it in its row with the same colour << 33 (20 bits, at
   most 0xfffff) | the number of tiles right under it in its column with
   the same colour and run along their row << 53 (11 bits, at most 0x7ff);
   0 where the texels differ. */
void cr_texture_tiles(const uint8_t *texture, int width, int height, uint64_t *tiles);

/* The words cr_texture_tiles writes for a width x height texture. */
size_t cr_tile_count(int width, int height);

/* Draws the quad's fill and texture over the target. */
void cr_draw_quad(cr_target *t, const cr_quad *q);

/* Cuts a clip (cr_quad.clip's samples of the box [x0, x1) x [y0, y1)) to
   the quad's shape: no sample outside it is kept. */
void cr_clip_quad(uint16_t *mask, int x0, int y0, int x1, int y1, const cr_quad *q);

/* Composites `source` (same size as the target, premultiplied) at `alpha`
   over the target, inside the box. */
void cr_composite(cr_target *t, const uint8_t *source, uint8_t alpha, int x0, int y0, int x1, int y1);

/* Composites the target `source` (the same size) at `alpha` over
   `t` inside the box; where a source pixel keeps samples, sample by sample,
   so that an edge two offscreen groups share meets as it would drawn
   straight in (averaged first, what is under would show through). */
void cr_composite_target(cr_target *t, const cr_target *source, uint8_t alpha, int x0, int y0, int x1, int y1);

/* Clears the box to transparent and drops every sample: for a target
   nothing was drawn into outside the box. */
void cr_clear_box(cr_target *t, int x0, int y0, int x1, int y1);

/* Sets every pixel in the box to a premultiplied colour and drops samples. */
void cr_fill(cr_target *t, const uint8_t color[4]);

/* The widest vector paths that may run, where the processor has them:
   one pixel (or sample) at a time, AVX2, or AVX-512 (the default). Every
   path gives the same bytes, so a preview is the same on every machine;
   tests compare them all on a machine with AVX-512. For the calling
   thread only. */
enum { CR_PATHS_SCALAR = 0, CR_PATHS_AVX2 = 1, CR_PATHS_AVX512 = 2 };
void cr_limit_paths(int widest);
/* The widest of those paths that runs on this processor for the calling
   thread (its limit applied): what a benchmark's figures were drawn with. */
int cr_widest_path(void);
/* The same limit for every thread of the process, as if the processor had
   no wider paths: a benchmark times an AVX2-only processor's paths on one
   with AVX-512. Called before any drawing. */
void cr_limit_process_paths(int widest);

/* Whether layers that lie on whole pixels (unturned, at whole-pixel places)
   take their fast path, and runs of pixels over flat tiles skip the
   filter; on by default. Both paths give the same bytes: tests compare
   them. For the calling thread only. */
void cr_use_fast_paths(int enabled);

/*
 * A page curled round a cylinder (the reference's cylinder model): the
 * cylinder's axis passes through (cx, cy) in local space, n = (nx, ny) is the
 * unit normal pointing to the edge that lifts, r the radius. The quad's
 * texture is the flat page; its back shows the page mirrored and lightened,
 * and a soft shadow falls on what lies under the curl.
 */
void cr_draw_curl(cr_target *t, const cr_quad *q, double cx, double cy, double nx, double ny, double r);

/*
 * A layer's shadow: the rounded rectangle [sx, sx+sw] x [sy, sy+sh] of the
 * layer's plane with corner radius r (an oval: r = half the shorter side;
 * the quad's square_corners stay square),
 * blurred by a Gaussian of deviation sigma (local units), filled with the
 * quad's colour at the quad's alpha, drawn through the quad's map inside
 * its box. Core Animation draws it under the layer, in the layer's plane.
 */
void cr_draw_shadow(cr_target *t, const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma);

/* How many pixels cr_draw_shadow, given the same arguments, would integrate
   row by row (near a rounded corner, a few dozen times a plain pixel's
   work): counted by the same test, each pixel's centre mapped back, so the
   work can be charged before it is done, whatever the map magnifies. */
long cr_shadow_corner_pixels(const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma);

/* ---- Layer contents (paint.c) ------------------------------------------ */

#define CR_GRADIENT_AXIAL 0
#define CR_GRADIENT_RADIAL 1
#define CR_GRADIENT_CONIC 2

/*
 * A CAGradientLayer's gradient into premultiplied RGBA pixels (width x
 * height), evaluated at each pixel's centre. Start and end are in pixels of
 * the image. `colors` holds `count` straight (not premultiplied) RGBA colours
 * 0-1, at `locations` (ascending). Axial: t is the projection on start→end;
 * radial: the ellipse centred at start with semi-axes |end − start| along x
 * and y; conic: the angle from start→end towards +y, over a turn. Colours are
 * interpolated straight, then premultiplied, as Core Animation does.
 */
void cr_paint_gradient(uint8_t *pixels, int width, int height, int type, double sx, double sy, double ex, double ey,
                       const double *locations, const double *colors, int count);

#define CR_SHAPE_RECT 0
#define CR_SHAPE_ROUNDED_RECT 1
#define CR_SHAPE_OVAL 2

/*
 * A CAShapeLayer's path filled, then stroked (centred on the outline, width
 * `line_width`), anti-aliased with 16 samples a pixel near edges, into
 * premultiplied RGBA pixels. Pixel (i, j)'s centre is the layer point
 * (origin + (i + 0.5) / scale). The shape is the rectangle (x, y, w, h)
 * (w, h ≥ 0), rounded by `radius`, or the oval inscribed in it. Colours are
 * premultiplied; a zero alpha paints nothing. Only the part of the outline
 * from `stroke_start` to `stroke_end` (fractions of its length, clamped to
 * 0…1) is stroked, with square-cut ends, from where the UIBezierPath starts
 * (a rectangle's top-left corner, a rounded rectangle's top edge after its
 * top-left arc, an oval's rightmost point), clockwise on screen.
 */
void cr_paint_shape(uint8_t *pixels, int width, int height, double origin_x, double origin_y, double scale_x, double scale_y,
                    int kind, double x, double y, double w, double h, double radius,
                    const uint8_t fill[4], const uint8_t stroke[4], double line_width, double stroke_start, double stroke_end);

/*
 * Multiplies premultiplied pixels by a mask's alpha (both width x height
 * RGBA): what a layer.mask does to its layer's picture. Outside the box
 * [x0, x1) x [y0, y1) the mask is taken as empty.
 */
void cr_apply_mask(uint8_t *pixels, const uint8_t *mask, int width, int height, int x0, int y0, int x1, int y1);

/* ---- Whole pictures (image.c) ------------------------------------------- */

/* Asks the C allocator to keep the memory of freed frames for the next
   ones (glibc: pictures up to 32 MB from its heap rather than fresh
   mappings, and the heap's top not handed back below 512 MB). Each new
   mapping is zeroed by the kernel page by page: 60 frames of a flip at
   @1× fault in 78 MB, a fifth of drawing them. Returns 0 where the C
   library has no such settings. */
int cr_keep_freed_frames(void);


/*
 * The part [x, x + w) x [y, y + h) of `src` (width x height pixels; the part
 * in pixels, possibly fractional) into `dst` (out_width x out_height), each
 * pixel sampled bilinearly at its centre, edges clamped: a part on whole
 * pixels copied at its own size comes out exactly.
 */
void cr_crop_bilinear(const uint8_t *src, int width, int height, double x, double y, double w, double h,
                      uint8_t *dst, int out_width, int out_height);

/*
 * `passes` box blurs of half-width `radius` (each pixel the average of the
 * 2 radius + 1 around it) along every row, then as many down every column,
 * edges extended: three approach a Gaussian (the SVG specification's and
 * Apple's UIImageEffects' way). Integer sums, rounded: the same bytes on
 * every run. `scratch` holds width * height * 4 bytes, `sums` width * 4.
 */
void cr_box_blur(uint8_t *pixels, int width, int height, int radius, int passes, uint8_t *scratch, uint32_t *sums);

/*
 * Scales each pixel's colourfulness about its luminance (Rec. 709 weights)
 * by `saturation` (kept within 0…its alpha), then lays the premultiplied
 * `tint` over it: UIImageEffects' saturation matrix and tint fill.
 */
void cr_saturate_tint(uint8_t *pixels, int width, int height, double saturation, const uint8_t tint[4]);

/*
 * The width x height pixels of `src` (src_width wide) from (x0, y0) into
 * `dst`: copied, or with `over`, composited over what `dst` holds (what
 * lies behind a layer drawn offscreen: the targets under it, bottom first).
 */
void cr_gather(uint8_t *dst, int width, int height, const uint8_t *src, int src_width, int x0, int y0, int over);

/*
 * Draws `picture` (premultiplied, picture_width x picture_height, its top
 * left at device pixel (px, py)) inside the quad's shape, pixel for pixel
 * (no resampling: it is already in device space), anti-aliased at the
 * shape's edges, at the quad's alpha and clip: a visual effect view's
 * blurred backdrop, which only its shape shows.
 */
void cr_draw_backdrop(cr_target *t, const cr_quad *q, const uint8_t *picture, int px, int py, int picture_width, int picture_height);

#endif
