#include "craster.h"

#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#define CR_HAS_AVX2_PATH 1
#endif

/* Pixels between exact texel positions: under perspective the positions
   are exact every SPAN pixels and linear between (at most a hundredth of
   a texel off for any turn a transition makes). */
#define SPAN 16
#define SPAN_SHIFT 4
_Static_assert(SPAN == 1 << SPAN_SHIFT, "SPAN is a power of two");

/* Pixels of a row first tried at once over flat tiles: whole spans. */
#define FLAT_RUN (4 * SPAN)

/* Flat runs' ends solved before a row is drawn (the rest as it goes). */
#define RUNS_AHEAD 32

/* Tests turn paths off to compare them with the general path. The switches
   are per thread, so a test doing that never changes what another test,
   running beside it in the same process, draws; initial-exec, so reading
   them in the hot loops is one load, not a call to __tls_get_addr. */
#define CR_THREAD_SWITCH static _Thread_local __attribute__((tls_model("initial-exec")))
CR_THREAD_SWITCH int fast_paths_allowed = 1;

void cr_use_fast_paths(int enabled) { fast_paths_allowed = enabled; }

/* A tile word's colour and flag, without its run (cr_texture_tiles). */
#define CR_TILE_FLAT_MASK 0x1ffffffffull
/* A tile word's run along its row (bits 33-52) and down its column (53-63). */
#define CR_TILE_ACROSS(word) ((int64_t)(((word) >> 33) & 0xfffff))
#define CR_TILE_DOWN(word) ((int64_t)((word) >> 53))
#define CR_TILE_MAX_ACROSS 0xfffff
#define CR_TILE_MAX_DOWN 0x7ff

/* 16 sample positions in a pixel, one per row and column of a 16x16 grid
   (n-rooks), so near-horizontal and near-vertical edges both get 17
   coverage levels. Fixed: the same picture on every run. */
static const double sample_x[CR_SAMPLES] = {
    0.03125, 0.09375, 0.15625, 0.21875, 0.28125, 0.34375, 0.40625, 0.46875,
    0.53125, 0.59375, 0.65625, 0.71875, 0.78125, 0.84375, 0.90625, 0.96875};
static const double sample_y[CR_SAMPLES] = {
    0.53125, 0.21875, 0.90625, 0.40625, 0.03125, 0.71875, 0.34375, 0.84375,
    0.15625, 0.65625, 0.46875, 0.96875, 0.28125, 0.59375, 0.09375, 0.78125};

/* The mask of every sample of a pixel: what covers it whole. */
#define ALL_SAMPLES ((1 << CR_SAMPLES) - 1)

/* Packed premultiplied pixels: RGBA bytes read as one little-endian word,
   two channels a lane (R and B, G and A) so one multiply serves two. */
static inline uint32_t load_px(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline void store_px(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

static inline uint32_t div255(uint32_t x) { return (x + 128 + ((x + 128) >> 8)) >> 8; }

/* Channel k (0-3) of a packed pixel. */
static inline uint32_t channel(uint32_t v, int k) { return (v >> (8 * k)) & 0xff; }

/* a + (b - a)·f/256 per channel, f in 0..256. */
static inline uint32_t lanes_lerp(uint32_t a, uint32_t b, uint32_t f) {
    uint32_t rb = (((a & 0x00ff00ffu) * (256 - f) + (b & 0x00ff00ffu) * f) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((((a >> 8) & 0x00ff00ffu) * (256 - f) + ((b >> 8) & 0x00ff00ffu) * f)) & 0xff00ff00u;
    return rb | ag;
}

/* Each channel times m/255, rounded (m in 0..255). */
static inline uint32_t lanes_mul255(uint32_t a, uint32_t m) {
    uint32_t rb = (a & 0x00ff00ffu) * m + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((a >> 8) & 0x00ff00ffu) * m + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return rb | ag;
}

/* src over dst, premultiplied. */
static inline uint32_t lanes_over(uint32_t src, uint32_t dst) {
    uint32_t inv = 255 - (src >> 24);
    if (inv == 0) return src;
    return src + lanes_mul255(dst, inv);
}

/* src over dst, both premultiplied. A pixel is read and written as one
   word: bytes stored one at a time and read back as a word (or the other
   way) wait for the stores to land, which cost the edge pixels more than
   their arithmetic. */
static inline void blend(uint8_t *d, const uint8_t *s) {
    uint32_t sv = load_px(s);
    uint32_t inv = 255 - (sv >> 24);
    if (inv == 0) { store_px(d, sv); return; }
    uint32_t dv = load_px(d), out = 0;
    for (int k = 0; k < 4; k++) out |= ((channel(sv, k) + div255(channel(dv, k) * inv)) & 0xff) << (8 * k);
    store_px(d, out);
}

static inline void scale_px(uint8_t *out, const uint8_t *c, uint32_t m) {
    uint32_t cv = load_px(c), r = 0;
    for (int k = 0; k < 4; k++) r |= (div255(channel(cv, k) * m) & 0xff) << (8 * k);
    store_px(out, r);
}

/* Signed distance from (u, v) to a rounded rectangle [0,w]x[0,h] with
   corner radius r: negative inside. */
static inline double rounded_rect_sdf(double u, double v, double w, double h, double r) {
    double qx = fabs(u - w * 0.5) - (w * 0.5 - r);
    double qy = fabs(v - h * 0.5) - (h * 0.5 - r);
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double inside = qx > qy ? qx : qy;
    if (inside > 0) inside = 0;
    return sqrt(ox * ox + oy * oy) + inside - r;
}

/* The radius of the corner whose quadrant (u, v) is in: 0 where it is square. */
static inline double corner_radius(const cr_quad *q, double u, double v) {
    if (!q->square_corners) return q->radius;
    int corner = (u < q->width * 0.5 ? 0 : 1) | (v < q->height * 0.5 ? 0 : 2);
    return (q->square_corners >> corner) & 1 ? 0 : q->radius;
}

static inline double shape_sdf(const cr_quad *q, double u, double v) {
    double radius = corner_radius(q, u, v);
    double s = rounded_rect_sdf(u, v, q->width, q->height, radius);
    if (q->ring > 0) {
        double iw = q->width - 2 * q->ring, ih = q->height - 2 * q->ring;
        if (iw > 0 && ih > 0) {
            double ir = radius - q->ring;
            double inner = rounded_rect_sdf(u - q->ring, v - q->ring, iw, ih, ir > 0 ? ir : 0);
            if (-inner > s) s = -inner;
        }
    }
    return s;
}

/* The local point under a device position, and whether it is in front of the eye. */
static inline int local_point(const cr_quad *q, double x, double y, double *u, double *v) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return 0;
    *u = (x * m[0] + y * m[3] + m[6]) / W;
    *v = (x * m[1] + y * m[4] + m[7]) / W;
    return *u * q->f[0] + *v * q->f[1] + q->f[2] > 0;
}

/* How much of pixel (x, y) the shape covers, as a mask of samples, and the
   local point at its centre. */
static inline int sample_mask(const cr_quad *q, int x, int y) {
    int mask = 0;
    if (q->radius <= 0 && q->ring <= 0) {
        /* A plain rectangle: each sample inside when 0 ≤ U ≤ w·W and 0 ≤ V ≤ h·W
           with W made positive (u = U/W), in front when the forward w's
           numerator is positive: no divides, no roots. */
        const double *m = q->m;
        for (int i = 0; i < CR_SAMPLES; i++) {
            double px = x + sample_x[i], py = y + sample_y[i];
            double U = px * m[0] + py * m[3] + m[6], V = px * m[1] + py * m[4] + m[7], W = px * m[2] + py * m[5] + m[8];
            if (W < 0) { U = -U; V = -V; W = -W; }
            if (W == 0) continue;
            if (U >= 0 && V >= 0 && U <= q->width * W && V <= q->height * W && U * q->f[0] + V * q->f[1] + W * q->f[2] > 0)
                mask |= 1 << i;
        }
        return mask;
    }
    for (int i = 0; i < CR_SAMPLES; i++) {
        double u, v;
        if (local_point(q, x + sample_x[i], y + sample_y[i], &u, &v) && shape_sdf(q, u, v) <= 0) mask |= 1 << i;
    }
    return mask;
}

/* The direction in which the shape's distance grows fastest at (u, v): the
   rounded rectangle's outward normal (the ring's inner edge points in). */
static inline void shape_gradient(const cr_quad *q, double u, double v, double *gu, double *gv) {
    double hw = q->width * 0.5, hh = q->height * 0.5;
    double qx = fabs(u - hw) - (hw - q->radius), qy = fabs(v - hh) - (hh - q->radius);
    double sx = u < hw ? -1 : 1, sy = v < hh ? -1 : 1;
    if (qx > 0 && qy > 0) {
        double len = sqrt(qx * qx + qy * qy);
        *gu = sx * qx / len; *gv = sy * qy / len;
    } else if (qx > qy) {
        *gu = sx; *gv = 0;
    } else {
        *gu = 0; *gv = sy;
    }
}

/* Classifies a pixel: 0 outside, 1 inside, 2 on an edge (samples needed).
   The local distance becomes device pixels through the map's Jacobian
   along the shape's normal; the pixel square reaches half its extent
   along that normal from its centre. Near a corner or a ring, or where
   the map is degenerate, it answers "edge" and the samples decide. */
static inline int classify(const cr_quad *q, double x, double y, double *u, double *v) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return 2;
    double uu = (x * m[0] + y * m[3] + m[6]) / W;
    double vv = (x * m[1] + y * m[4] + m[7]) / W;
    *u = uu; *v = vv;
    if (uu * q->f[0] + vv * q->f[1] + q->f[2] <= 0) return 2;
    double dudx = (m[0] - uu * m[2]) / W, dudy = (m[3] - uu * m[5]) / W;
    double dvdx = (m[1] - vv * m[2]) / W, dvdy = (m[4] - vv * m[5]) / W;
    double s = shape_sdf(q, uu, vv);
    double stretch = sqrt(dudx * dudx + dudy * dudy + dvdx * dvdx + dvdy * dvdy);
    if (s >= 2 * stretch) return 0;
    if (s <= -2 * stretch) return 1;
    if (q->ring > 0 || q->radius > 0) return 2;
    double gu, gv;
    shape_gradient(q, uu, vv, &gu, &gv);
    double sx = gu * dudx + gv * dvdx, sy = gu * dudy + gv * dvdy;
    double grow = sqrt(sx * sx + sy * sy);
    if (grow < 1e-12) return 2;
    double pixels = s / grow, half = 0.5 * (fabs(sx) + fabs(sy)) / grow;
    /* A pixel whose side lies on the edge is whole (or empty): no samples. */
    if (pixels >= half - 1e-7) return 0;
    if (pixels <= -half + 1e-7) return 1;
    return 2;
}

static inline uint32_t bilinear_fixed(const cr_quad *q, int32_t fx, int32_t fy);

/* The texel position of a local point (u, v): texel centres at half-texel offsets. */
static inline double texel_x(const cr_quad *q, double u) { return u / q->width * q->tex_width - 0.5; }
static inline double texel_y(const cr_quad *q, double v) { return v / q->height * q->tex_height - 0.5; }

/* A textured layer's colour at texel position (tx, ty): its texture over
   its fill. The texture filtered as the inside of a layer is (16.16
   positions, clamped to the texture, as texel_at makes them), so an edge
   pixel's colour is its inner neighbour's filter. */
static inline uint32_t shade_at(const cr_quad *q, double tx, double ty) {
    double mx = q->tex_width - 1, my = q->tex_height - 1;
    tx = tx < 0 ? 0 : (tx > mx ? mx : tx);
    ty = ty < 0 ? 0 : (ty > my ? my : ty);
    uint32_t tv = bilinear_fixed(q, (int32_t)(tx * 65536.0 + 0.5), (int32_t)(ty * 65536.0 + 0.5));
    return (tv >> 24) == 255 ? tv : tv + lanes_mul255(load_px(q->color), 255 - (tv >> 24));
}

/* The layer's colour at a local point: its texture over its fill. */
static inline uint32_t shade(const cr_quad *q, double u, double v) {
    return q->texture ? shade_at(q, texel_x(q, u), texel_y(q, v)) : load_px(q->color);
}

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

static inline uint8_t *samples_of(cr_target *t, int32_t slot) { return t->pool + (size_t)slot * CR_SAMPLES * 4; }

/*
 * Most pixels with samples are on one layer's edge, or on the edge two
 * layers share: each of their samples is one of two colours. Such a slot
 * is kept short, as the two colours and which samples have the first
 * (marked by the top bit of its owner, a pixel index below 2^31), and
 * written out as 16 samples only when a layer covers some of each. Its
 * samples are the same bytes either way: each colour is blended once
 * with the same arithmetic each of its samples would have been, and the
 * average of n samples of one colour and 16 - n of the other is the same
 * sum. An edge pixel then costs a few words instead of 64 bytes filled,
 * blended and summed.
 */
typedef struct {
    uint32_t first, other;   /* the samples in `mask`, and the rest */
    uint32_t mask;
} short_slot;

#define SHORT_SLOT 0x80000000u

static inline int is_short(const cr_target *t, int32_t slot) { return ((uint32_t)t->owners[slot] & SHORT_SLOT) != 0; }
static inline size_t owner_of(const cr_target *t, int32_t slot) { return (size_t)((uint32_t)t->owners[slot] & ~SHORT_SLOT); }

static inline short_slot short_at(const cr_target *t, int32_t slot) {
    short_slot c;
    memcpy(&c, t->pool + (size_t)slot * CR_SAMPLES * 4, sizeof c);
    return c;
}

static inline void set_short(cr_target *t, int32_t slot, short_slot c) { memcpy(samples_of(t, slot), &c, sizeof c); }

/* A slot's 16 samples, whichever way it is kept. */
static inline void samples_into(const cr_target *t, int32_t slot, uint8_t out[CR_SAMPLES * 4]) {
    if (!is_short(t, slot)) { memcpy(out, t->pool + (size_t)slot * CR_SAMPLES * 4, CR_SAMPLES * 4); return; }
    short_slot c = short_at(t, slot);
    for (int k = 0; k < CR_SAMPLES; k++) store_px(out + k * 4, (c.mask >> k) & 1 ? c.first : c.other);
}

/* The slot made short with all its samples one colour. */
static inline void set_one_colour(cr_target *t, int32_t slot, uint32_t colour) {
    set_short(t, slot, (short_slot){colour, colour, 0});
    t->owners[slot] = (int32_t)((uint32_t)t->owners[slot] | SHORT_SLOT);
}

/* A short slot written out as its 16 samples. */
static void lengthen(cr_target *t, int32_t slot) {
    if (!is_short(t, slot)) return;
    uint8_t samples[CR_SAMPLES * 4];
    samples_into(t, slot, samples);
    memcpy(samples_of(t, slot), samples, sizeof samples);
    t->owners[slot] = (int32_t)((uint32_t)t->owners[slot] & ~SHORT_SLOT);
}

/* src over one colour, as blend() blends a sample. */
static inline uint32_t over_sample(const uint8_t src[4], uint32_t sample) {
    uint8_t d[4];
    store_px(d, sample);
    blend(d, src);
    return load_px(d);
}

/* Pixel i (whose samples are in `slot`) set to its samples' average, rounded. */
static void average_slot(cr_target *t, int32_t slot, size_t i) {
    if (is_short(t, slot)) {
        short_slot c = short_at(t, slot);
        uint32_t n = (uint32_t)__builtin_popcount(c.mask), out = 0;
        for (int k = 0; k < 4; k++)
            out |= ((channel(c.first, k) * n + channel(c.other, k) * (CR_SAMPLES - n) + CR_SAMPLES / 2) / CR_SAMPLES) << (8 * k);
        store_px(t->pixels + i * 4, out);
        return;
    }
    const uint8_t *s = samples_of(t, slot);
#if defined(__SSE2__) && CR_SAMPLES == 16
    /* Four samples a load, summed per channel in 16-bit lanes (16 × 255 fits). */
    const __m128i zero = _mm_setzero_si128();
    __m128i sum = zero;
    for (int k = 0; k < CR_SAMPLES; k += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + k * 4));
        sum = _mm_add_epi16(sum, _mm_add_epi16(_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)));
    }
    sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
    sum = _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16(CR_SAMPLES / 2)), 4);
    store_px(t->pixels + i * 4, (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, zero)));
#else
    uint32_t sum[4] = {0, 0, 0, 0};
    for (int k = 0; k < CR_SAMPLES; k++)
        for (int c = 0; c < 4; c++) sum[c] += s[k * 4 + c];
    for (int c = 0; c < 4; c++) t->pixels[i * 4 + c] = (uint8_t)((sum[c] + CR_SAMPLES / 2) / CR_SAMPLES);
#endif
}

/* Pixel (x, y)'s slot, or -1. Its block's bit in sampled_rows (a word a
   row, at hand) is read first: most pixels have no samples, and reading
   their slot (4 bytes a pixel, far apart down an edge) was a cache miss a
   pixel. */
static inline int32_t slot_at(const cr_target *t, int x, int y) {
    if (!((t->sampled_rows[y] >> (x >> sample_block_shift(t->width))) & 1)) return -1;
    return t->slots[(size_t)y * t->width + x];
}

/* Gives pixel (x, y) samples of its own, each its present colour: the
   slot, or -1 when the pool is spent. */
static int32_t take_slot(cr_target *t, int x, int y) {
    if (t->used >= t->capacity) return -1;
    size_t i = (size_t)y * t->width + x;
    int32_t slot = t->used++;
    t->owners[slot] = (int32_t)i;
    t->slots[i] = slot;
    t->sampled_rows[y] |= 1ull << (x >> sample_block_shift(t->width));
    set_one_colour(t, slot, load_px(t->pixels + i * 4));
    return slot;
}

/* Blends `src` over the samples in `mask` of pixel (x, y) (all 16: the whole pixel). */
static void blend_samples(cr_target *t, int x, int y, const uint8_t src[4], int mask) {
    if (mask == 0) return;
    size_t i = (size_t)y * t->width + x;
    int32_t slot = slot_at(t, x, y);
    if (slot < 0) {
        if (mask == ALL_SAMPLES) { blend(t->pixels + i * 4, src); return; }
        slot = take_slot(t, x, y);
        if (slot < 0) {
            /* Out of samples: plain coverage blending (a faint seam at worst). */
            uint8_t part[4];
            scale_px(part, src, (uint32_t)(__builtin_popcount((unsigned)mask) * 255 + CR_SAMPLES / 2) / CR_SAMPLES);
            blend(t->pixels + i * 4, part);
            return;
        }
    }
    const uint32_t m = (uint32_t)mask;
    if (is_short(t, slot)) {
        short_slot c = short_at(t, slot);
        int kept = 1;
        if (m == ALL_SAMPLES) { c.first = over_sample(src, c.first); c.other = over_sample(src, c.other); }
        else if (c.mask == 0 || c.first == c.other) { c.first = over_sample(src, c.other); c.mask = m; }
        else if (m == c.mask) c.first = over_sample(src, c.first);
        else if (m == (~c.mask & ALL_SAMPLES)) c.other = over_sample(src, c.other);
        else kept = 0;
        if (kept) {
            set_short(t, slot, c);
            average_slot(t, slot, i);
            return;
        }
        /* Some samples of each colour covered: three or four colours now. */
        lengthen(t, slot);
    }
    uint8_t *s = samples_of(t, slot);
    if (src[3] == 255 && m == ALL_SAMPLES) {
        /* Covered whole by something opaque: the pixel is one colour again. */
        memcpy(t->pixels + i * 4, src, 4);
        set_one_colour(t, slot, load_px(src));
        return;
    }
#if defined(__SSE2__) && CR_SAMPLES == 16
    /* Four samples a vector, as blend() blends each: d·(255 − sa)/255 + s,
       rounded as div255 rounds (every step fits 16 bits), the sum wrapping
       as its `& 0xff` does; samples outside the mask kept. */
    uint32_t sv = load_px(src);
    const __m128i zero = _mm_setzero_si128(), bits = _mm_setr_epi32(1, 2, 4, 8);
    const __m128i source = _mm_set1_epi32((int)sv), inv = _mm_set1_epi16((short)(255 - (sv >> 24))), half = _mm_set1_epi16(128);
    for (int k = 0; k < CR_SAMPLES; k += 4) {
        __m128i pick = _mm_cmpeq_epi32(_mm_and_si128(_mm_set1_epi32((mask >> k) & 0xf), bits), bits);
        if (_mm_movemask_epi8(pick) == 0) continue;
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s + k * 4));
        __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), inv), half);
        __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), inv), half);
        lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
        __m128i over = _mm_add_epi8(_mm_packus_epi16(lo, hi), source);
        _mm_storeu_si128((__m128i *)(void *)(s + k * 4), _mm_or_si128(_mm_and_si128(pick, over), _mm_andnot_si128(pick, d)));
    }
#else
    for (int k = 0; k < CR_SAMPLES; k++)
        if (mask & (1 << k)) blend(s + k * 4, src);
#endif
    average_slot(t, slot, i);
}

/* The samples of pixel (x, y) the quad's clip lets it cover (all of them without one). */
static inline int clip_samples(const cr_quad *q, int x, int y) {
    if (!q->clip) return ALL_SAMPLES;
    if (x < q->clip_x0 || x >= q->clip_x1 || y < q->clip_y0 || y >= q->clip_y1) return 0;
    return q->clip[(size_t)(y - q->clip_y0) * (size_t)(q->clip_x1 - q->clip_x0) + (size_t)(x - q->clip_x0)];
}

/* The quad's opacity at pixel (x, y) times the share of the pixel its clip
   leaves, for what is blended by coverage rather than by samples (a
   shadow's blur, a curl's silhouette). */
static inline uint32_t modulation(const cr_quad *q, int x, int y) {
    uint32_t m = q->alpha;
    if (q->clip) m = div255(m * (uint32_t)((__builtin_popcount((unsigned)clip_samples(q, x, y)) * 255 + CR_SAMPLES / 2) / CR_SAMPLES));
    return m;
}

/* Local units a device pixel spans at (x, y): the Jacobian's Frobenius norm. */
static double stretch_at(const cr_quad *q, double x, double y) {
    const double *m = q->m;
    double W = x * m[2] + y * m[5] + m[8];
    if (W == 0) return INFINITY;
    double u = (x * m[0] + y * m[3] + m[6]) / W, v = (x * m[1] + y * m[4] + m[7]) / W;
    double dudx = (m[0] - u * m[2]) / W, dudy = (m[3] - u * m[5]) / W;
    double dvdx = (m[1] - v * m[2]) / W, dvdy = (m[4] - v * m[5]) / W;
    return sqrt(dudx * dudx + dudy * dudy + dvdx * dvdx + dvdy * dvdy);
}

/* Narrows [lo, hi] to the x where k*x + c >= 0. */
static inline void keep_where_positive(double k, double c, double *lo, double *hi) {
    if (k == 0) { if (c < 0) { *lo = 1; *hi = 0; } return; }
    double root = -c / k;
    if (k > 0) { if (root > *lo) *lo = root; } else { if (root < *hi) *hi = root; }
}

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

#if CR_HAS_AVX2_PATH
/* sample_mask for a plain rectangle, four samples at a time: the same
   operations in the same order on doubles (no fused multiply-adds), so
   the same mask. */
__attribute__((target("avx2")))
static int rect_mask_avx2(const cr_quad *q, int x, int y) {
    const double *m = q->m;
    const __m256d zero = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0);
    const __m256d xd = _mm256_set1_pd((double)x), yd = _mm256_set1_pd((double)y);
    const __m256d m0 = _mm256_set1_pd(m[0]), m1 = _mm256_set1_pd(m[1]), m2 = _mm256_set1_pd(m[2]);
    const __m256d m3 = _mm256_set1_pd(m[3]), m4 = _mm256_set1_pd(m[4]), m5 = _mm256_set1_pd(m[5]);
    const __m256d m6 = _mm256_set1_pd(m[6]), m7 = _mm256_set1_pd(m[7]), m8 = _mm256_set1_pd(m[8]);
    const __m256d width = _mm256_set1_pd(q->width), height = _mm256_set1_pd(q->height);
    const __m256d f0 = _mm256_set1_pd(q->f[0]), f1 = _mm256_set1_pd(q->f[1]), f2 = _mm256_set1_pd(q->f[2]);
    int mask = 0;
    for (int k = 0; k < CR_SAMPLES; k += 4) {
        __m256d px = _mm256_add_pd(xd, _mm256_loadu_pd(sample_x + k)), py = _mm256_add_pd(yd, _mm256_loadu_pd(sample_y + k));
        __m256d U = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m0), _mm256_mul_pd(py, m3)), m6);
        __m256d V = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m1), _mm256_mul_pd(py, m4)), m7);
        __m256d W = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(px, m2), _mm256_mul_pd(py, m5)), m8);
        /* W made positive (a negation is exact), then W = 0 skipped. */
        __m256d flip = _mm256_and_pd(_mm256_cmp_pd(W, zero, _CMP_LT_OQ), sign);
        U = _mm256_xor_pd(U, flip); V = _mm256_xor_pd(V, flip); W = _mm256_xor_pd(W, flip);
        __m256d in = _mm256_cmp_pd(W, zero, _CMP_NEQ_OQ);
        in = _mm256_and_pd(in, _mm256_cmp_pd(U, zero, _CMP_GE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(V, zero, _CMP_GE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(U, _mm256_mul_pd(width, W), _CMP_LE_OQ));
        in = _mm256_and_pd(in, _mm256_cmp_pd(V, _mm256_mul_pd(height, W), _CMP_LE_OQ));
        __m256d ahead = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(U, f0), _mm256_mul_pd(V, f1)), _mm256_mul_pd(W, f2));
        in = _mm256_and_pd(in, _mm256_cmp_pd(ahead, zero, _CMP_GT_OQ));
        mask |= _mm256_movemask_pd(in) << k;
    }
    return mask;
}

/* rect_mask_avx2 eight samples at a time: the same operations in the same order. */
__attribute__((target("avx512f")))
static int rect_mask_avx512(const cr_quad *q, int x, int y) {
    const double *m = q->m;
    const __m512d zero = _mm512_setzero_pd();
    const __m512d xd = _mm512_set1_pd((double)x), yd = _mm512_set1_pd((double)y);
    const __m512d m0 = _mm512_set1_pd(m[0]), m1 = _mm512_set1_pd(m[1]), m2 = _mm512_set1_pd(m[2]);
    const __m512d m3 = _mm512_set1_pd(m[3]), m4 = _mm512_set1_pd(m[4]), m5 = _mm512_set1_pd(m[5]);
    const __m512d m6 = _mm512_set1_pd(m[6]), m7 = _mm512_set1_pd(m[7]), m8 = _mm512_set1_pd(m[8]);
    const __m512d width = _mm512_set1_pd(q->width), height = _mm512_set1_pd(q->height);
    const __m512d f0 = _mm512_set1_pd(q->f[0]), f1 = _mm512_set1_pd(q->f[1]), f2 = _mm512_set1_pd(q->f[2]);
    int mask = 0;
    for (int k = 0; k < CR_SAMPLES; k += 8) {
        __m512d px = _mm512_add_pd(xd, _mm512_loadu_pd(sample_x + k)), py = _mm512_add_pd(yd, _mm512_loadu_pd(sample_y + k));
        __m512d U = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m0), _mm512_mul_pd(py, m3)), m6);
        __m512d V = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m1), _mm512_mul_pd(py, m4)), m7);
        __m512d W = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(px, m2), _mm512_mul_pd(py, m5)), m8);
        /* W made positive (a negation is exact), then W = 0 skipped. */
        __mmask8 negative = _mm512_cmp_pd_mask(W, zero, _CMP_LT_OQ);
        U = _mm512_mask_sub_pd(U, negative, zero, U); V = _mm512_mask_sub_pd(V, negative, zero, V); W = _mm512_mask_sub_pd(W, negative, zero, W);
        __mmask8 in = _mm512_cmp_pd_mask(W, zero, _CMP_NEQ_OQ);
        in &= _mm512_cmp_pd_mask(U, zero, _CMP_GE_OQ);
        in &= _mm512_cmp_pd_mask(V, zero, _CMP_GE_OQ);
        in &= _mm512_cmp_pd_mask(U, _mm512_mul_pd(width, W), _CMP_LE_OQ);
        in &= _mm512_cmp_pd_mask(V, _mm512_mul_pd(height, W), _CMP_LE_OQ);
        __m512d ahead = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(U, f0), _mm512_mul_pd(V, f1)), _mm512_mul_pd(W, f2));
        in &= _mm512_cmp_pd_mask(ahead, zero, _CMP_GT_OQ);
        mask |= (int)in << k;
    }
    return mask;
}

static int has_avx2(void);
static int has_avx512(void);
#endif

/* A plain rectangle's 16-sample mask at pixel (x, y), eight or four
   samples at a time where the processor can. */
static inline int rect_samples_mask(const cr_quad *q, int x, int y) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) return rect_mask_avx512(q, x, y);
    return has_avx2() ? rect_mask_avx2(q, x, y) : sample_mask(q, x, y);
#else
    return sample_mask(q, x, y);
#endif
}

/*
 * A plain rectangle's six inside conditions (W > 0, U ≥ 0, V ≥ 0,
 * w·W − U ≥ 0, h·W − V ≥ 0, and in front: f0 U + f1 V + f2 W > 0) as
 * linear functions a·x + b·y + c of the device position, and for each the
 * margin beyond which the sample code's rounding cannot change its answer.
 * Over a pixel each function lies within half of (|a| + |b|) of its value
 * at the centre, so a pixel where every function stays above its margin
 * has all 16 samples inside (the mask the samples would give: all), and
 * one where W stays positive and some function stays below minus its
 * margin has none: sample_mask is needed only for the pixels between.
 */
typedef struct {
    double a[6], b[6], c[6];
    double reach[6];   /* half of |a| + |b|: the most a function moves from a pixel's centre */
    double margin[6];
    /* Along row y (centre py), where function j crosses -margin - reach
       (outside beyond) and margin + reach (inside beyond), as the pixel
       index whose centre is there: out[j] + slope[j] py, in[j] + slope[j]
       py (a != 0). Estimates: lines_row_spans checks the pixels it cuts at. */
    double out[6], in[6], slope[6];
} rect_lines;

static void rect_lines_of(const cr_quad *q, rect_lines *l) {
    const double *m = q->m;
    double w = q->width, h = q->height, f0 = q->f[0], f1 = q->f[1], f2 = q->f[2];
    double au = m[0], bu = m[3], cu = m[6], av = m[1], bv = m[4], cv = m[7], aw = m[2], bw = m[5], cw = m[8];
    double a[6] = {aw, au, av, w * aw - au, h * aw - av, f0 * au + f1 * av + f2 * aw};
    double b[6] = {bw, bu, bv, w * bw - bu, h * bw - bv, f0 * bu + f1 * bv + f2 * bw};
    double c[6] = {cw, cu, cv, w * cw - cu, h * cw - cv, f0 * cu + f1 * cv + f2 * cw};
    /* The largest terms any evaluation here or in sample_mask adds up, over
       positions within the quad's box: rounding errors are a few units in
       the last place of these (1e-16 of them); the margin is 1e-9 of them. */
    double X = fabs((double)q->x0) > fabs((double)q->x1 + 1) ? fabs((double)q->x0) : fabs((double)q->x1 + 1);
    double Y = fabs((double)q->y0) > fabs((double)q->y1 + 1) ? fabs((double)q->y0) : fabs((double)q->y1 + 1);
    double su = fabs(au) * X + fabs(bu) * Y + fabs(cu), sv = fabs(av) * X + fabs(bv) * Y + fabs(cv);
    double sw = fabs(aw) * X + fabs(bw) * Y + fabs(cw);
    double size[6] = {sw, su, sv, fabs(w) * sw + su, fabs(h) * sw + sv, fabs(f0) * su + fabs(f1) * sv + fabs(f2) * sw};
    for (int j = 0; j < 6; j++) {
        l->a[j] = a[j]; l->b[j] = b[j]; l->c[j] = c[j];
        l->reach[j] = 0.5 * (fabs(a[j]) + fabs(b[j]));
        l->margin[j] = 1e-9 * size[j];
        l->slope[j] = a[j] != 0 ? -b[j] / a[j] : 0;
        l->out[j] = a[j] != 0 ? -(c[j] + l->reach[j] + l->margin[j]) / a[j] - 0.5 : 0;
        l->in[j] = a[j] != 0 ? -(c[j] - l->reach[j] - l->margin[j]) / a[j] - 0.5 : 0;
    }
}

/* Function j of the lines at pixel (x, y)'s centre: every decision below
   evaluates it this one way, so they agree bit for bit. */
static inline double line_at(const rect_lines *l, int j, int x, int y) {
    return l->a[j] * (x + 0.5) + l->b[j] * (y + 0.5) + l->c[j];
}

/* Whether pixel (x, y) lies wholly on the inside of function j, or wholly outside it. */
static inline int wholly_in(const rect_lines *l, int j, int x, int y) { return line_at(l, j, x, y) - l->reach[j] > l->margin[j]; }
static inline int wholly_out(const rect_lines *l, int j, int x, int y) { return line_at(l, j, x, y) + l->reach[j] < -l->margin[j]; }

/* The mask of pixel (x, y) when the lines decide it (all samples in, or
   none), else -1: sample_mask's answer is needed. */
static inline int rect_lines_mask(const rect_lines *l, int x, int y) {
    int all = 1;
    for (int j = 0; j < 6; j++) {
        if (wholly_in(l, j, x, y)) continue;
        all = 0;
        /* Wholly outside one half-plane, W staying positive: no sample is in. */
        if (j > 0 && wholly_out(l, j, x, y) && wholly_in(l, 0, x, y)) return 0;
    }
    return all ? ALL_SAMPLES : -1;
}

/* A double pixel index clamped into [lo, hi] (NaN to lo). */
static inline int clamp_index(double x, int lo, int hi) {
    return x >= hi ? hi : (x > lo ? (int)x : lo);
}

/*
 * Row y of a plain rectangle cut to the pixels its lines say: the hull
 * [*os, *oe) (row_span's, or the whole box where W is positive all over
 * it) narrowed to the pixels not wholly outside,
 * and the interior [*xs, *xe): the pixels with all 16 samples inside.
 * Each function is linear along the row and its rounded value is
 * monotonic in x, so a half-line's end checked at one pixel holds for
 * every pixel beyond it: each answer is the one rect_lines_mask gives
 * there. The local inset row_span uses must hold for the layer's most
 * stretched pixel, so its edges were two or three pixels wide where the
 * pixels themselves say one or two.
 */
static void lines_row_spans(const rect_lines *l, int y, int *os, int *oe, int *xs, int *xe) {
    double py = y + 0.5;
    /* Outside: a pixel past function j's zero by its reach, W being safely positive there. */
    for (int j = 1; j < 6 && *os < *oe; j++) {
        double a = l->a[j];
        if (a == 0) {
            /* Constant along the row: the whole row is out, or none of it. */
            if (wholly_out(l, j, *os, y) && wholly_in(l, 0, *os, y) && wholly_in(l, 0, *oe - 1, y)) *oe = *os;
            continue;
        }
        double root = l->out[j] + l->slope[j] * py;
        if (a > 0) {
            int cut = clamp_index(floor(root) - 1, *os, *oe);
            if (cut > *os && wholly_out(l, j, cut - 1, y) && wholly_in(l, 0, *os, y) && wholly_in(l, 0, cut - 1, y)) *os = cut;
        } else {
            int cut = clamp_index(ceil(root) + 1, *os, *oe);
            if (cut < *oe && wholly_out(l, j, cut, y) && wholly_in(l, 0, cut, y) && wholly_in(l, 0, *oe - 1, y)) *oe = cut;
        }
    }
    /* Inside: every function above its margin by its reach. */
    double lo = *os, hi = *oe - 1;
    for (int j = 0; j < 6 && lo <= hi; j++) {
        double a = l->a[j];
        if (a == 0) { if (!wholly_in(l, j, *os, y)) hi = lo - 1; continue; }
        double root = l->in[j] + l->slope[j] * py;
        if (!(root == root)) { hi = lo - 1; continue; }
        if (a > 0) { if (floor(root) + 1 > lo) lo = floor(root) + 1; }
        else if (ceil(root) - 1 < hi) hi = ceil(root) - 1;
    }
    *xs = *xe = *os;
    if (lo > hi) return;
    int s = (int)lo, e = (int)hi + 1;
    /* The roots' rounding may put an end a pixel out: checked, moved in by
       up to two pixels, each end's pixel asked once (a row's ends are much
       of a turned layer's per-row work). */
    int s_whole = 0, e_whole = 0;
    for (int k = 0; s < e; k++, s++)
        if ((s_whole = rect_lines_mask(l, s, y) == ALL_SAMPLES) || k == 2) break;
    for (int k = 0; s < e; k++, e--)
        if ((e_whole = rect_lines_mask(l, e - 1, y) == ALL_SAMPLES) || k == 2) break;
    if (s < e && s_whole && e_whole) { *xs = s; *xe = e; }
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
            blend_samples(t, x, y, c, mask);
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
    blend_samples(t, x, y, c, mask);
}

/* Edge pixels solved at a time by draw_edge_run. */
#define EDGE_BATCH 32

/*
 * A textured plain rectangle's pixels [x0, x1) of row y, each drawn as
 * draw_pixel draws it, in two passes: first every pixel's texel position
 * in a loop with nothing but arithmetic (its four divides depend on no
 * other pixel's, so the processor overlaps them pixel after pixel, where
 * one pixel at a time waited for each), then each pixel's mask, colour
 * and blend in order.
 */
static void draw_edge_run(cr_target *t, const cr_quad *q, const rect_lines *lines, int y, int x0, int x1) {
    if (!lines || !q->texture) {
        for (int x = x0; x < x1; x++) draw_pixel(t, q, lines, x, y);
        return;
    }
    const double *h = q->m;
    double cy = y + 0.5, w = q->width, hh = q->height;
    double U0 = cy * h[3], V0 = cy * h[4], W0 = cy * h[5];
    for (int b = x0; b < x1; b += EDGE_BATCH) {
        int n = x1 - b < EDGE_BATCH ? x1 - b : EDGE_BATCH;
        double Ws[EDGE_BATCH], txs[EDGE_BATCH], tys[EDGE_BATCH];
        for (int k = 0; k < n; k++) {
            /* draw_pixel's arithmetic, operation for operation. */
            double cx = b + k + 0.5;
            double W = cx * h[2] + W0 + h[8];
            double u = (cx * h[0] + U0 + h[6]) / W, v = (cx * h[1] + V0 + h[7]) / W;
            u = u < 0 ? 0 : u;
            v = v < 0 ? 0 : v;
            u = u > w ? w : u;
            v = v > hh ? hh : v;
            Ws[k] = W;
            txs[k] = texel_x(q, u);
            tys[k] = texel_y(q, v);
        }
        for (int k = 0; k < n; k++) {
            int x = b + k;
            /* At W = 0 draw_pixel classifies instead. */
            if (Ws[k] == 0) { draw_pixel(t, q, lines, x, y); continue; }
            const int keep = clip_samples(q, x, y);
            uint32_t m = q->alpha;
            if (keep == 0 || m == 0) continue;
            int mask = rect_lines_mask(lines, x, y);
            if (mask == 0) continue;
            uint8_t c[4];
            store_px(c, shade_at(q, txs[k], tys[k]));
            if (m != 255) scale_px(c, c, m);
            if (load_px(c) == 0) continue;
            if (mask < 0) mask = rect_samples_mask(q, x, y);
            mask &= keep;
            if (mask == 0) continue;
            blend_samples(t, x, y, c, mask);
        }
    }
}

/* What texel_at needs of a quad, found once a row rather than at every
   call: drawing stores through byte pointers, which may alias the quad, so
   the compiler would divide out the scales at each position again. */
typedef struct {
    double kx, ky;   /* texels a local unit */
    double mx, my;   /* the last texel's index */
} texel_scale;

static inline texel_scale texel_scale_of(const cr_quad *q) {
    texel_scale s = {(double)q->tex_width / q->width, (double)q->tex_height / q->height, q->tex_width - 1, q->tex_height - 1};
    return s;
}

/* The texel coordinates (16.16 fixed point, clamped to the texture) at a
   device position; the texture's centres sit at half-texel offsets. */
static inline void texel_at(const texel_scale *s, double U, double V, double W, int32_t *fx, int32_t *fy) {
    /* One divide, not four: a position may move by the last bit of a double
       (1e-12 texel), so a 16.16 position by 1/65536 texel only when it falls
       right on a rounding step (no byte of 194 compared frames changed). */
    double r = 1.0 / W;
    double tx = U * r * s->kx - 0.5, ty = V * r * s->ky - 0.5;
    tx = tx < 0 ? 0 : (tx > s->mx ? s->mx : tx);
    ty = ty < 0 ? 0 : (ty > s->my ? s->my : ty);
    *fx = (int32_t)(tx * 65536.0 + 0.5);
    *fy = (int32_t)(ty * 65536.0 + 0.5);
}

static inline uint32_t bilinear_fixed(const cr_quad *q, int32_t fx, int32_t fy) {
    int ix = fx >> 16, iy = fy >> 16;
    /* Never outside the texture, whatever the caller's rounding. */
    if (ix < 0) ix = 0;
    if (iy < 0) iy = 0;
    if (ix > q->tex_width - 1) ix = q->tex_width - 1;
    if (iy > q->tex_height - 1) iy = q->tex_height - 1;
    uint32_t wx = ((uint32_t)fx >> 8) & 0xff, wy = ((uint32_t)fy >> 8) & 0xff;
#if defined(__SSE2__)
    /* Two texels side by side in one 8-byte load a row, when both are there. */
    if (ix + 1 < q->tex_width && iy + 1 < q->tex_height) {
        const uint8_t *p0 = q->texture + ((size_t)iy * q->tex_width + ix) * 4;
        const __m128i zero = _mm_setzero_si128();
        __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)p0), zero);
        __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p0 + (size_t)q->tex_width * 4)), zero);
        /* Weights broadcast from one 32-bit word each (w in both 16-bit halves): cheaper than set1. */
        __m128i wy_v = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)(wy | (wy << 16))), 0);
        __m128i iwy_v = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)((256 - wy) | ((256 - wy) << 16))), 0);
        __m128i v = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(top, iwy_v), _mm_mullo_epi16(bottom, wy_v)), 8);
        __m128i weights = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)((256 - wx) | ((256 - wx) << 16))), 0);
        weights = _mm_unpacklo_epi64(weights, _mm_shuffle_epi32(_mm_cvtsi32_si128((int)(wx | (wx << 16))), 0));
        __m128i h = _mm_mullo_epi16(v, weights);
        h = _mm_srli_epi16(_mm_add_epi16(h, _mm_srli_si128(h, 8)), 8);
        return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(h, zero));
    }
#endif
    int ix1 = ix + 1 < q->tex_width ? ix + 1 : ix, iy1 = iy + 1 < q->tex_height ? iy + 1 : iy;
    const uint8_t *row0 = q->texture + (size_t)iy * q->tex_width * 4, *row1 = q->texture + (size_t)iy1 * q->tex_width * 4;
    /* Down each column first, then across, as the SIMD paths do. */
    uint32_t left = lanes_lerp(load_px(row0 + ix * 4), load_px(row1 + ix * 4), wy);
    uint32_t right = lanes_lerp(load_px(row0 + ix1 * 4), load_px(row1 + ix1 * 4), wy);
    return lanes_lerp(left, right, wx);
}

/* Blends a span of texels (premultiplied, the layer's fill under them
   where they are not opaque) into the target at pixel i, at the layer's
   opacity and clip. Four pixels at a time where nothing but plain
   blending is needed. */
static void write_span(cr_target *t, const cr_quad *q, size_t i, const uint32_t *source, int n, int sampled);

/* `sampled`: whether the span may have pixels with samples (a block of
   sampled_rows it touches has some); where not, no slot need be read. */
static void blend_span(cr_target *t, const cr_quad *q, size_t i, uint32_t *source, int n, uint32_t color, int sampled) {
    uint32_t all = 0xffffffffu;
    for (int k = 0; k < n; k++) all &= source[k];
    if ((all >> 24) == 255) {
        /* All opaque (most of a screen's picture) over pixels without
           samples, at full opacity and unclipped: they are the pixels, so
           stored as they are without write_span's passes and its reads of
           the target. A fast path: the tests compare it with write_span. */
        if (!sampled && q->alpha == 255 && !q->clip && fast_paths_allowed) {
            memcpy(t->pixels + i * 4, source, (size_t)n * 4);
            return;
        }
    } else if (color != 0)
        for (int k = 0; k < n; k++)
            if ((source[k] >> 24) != 255) source[k] += lanes_mul255(color, 255 - (source[k] >> 24));
    if (q->alpha != 255 && !q->clip)
        for (int k = 0; k < n; k++) source[k] = lanes_mul255(source[k], q->alpha);
    write_span(t, q, i, source, n, sampled);
}

/* A run of pixels of one texel colour, as blend_span blends each: the
   colour made ready once, then written SPAN pixels at a time. */
static void blend_flat(cr_target *t, const cr_quad *q, size_t i, uint32_t texel, int n, uint32_t color, int sampled) {
    uint32_t c = texel;
    if (color != 0 && (c >> 24) != 255) c += lanes_mul255(color, 255 - (c >> 24));
    if (q->alpha != 255 && !q->clip) c = lanes_mul255(c, q->alpha);
    if (!sampled && !q->clip) {
        /* Nothing but plain blending: a clear colour leaves the target as it is, an opaque one is stored. */
        if (c == 0) return;
        if ((c >> 24) == 255) {
            uint8_t *dst = t->pixels + i * 4;
            for (int k = 0; k < n; k++) store_px(dst + (size_t)k * 4, c);
            return;
        }
    }
    uint32_t source[SPAN];
    for (int k = 0; k < SPAN; k++) source[k] = c;
    for (int k = 0; k < n; k += SPAN) write_span(t, q, i + (size_t)k, source, n - k < SPAN ? n - k : SPAN, sampled);
}

/* Writes a span made ready by blend_span. */
static void write_span(cr_target *t, const cr_quad *q, size_t i, const uint32_t *source, int n, int sampled) {
    /* No pixel of the span keeps samples when every slot is negative: a branch-free AND. */
    int32_t slots = -1;
    if (sampled)
        for (int k = 0; k < n; k++) slots &= t->slots[i + k];
    int plain = !q->clip && slots < 0;
    uint8_t *dst = t->pixels + i * 4;
    if (plain) {
        /* Clear texels (a list row's picture is mostly clear) leave the target as it is. */
        uint32_t any = 0;
        for (int k = 0; k < n; k++) any |= source[k];
        if (!any) return;
    }
#if defined(__SSE2__)
    if (plain) {
        const __m128i zero = _mm_setzero_si128(), alphas = _mm_set1_epi32((int)0xff000000u);
        int k = 0;
        for (; k + 4 <= n; k += 4) {
            __m128i s = _mm_loadu_si128((const __m128i *)(source + k));
            __m128i d = _mm_loadu_si128((const __m128i *)(dst + (size_t)k * 4));
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alphas), alphas)) == 0xffff) {
                _mm_storeu_si128((__m128i *)(dst + (size_t)k * 4), s);
                continue;
            }
            /* d·(255 − sa)/255 + s, two pixels a half in 16-bit lanes. */
            __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(_mm_shufflehi_epi16(
                _mm_unpacklo_epi8(s, zero), 0xff), 0xff));
            __m128i inv_hi = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(_mm_shufflehi_epi16(
                _mm_unpackhi_epi8(s, zero), 0xff), 0xff));
            __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), inv), _mm_set1_epi16(128));
            __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), inv_hi), _mm_set1_epi16(128));
            lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
            hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
            _mm_storeu_si128((__m128i *)(dst + (size_t)k * 4), _mm_add_epi8(_mm_packus_epi16(lo, hi), s));
        }
        for (; k < n; k++) store_px(dst + (size_t)k * 4, lanes_over(source[k], load_px(dst + (size_t)k * 4)));
        return;
    }
#endif
    /* The span's place, for its clip: one division a span. */
    const int y = (int)(i / (size_t)t->width), x = (int)(i - (size_t)y * t->width);
    for (int k = 0; k < n; k++) {
        uint32_t c = source[k];
        const int keep = clip_samples(q, x + k, y);
        if (q->clip && q->alpha != 255) c = lanes_mul255(c, q->alpha);
        if (c == 0 || keep == 0) continue;
        if (keep == ALL_SAMPLES && slot_at(t, x + k, y) < 0) store_px(dst + (size_t)k * 4, lanes_over(c, load_px(dst + (size_t)k * 4)));
        else { uint8_t cc[4]; store_px(cc, c); blend_samples(t, x + k, y, cc, keep); }
    }
}

#if CR_HAS_AVX2_PATH
/* A texel and its right-hand neighbour, as one 8-byte load. */
static inline long long pair_at(const uint8_t *texture, int32_t i) {
    long long v;
    memcpy(&v, texture + (size_t)i * 4, 8);
    return v;
}

/* Eight pixels at a time where the processor has AVX2 (checked once at run
   time; the code is built for it alone): the four texels of each pixel
   loaded, then the same two-lane arithmetic as lanes_lerp, eight lanes
   wide. The same bytes as bilinear_fixed. */
__attribute__((target("avx2")))
static void bilinear_span_avx2(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i rb_mask = _mm256_set1_epi32(0x00ff00ff), ag_mask = _mm256_set1_epi32((int)0xff00ff00u);
    /* A pixel's two texels side by side are one 8-byte load. Its left texel is at most the
       second-last; on the last column the pair's right texel takes all the
       weight, which is the same bytes as both texels being the last one. */
    const __m256i last_pair = _mm256_set1_epi32(q->tex_width - 2), last_y = _mm256_set1_epi32(q->tex_height - 1);
    const __m256i width = _mm256_set1_epi32(q->tex_width), one = _mm256_set1_epi32(1), full = _mm256_set1_epi32(256);
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256();
    const __m256i low_pairs = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3), high_pairs = _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7);
    const __m256i evens = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m256i vfx = _mm256_add_epi32(_mm256_set1_epi32(fx), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dx)));
    __m256i vfy = _mm256_add_epi32(_mm256_set1_epi32(fy), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dy)));
    const __m256i step_x = _mm256_set1_epi32(dx * 8), step_y = _mm256_set1_epi32(dy * 8);
    const uint8_t *texture = q->texture;
    for (int k = 0; k < n; k += 8) {
        {
            /* The texels three groups ahead, both rows, asked for now: a turned
               layer walks its texture on a slant the hardware's prefetchers
               do not follow, and a big texture (a screen at @3×, 12 MB) is
               fetched from far (measured: the flip at @3× ~1.2x the frames a second). */
            int64_t ahead_x = ((int64_t)fx + (int64_t)dx * (k + 24)) >> 16, ahead_y = ((int64_t)fy + (int64_t)dy * (k + 24)) >> 16;
            ahead_x = ahead_x < 0 ? 0 : (ahead_x > q->tex_width - 1 ? q->tex_width - 1 : ahead_x);
            ahead_y = ahead_y < 0 ? 0 : (ahead_y > q->tex_height - 2 ? (q->tex_height > 1 ? q->tex_height - 2 : 0) : ahead_y);
            const char *ahead = (const char *)(q->texture + ((size_t)ahead_y * q->tex_width + (size_t)ahead_x) * 4);
            _mm_prefetch(ahead, _MM_HINT_T0);
            _mm_prefetch(ahead + (size_t)q->tex_width * 4, _MM_HINT_T0);
        }
        /* Clamped: lanes past the span's end (its last group of eight) run on beyond the texture. */
        __m256i ix = _mm256_max_epi32(_mm256_srai_epi32(vfx, 16), zero);
        __m256i iy = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(vfy, 16), zero), last_y);
        __m256i on_last = _mm256_cmpgt_epi32(ix, last_pair);
        ix = _mm256_min_epi32(ix, last_pair);
        __m256i iy1 = _mm256_min_epi32(_mm256_add_epi32(iy, one), last_y);
        __m256i at0 = _mm256_add_epi32(_mm256_mullo_epi32(iy, width), ix);
        __m256i at1 = _mm256_add_epi32(_mm256_mullo_epi32(iy1, width), ix);
        /* Weights in both 16-bit halves of each lane: each channel (at most 255) times a weight
           (at most 256) fits 16 bits, so one 16-bit multiply serves two channels. */
        __m256i wx = _mm256_and_si256(_mm256_srli_epi32(vfx, 8), byte);
        wx = _mm256_blendv_epi8(wx, full, on_last);
        __m256i iwx = _mm256_sub_epi32(full, wx);
        __m256i wy = _mm256_and_si256(_mm256_srli_epi32(vfy, 8), byte), iwy = _mm256_sub_epi32(full, wy);
        wx = _mm256_or_si256(wx, _mm256_slli_epi32(wx, 16)); iwx = _mm256_or_si256(iwx, _mm256_slli_epi32(iwx, 16));
        wy = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16)); iwy = _mm256_or_si256(iwy, _mm256_slli_epi32(iwy, 16));
        __m256i halves[2];
        /* The texel indices moved to scalar registers two at a time (an
           array stored whole and read back a lane at a time waits for the
           store: measured, the loop's costliest step). */
        uint64_t i0[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at0)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at0), 1),
                          (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at0, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at0, 1), 1)};
        uint64_t i1[4] = {(uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(at1)), (uint64_t)_mm_extract_epi64(_mm256_castsi256_si128(at1), 1),
                          (uint64_t)_mm_cvtsi128_si64(_mm256_extracti128_si256(at1, 1)), (uint64_t)_mm_extract_epi64(_mm256_extracti128_si256(at1, 1), 1)};
        for (int h = 0; h < 2; h++) {
            const __m256i pick = h ? high_pairs : low_pairs;
            /* Four pixels: (left, right) texel pairs of the upper and the lower row, as plain
               8-byte loads: quicker than gathers, which are microcoded on AMD's Zen and slowed
               by Intel's Downfall fix (measured here: ~1.3x the frames a second). */
            uint64_t a = i0[2 * h], b = i0[2 * h + 1], c0 = i1[2 * h], d = i1[2 * h + 1];
            __m256i top = _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)a), pair_at(texture, (int32_t)(a >> 32)),
                                             pair_at(texture, (int32_t)(uint32_t)b), pair_at(texture, (int32_t)(b >> 32)));
            __m256i bottom = _mm256_setr_epi64x(pair_at(texture, (int32_t)(uint32_t)c0), pair_at(texture, (int32_t)(c0 >> 32)),
                                                pair_at(texture, (int32_t)(uint32_t)d), pair_at(texture, (int32_t)(d >> 32)));
            __m256i pw = _mm256_permutevar8x32_epi32(wy, pick), piw = _mm256_permutevar8x32_epi32(iwy, pick);
            /* Down each column first (both columns at once), then across: the SSE2 path's order, so both round alike. */
            __m256i v = _mm256_or_si256(
                _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(top, rb_mask), piw),
                                                   _mm256_mullo_epi16(_mm256_and_si256(bottom, rb_mask), pw)), 8),
                _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(top, 8), rb_mask), piw),
                                                  _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(bottom, 8), rb_mask), pw)), ag_mask));
            /* Across: left times (256 - wx) beside right times wx, the two products summed into the left lane. */
            __m256i across = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(iwx, pick), _mm256_permutevar8x32_epi32(wx, pick), 0xaa);
            __m256i rb = _mm256_mullo_epi16(_mm256_and_si256(v, rb_mask), across);
            __m256i ag = _mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(v, 8), rb_mask), across);
            rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_shuffle_epi32(rb, 0xb1)), 8);
            ag = _mm256_and_si256(_mm256_add_epi16(ag, _mm256_shuffle_epi32(ag, 0xb1)), ag_mask);
            halves[h] = _mm256_permutevar8x32_epi32(_mm256_or_si256(rb, ag), evens);
        }
        __m256i c = _mm256_permute2x128_si256(halves[0], halves[1], 0x20);
        if (n - k >= 8) {
            _mm256_storeu_si256((__m256i *)(void *)(out + k), c);
        } else {
            uint32_t rest[8];
            _mm256_storeu_si256((__m256i *)(void *)rest, c);
            memcpy(out + k, rest, (size_t)(n - k) * 4);
        }
        vfx = _mm256_add_epi32(vfx, step_x);
        vfy = _mm256_add_epi32(vfy, step_y);
    }
}

/* The floor of a 16.16 position as a texel index, clamped to [0, limit]. */
static inline int texel_index(int64_t f, int limit) {
    int64_t i = f >> 16;
    return i < 0 ? 0 : (i > limit ? limit : (int)i);
}

/* The most texel rows a window's pixels may step down (or up) across it:
   a layer turned about y, away from its middle row, slopes by several
   rows a span where its far side is foreshortened. */
#define WINDOW_SLOPE 9

/*
 * Up to 16 pixels at a time where the processor has AVX-512 and the
 * pixels' texels lie in a window 32 texels across and WINDOW_SLOPE + 2
 * rows down (a layer drawn at up to about twice its texture's scale,
 * sloping by up to WINDOW_SLOPE texels a span): each row of the window is two loads, and each
 * pixel's texels are picked from them by a permute, where the AVX2 path
 * moves every texel pair through a scalar load. The same arithmetic as
 * bilinear_fixed, so the same bytes. 0 (nothing written) when the
 * pixels' texels do not fit.
 */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_window_vector(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, __m512i *out) {
    const int32_t last_x = q->tex_width - 1, last_y = q->tex_height - 1;
    /* The positions step linearly, so the first and the last pixel bound the texels. */
    int32_t ax = texel_index(fx, last_x), bx = texel_index((int64_t)fx + (int64_t)dx * (n - 1), last_x);
    int32_t ay = texel_index(fy, last_y), by = texel_index((int64_t)fy + (int64_t)dy * (n - 1), last_y);
    int32_t x0 = ax < bx ? ax : bx, x1 = (ax < bx ? bx : ax) + 1, y0 = ay < by ? ay : by, y1 = ay < by ? by : ay;
    if (x1 - x0 >= 32 || y1 - y0 > WINDOW_SLOPE) return 0;
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i zero = _mm512_setzero_si512(), byte = _mm512_set1_epi32(0xff), pairs = _mm512_set1_epi32(0x00ff00ff);
    const __m512i full = _mm512_set1_epi32(256), top_x = _mm512_set1_epi32(last_x), top_y = _mm512_set1_epi32(last_y);
    __m512i vfx = _mm512_add_epi32(_mm512_set1_epi32(fx), _mm512_mullo_epi32(lane, _mm512_set1_epi32(dx)));
    __m512i vfy = _mm512_add_epi32(_mm512_set1_epi32(fy), _mm512_mullo_epi32(lane, _mm512_set1_epi32(dy)));
    __m512i ix = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(vfx, 16), zero), top_x);
    __m512i iy = _mm512_min_epi32(_mm512_max_epi32(_mm512_srai_epi32(vfy, 16), zero), top_y);
    /* Each pixel's left and right texel in the window (the right one the left at the last column). */
    __m512i left = _mm512_sub_epi32(ix, _mm512_set1_epi32(x0));
    __m512i right = _mm512_sub_epi32(_mm512_min_epi32(_mm512_add_epi32(ix, _mm512_set1_epi32(1)), top_x), _mm512_set1_epi32(x0));
    /* The window's texels of a row (those past the texture's right edge not read: masked loads do not fault). */
    int across = q->tex_width - x0;
    __mmask16 first = (__mmask16)(across >= 16 ? 0xffff : (1u << across) - 1);
    __mmask16 second = (__mmask16)(across >= 32 ? 0xffff : (across > 16 ? (1u << (across - 16)) - 1 : 0));
    /* Row y0 + r of the window (clamped to the texture's last), each pixel's left and right texel on it. */
#define ROW(r, l, rt) do { \
        const uint32_t *row = (const uint32_t *)(const void *)q->texture + (size_t)(y0 + (r) <= last_y ? y0 + (r) : last_y) * q->tex_width + x0; \
        __m512i lo = _mm512_maskz_loadu_epi32(first, row), hi = _mm512_maskz_loadu_epi32(second, row + 16); \
        l = _mm512_permutex2var_epi32(lo, left, hi); rt = _mm512_permutex2var_epi32(lo, right, hi); \
    } while (0)
    __m512i tl, tr, bl, br;
    ROW(0, tl, tr);
    ROW(1, bl, br);
    /* Each row further down: the pixels on it or below (iy > y0 + k - 1) read it and the next. */
    __m512i above_l = bl, above_r = br;
    for (int k = 1; k <= y1 - y0; k++) {
        __m512i below_l, below_r;
        ROW(k + 1, below_l, below_r);
        __mmask16 down = _mm512_cmpgt_epi32_mask(iy, _mm512_set1_epi32(y0 + k - 1));
        tl = _mm512_mask_blend_epi32(down, tl, above_l); tr = _mm512_mask_blend_epi32(down, tr, above_r);
        bl = _mm512_mask_blend_epi32(down, bl, below_l); br = _mm512_mask_blend_epi32(down, br, below_r);
        above_l = below_l; above_r = below_r;
    }
#undef ROW
    /* Weights in both 16-bit halves of a lane: two channels to one 16-bit multiply (255 × 256 fits). */
    __m512i wx = _mm512_and_si512(_mm512_srli_epi32(vfx, 8), byte), wy = _mm512_and_si512(_mm512_srli_epi32(vfy, 8), byte);
    __m512i iwx = _mm512_sub_epi32(full, wx), iwy = _mm512_sub_epi32(full, wy);
    wx = _mm512_or_si512(wx, _mm512_slli_epi32(wx, 16)); iwx = _mm512_or_si512(iwx, _mm512_slli_epi32(iwx, 16));
    wy = _mm512_or_si512(wy, _mm512_slli_epi32(wy, 16)); iwy = _mm512_or_si512(iwy, _mm512_slli_epi32(iwy, 16));
    /* Down each column first, then across: bilinear_fixed's order and rounding. */
#define DOWN(a, b) _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, iwy), _mm512_mullo_epi16(b, wy)), 8)
#define ACROSS(a, b) _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(a, iwx), _mm512_mullo_epi16(b, wx)), 8)
    __m512i rb = ACROSS(DOWN(_mm512_and_si512(tl, pairs), _mm512_and_si512(bl, pairs)),
                        DOWN(_mm512_and_si512(tr, pairs), _mm512_and_si512(br, pairs)));
    __m512i ag = ACROSS(DOWN(_mm512_and_si512(_mm512_srli_epi32(tl, 8), pairs), _mm512_and_si512(_mm512_srli_epi32(bl, 8), pairs)),
                        DOWN(_mm512_and_si512(_mm512_srli_epi32(tr, 8), pairs), _mm512_and_si512(_mm512_srli_epi32(br, 8), pairs)));
#undef DOWN
#undef ACROSS
    *out = _mm512_or_si512(rb, _mm512_slli_epi32(ag, 8));
    return 1;
}

/* bilinear_window_vector's pixels stored at out. */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_window(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    __m512i texels;
    if (!bilinear_window_vector(q, fx, fy, dx, dy, n, &texels)) return 0;
    _mm512_mask_storeu_epi32(out, (__mmask16)((1u << n) - 1), texels);
    return 1;
}

/* bilinear_window over a span, in two halves where its texels are too far
   apart for one. With dst given (an opaque span may be stored there as it
   is), a span in one window whose texels are all opaque goes straight from
   the register to dst: 2 then, and out is not written. Stored to out and
   read back, it waited on the store (a masked store does not forward to the
   load after it: measured, a twentieth of the flip's time on one line). */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int bilinear_span_window(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out,
                                       uint8_t *dst) {
    __m512i texels;
    if (bilinear_window_vector(q, fx, fy, dx, dy, n, &texels)) {
        const __mmask16 lanes = (__mmask16)((1u << n) - 1);
        if (dst && _mm512_mask_cmpge_epu32_mask(lanes, texels, _mm512_set1_epi32((int)0xff000000u)) == lanes) {
            _mm512_mask_storeu_epi32(dst, lanes, texels);
            return 2;
        }
        _mm512_mask_storeu_epi32(out, lanes, texels);
        return 1;
    }
    if (n <= 8) return 0;
    int32_t hx = (int32_t)((int64_t)fx + (int64_t)dx * 8), hy = (int32_t)((int64_t)fy + (int64_t)dy * 8);
    if (!bilinear_window(q, fx, fy, dx, dy, 8, out)) return 0;
    if (bilinear_window(q, hx, hy, dx, dy, n - 8, out + 8)) return 1;
    for (int k = 8; k < n; k++, hx += dx, hy += dy) out[k] = bilinear_fixed(q, hx, hy);
    return 1;
}

CR_THREAD_SWITCH int widest_path = CR_PATHS_AVX512;

static int has_avx2(void) {
    static int answer = -1;
    if (answer < 0) answer = __builtin_cpu_supports("avx2") ? 1 : 0;
    return answer && widest_path >= CR_PATHS_AVX2;
}

static int has_avx512(void) {
    static int answer = -1;
    if (answer < 0) answer = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
    return answer && widest_path >= CR_PATHS_AVX512;
}
#endif

/* n (at most SPAN) pixels' bilinear texels from (fx, fy), stepping (dx, dy),
   by the widest path the processor has short of AVX-512's window. */
static void bilinear_span_narrow(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
#if CR_HAS_AVX2_PATH
    if (has_avx2() && q->tex_width >= 2) { bilinear_span_avx2(q, fx, fy, dx, dy, n, out); return; }
#endif
    for (int k = 0; k < n; k++, fx += dx, fy += dy) out[k] = bilinear_fixed(q, fx, fy);
}

#if CR_HAS_AVX2_PATH
__attribute__((target("avx512f,avx512bw")))
static int bilinear_span_window_called(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
    return bilinear_span_window(q, fx, fy, dx, dy, n, out, NULL);
}
#endif

/* bilinear_span_narrow, or AVX-512's window where the processor has it
   and the texels fit: the same bytes on every path. */
static void bilinear_span(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *out) {
#if CR_HAS_AVX2_PATH
    if (has_avx512() && bilinear_span_window_called(q, fx, fy, dx, dy, n, out)) return;
#endif
    bilinear_span_narrow(q, fx, fy, dx, dy, n, out);
}

int cr_widest_path(void) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) return CR_PATHS_AVX512;
    if (has_avx2()) return CR_PATHS_AVX2;
#endif
    return CR_PATHS_SCALAR;
}

void cr_limit_paths(int widest) {
#if CR_HAS_AVX2_PATH
    widest_path = widest;
#else
    (void)widest;
#endif
}

/* ---- Flat tiles --------------------------------------------------------- */

/* A screen's picture is mostly flat colour (backgrounds, bars) and a list
   row's mostly nothing (text on clear): tiles of one colour let a run of
   pixels that reads only such texels take that colour without filtering,
   which gives the same bytes (the filter's weights sum to 256, so a
   colour blended with itself is itself, on every path). */

/* Tiles a row and a column of a texture's cr_texture_tiles has (the last may be partial). */
static inline int tiles_across(int width) { return (width + CR_TILE_W - 1) / CR_TILE_W; }
static inline int tiles_down(int height) { return (height + CR_TILE_H - 1) / CR_TILE_H; }

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

/* Whether every texel the filter reads for pixels whose positions lie
   between (ax, ay) and (bx, by) (16.16) lies in tiles of one colour, and
   which. The texels read are those at the positions' floors and one past,
   clamped to the texture, on any path. */
static inline int flat_box(const cr_quad *q, int64_t ax, int64_t ay, int64_t bx, int64_t by, uint32_t *color) {
    int64_t x_lo = ax < bx ? ax : bx, x_hi = ax < bx ? bx : ax, y_lo = ay < by ? ay : by, y_hi = ay < by ? by : ay;
    int mx = q->tex_width - 1, my = q->tex_height - 1;
    int tx0 = texel_index(x_lo, mx) / CR_TILE_W, tx1 = texel_index(x_hi + 65536, mx) / CR_TILE_W;
    int ty0 = texel_index(y_lo, my) / CR_TILE_H, ty1 = texel_index(y_hi + 65536, my) / CR_TILE_H;
    int across = tiles_across(q->tex_width);
    uint64_t word = q->tiles[(size_t)ty0 * across + tx0], first = word & CR_TILE_FLAT_MASK;
    if (!first || CR_TILE_ACROSS(word) < tx1 - tx0) return 0;
    /* Row by row: the tile at the box's left edge, and enough like it
       after it; the rows under a tile with the same word at once. */
    for (int ty = ty0 + 1 + (int)CR_TILE_DOWN(word); ty <= ty1; ty += 1 + (int)CR_TILE_DOWN(word)) {
        word = q->tiles[(size_t)ty * across + tx0];
        if ((word & CR_TILE_FLAT_MASK) != first || CR_TILE_ACROSS(word) < tx1 - tx0) return 0;
    }
    *color = (uint32_t)first;
    return 1;
}

/* flat_box for n pixels from (fx, fy), stepping (dx, dy): the positions
   step linearly, so the first and the last bound them. */
static inline int flat_run(const cr_quad *q, int32_t fx, int32_t fy, int32_t dx, int32_t dy, int n, uint32_t *color) {
    return flat_box(q, fx, fy, (int64_t)fx + (int64_t)dx * (n - 1), (int64_t)fy + (int64_t)dy * (n - 1), color);
}


/* x / SPAN, rounded toward zero as C's division is. */
static inline int64_t div_span(int64_t x) { return (x + ((x >> 63) & (SPAN - 1))) >> SPAN_SHIFT; }

#define INTERIOR_NAME draw_interior_narrow
#define INTERIOR_ATTRIBUTES
#define INTERIOR_WINDOW(q, fx, fy, dx, dy, n, out, dst) 0
#define INTERIOR_STORE_OPAQUE(dst, source, n) 0
#include "interior.h"
#undef INTERIOR_NAME
#undef INTERIOR_ATTRIBUTES
#undef INTERIOR_WINDOW
#undef INTERIOR_STORE_OPAQUE

#if CR_HAS_AVX2_PATH
/* Whether n (at most 16) texels are all opaque; if so they are stored at dst. */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline int store_if_opaque_wide(uint8_t *dst, const uint32_t *source, int n) {
    const __mmask16 lanes = (__mmask16)((1u << n) - 1);
    const __m512i texels = _mm512_maskz_loadu_epi32(lanes, source);
    if (_mm512_mask_cmpge_epu32_mask(lanes, texels, _mm512_set1_epi32((int)0xff000000u)) != lanes) return 0;
    _mm512_mask_storeu_epi32(dst, lanes, texels);
    return 1;
}

#define INTERIOR_NAME draw_interior_wide
#define INTERIOR_ATTRIBUTES __attribute__((target("avx512f,avx512bw")))
#define INTERIOR_WINDOW(q, fx, fy, dx, dy, n, out, dst) bilinear_span_window(q, fx, fy, dx, dy, n, out, dst)
#define INTERIOR_STORE_OPAQUE(dst, source, n) store_if_opaque_wide(dst, source, n)
#include "interior.h"
#undef INTERIOR_NAME
#undef INTERIOR_ATTRIBUTES
#undef INTERIOR_WINDOW
#undef INTERIOR_STORE_OPAQUE
#endif

static void draw_interior(cr_target *t, const cr_quad *q, int y, int xs, int xe) {
#if CR_HAS_AVX2_PATH
    if (has_avx512()) { draw_interior_wide(t, q, y, xs, xe); return; }
#endif
    draw_interior_narrow(t, q, y, xs, xe);
}

/* ---- Layers on whole pixels --------------------------------------------- */

/* Most layers of a transition's frames are not turned at all: screens,
   list rows and dimming views at rest or sliding by whole pixels. Their
   edges lie on pixel boundaries, so every pixel of their box is whole (no
   classifying, no samples) and, when their picture has one texel a device
   pixel, each row is one pass of texels over the target: the plain blend. */


/* Whether x is a whole number, to within the error of a homography's inverse. */
static inline int near_whole(double x, int *whole) {
    double r = floor(x + 0.5);
    if (!(fabs(x - r) < 1e-6) || fabs(r) > 1e9) return 0;
    *whole = (int)r;
    return 1;
}

/*
 * The device pixels [ax0, ax1) x [ay0, ay1) an unturned, unsheared layer
 * covers when its edges lie (to within 1e-6 of a pixel) on pixel
 * boundaries; 0 when it is anything else (rounded, a border, clipped,
 * turned, in perspective, or off the pixel grid), which the general path
 * draws. Inside the rectangle the general path would find every pixel
 * whole and take its colour at its centre, which is what the rows here do.
 */
static int aligned_rect(const cr_quad *q, int *ax0, int *ay0, int *ax1, int *ay1) {
    const double *m = q->m;
    if (!fast_paths_allowed || q->radius > 0 || q->ring > 0 || q->clip) return 0;
    if (m[1] != 0 || m[2] != 0 || m[3] != 0 || m[5] != 0 || m[0] == 0 || m[4] == 0 || m[8] == 0) return 0;
    if (q->f[0] != 0 || q->f[1] != 0 || !(q->f[2] > 0)) return 0;
    /* u = (x m0 + m6) / m8 is 0 and the width at these x; v likewise down. */
    double xa = -m[6] / m[0], xb = (q->width * m[8] - m[6]) / m[0];
    double ya = -m[7] / m[4], yb = (q->height * m[8] - m[7]) / m[4];
    int x0, x1, y0, y1;
    if (!near_whole(xa < xb ? xa : xb, &x0) || !near_whole(xa < xb ? xb : xa, &x1)) return 0;
    if (!near_whole(ya < yb ? ya : yb, &y0) || !near_whole(ya < yb ? yb : ya, &y1)) return 0;
    if (x1 <= x0 || y1 <= y0) return 0;
    /* A picture must have one texel a pixel, the right way round: copied, not filtered. */
    if (q->texture && (m[0] / m[8] < 0 || m[4] / m[8] < 0 || q->tex_width != x1 - x0 || q->tex_height != y1 - y0)) return 0;
    *ax0 = x0; *ay0 = y0; *ax1 = x1; *ay1 = y1;
    return 1;
}

#if defined(__SSE2__)
/* Each 8-bit channel (in 16-bit lanes) times m/255, rounded: lanes_mul255's arithmetic. */
static inline __m128i mul255_epi16(__m128i x, __m128i m) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, m), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/* Each pixel's alpha in all four of its 16-bit lanes. */
static inline __m128i alphas_epi16(__m128i x) { return _mm_shufflelo_epi16(_mm_shufflehi_epi16(x, 0xff), 0xff); }
#endif

/*
 * One pass over n pixels with no samples and no clip: each texel (or,
 * without a texture, the fill) over `under` where it is not opaque, at
 * `alpha`, then over the target. The same bytes as blend_span.
 */
static void span_over(uint8_t *dst, const uint8_t *texels, int n, uint32_t under, uint32_t alpha) {
    uint32_t fill = alpha != 255 ? lanes_mul255(under, alpha) : under;
    if (!texels && fill == 0) return;
    int k = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), alphas = _mm_set1_epi32((int)0xff000000u), c255 = _mm_set1_epi16(255);
    const __m128i under16 = _mm_unpacklo_epi8(_mm_set1_epi32((int)under), zero), alpha16 = _mm_set1_epi16((short)alpha);
    const __m128i fill4 = _mm_set1_epi32((int)fill);
    for (; k + 4 <= n; k += 4) {
        __m128i s = fill4;
        if (texels) {
            s = _mm_loadu_si128((const __m128i *)(const void *)(texels + (size_t)k * 4));
            int opaque = _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, alphas), alphas)) == 0xffff;
            if (under != 0 && !opaque) {
                __m128i lo = mul255_epi16(under16, _mm_sub_epi16(c255, alphas_epi16(_mm_unpacklo_epi8(s, zero))));
                __m128i hi = mul255_epi16(under16, _mm_sub_epi16(c255, alphas_epi16(_mm_unpackhi_epi8(s, zero))));
                s = _mm_add_epi8(s, _mm_packus_epi16(lo, hi));
            }
            if (alpha != 255) {
                s = _mm_packus_epi16(mul255_epi16(_mm_unpacklo_epi8(s, zero), alpha16), mul255_epi16(_mm_unpackhi_epi8(s, zero), alpha16));
            } else if (opaque) {
                _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), s);
                continue;
            }
        } else if ((fill >> 24) == 255) {
            _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), s);
            continue;
        }
        /* d·(255 − sa)/255 + s. */
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(dst + (size_t)k * 4));
        __m128i lo = mul255_epi16(_mm_unpacklo_epi8(d, zero), _mm_sub_epi16(c255, alphas_epi16(_mm_unpacklo_epi8(s, zero))));
        __m128i hi = mul255_epi16(_mm_unpackhi_epi8(d, zero), _mm_sub_epi16(c255, alphas_epi16(_mm_unpackhi_epi8(s, zero))));
        _mm_storeu_si128((__m128i *)(void *)(dst + (size_t)k * 4), _mm_add_epi8(_mm_packus_epi16(lo, hi), s));
    }
#endif
    for (; k < n; k++) {
        uint32_t c = fill;
        if (texels) {
            c = load_px(texels + (size_t)k * 4);
            if ((c >> 24) != 255 && under != 0) c += lanes_mul255(under, 255 - (c >> 24));
            if (alpha != 255) c = lanes_mul255(c, alpha);
        }
        store_px(dst + (size_t)k * 4, lanes_over(c, load_px(dst + (size_t)k * 4)));
    }
}

/* An aligned layer's rows (aligned_rect): only rows where some pixel keeps
   samples go the careful way. */
static void draw_aligned(cr_target *t, const cr_quad *q, int ax0, int ay0, int ax1, int ay1) {
    int x0 = ax0 > q->x0 ? ax0 : q->x0, x1 = ax1 < q->x1 ? ax1 : q->x1;
    int y0 = ay0 > q->y0 ? ay0 : q->y0, y1 = ay1 < q->y1 ? ay1 : q->y1;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > t->width) x1 = t->width;
    if (y1 > t->height) y1 = t->height;
    if (x1 <= x0 || y1 <= y0) return;
    uint32_t color = load_px(q->color);
    for (int y = y0; y < y1; y++) {
        size_t row = (size_t)y * t->width;
        const uint8_t *texels = q->texture ? q->texture + ((size_t)(y - ay0) * q->tex_width + (x0 - ax0)) * 4 : NULL;
        if (!(t->sampled_rows[y] & sample_blocks(sample_block_shift(t->width), x0, x1))) {
            span_over(t->pixels + (row + x0) * 4, texels, x1 - x0, color, q->alpha);
            continue;
        }
        if (!texels) { draw_interior(t, q, y, x0, x1); continue; }
        for (int x = x0; x < x1; x += SPAN) {
            int n = x1 - x < SPAN ? x1 - x : SPAN;
            uint32_t source[SPAN];
            memcpy(source, texels + (size_t)(x - x0) * 4, (size_t)n * 4);
            blend_span(t, q, row + x, source, n, color, 1);
        }
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
    const double cy = y + 0.5;
    for (int side = 0; side < 2; side++) {
        int x = side ? oe - 1 : os;
        if (x < 0 || x >= t->width) continue;
        size_t i = (size_t)y * t->width + x;
        __builtin_prefetch(t->pixels + i * 4);
        __builtin_prefetch(t->slots + i);
        double cx = x + 0.5, W = cx * h[2] + cy * h[5] + h[8];
        if (!(W > 0)) continue;
        double tx = texel_x(q, (cx * h[0] + cy * h[3] + h[6]) / W), ty = texel_y(q, (cx * h[1] + cy * h[4] + h[7]) / W);
        /* Clamped to the texture (NaN to its first texel): only an address to ask for. */
        int last_row = q->tex_height > 1 ? q->tex_height - 2 : 0;
        int ix = tx >= 0 ? (tx < q->tex_width - 1 ? (int)tx : q->tex_width - 1) : 0;
        int iy = ty >= 0 ? (ty < last_row ? (int)ty : last_row) : 0;
        const uint8_t *p = q->texture + ((size_t)iy * q->tex_width + ix) * 4;
        __builtin_prefetch(p);
        __builtin_prefetch(p + (size_t)q->tex_width * 4);
    }
}

void cr_draw_quad(cr_target *t, const cr_quad *q) {
    int ax0, ay0, ax1, ay1;
    if (aligned_rect(q, &ax0, &ay0, &ax1, &ay1)) { draw_aligned(t, q, ax0, ay0, ax1, ay1); return; }
    double margin = whole_pixel_margin(q);
    /* A plain rectangle's rows are cut by its lines on every path (the
       general one draws the same pixels as edges, only by classifying them). */
    rect_lines lines_store, *lines = NULL;
    const int plain = q->radius <= 0 && q->ring <= 0;
    if (plain) rect_lines_of(q, &lines_store);
    if (plain && fast_paths_allowed) lines = &lines_store;
    /* A border's hole: deep inside its inner edge nothing is drawn. */
    double hole = q->ring + margin + (q->radius > q->ring ? q->radius - q->ring : 0);
    /* W safely positive at the box's corners is so all over it (it is
       linear): a plain rectangle's lines alone then find each row's hull. */
    int in_front = plain && q->x1 > q->x0 && q->y1 > q->y0;
    for (int k = 0; k < 4 && in_front; k++) {
        int x = k & 1 ? q->x1 - 1 : q->x0, y = k & 2 ? q->y1 - 1 : q->y0;
        in_front = wholly_in(&lines_store, 0, x, y);
    }
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
            draw_edge_run(t, q, lines, y, os, oe);
            continue;
        }
        draw_edge_run(t, q, lines, y, os, xs);
        draw_interior(t, q, y, xs, xe);
        draw_edge_run(t, q, lines, y, xe, oe);
    }
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
            blend_samples(t, x, y, c, mask);
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

/* One premultiplied pixel at alpha over the whole of pixel (x, y). */
static inline void composite_pixel(cr_target *t, int x, int y, const uint8_t *s, uint8_t alpha) {
    if (s[3] == 0 && s[0] == 0 && s[1] == 0 && s[2] == 0) return;
    uint8_t c[4];
    scale_px(c, s, alpha);
    blend_samples(t, x, y, c, ALL_SAMPLES);
}

void cr_composite(cr_target *t, const uint8_t *source, uint8_t alpha, int x0, int y0, int x1, int y1) {
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            composite_pixel(t, x, y, source + ((size_t)y * t->width + x) * 4, alpha);
        }
}

void cr_composite_target(cr_target *t, const cr_target *source, uint8_t alpha, int x0, int y0, int x1, int y1) {
    const uint8_t *pixels = source->pixels;
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            size_t i = (size_t)y * t->width + x;
            int32_t slot = slot_at(source, x, y), own = slot < 0 ? -1 : slot_at(t, x, y);
            if (slot >= 0 && own < 0) own = take_slot(t, x, y);
            if (own < 0) {
                composite_pixel(t, x, y, pixels + i * 4, alpha);
                continue;
            }
            uint8_t from[CR_SAMPLES * 4];
            samples_into(source, slot, from);
            lengthen(t, own);
            uint8_t *to = samples_of(t, own);
            for (int k = 0; k < CR_SAMPLES; k++) {
                uint8_t c[4];
                scale_px(c, from + k * 4, alpha);
                blend(to + k * 4, c);
            }
            average_slot(t, own, i);
        }
    }
}

/* Every pixel back to one colour, its own: no samples kept. */
static void drop_samples(cr_target *t) {
    /* Only the pixels that took samples have a slot to drop (a fresh target: all of them). */
    if (t->used < 0) memset(t->slots, 0xff, (size_t)t->width * t->height * sizeof(int32_t));
    else
        for (int s = 0; s < t->used; s++) t->slots[owner_of(t, s)] = -1;
    memset(t->sampled_rows, 0, (size_t)t->height * sizeof *t->sampled_rows);
    t->used = 0;
}

void cr_clear_box(cr_target *t, int x0, int y0, int x1, int y1) {
    for (int y = y0; y < y1; y++) memset(t->pixels + ((size_t)y * t->width + x0) * 4, 0, (size_t)(x1 - x0) * 4);
    drop_samples(t);
}

void cr_fill(cr_target *t, const uint8_t color[4]) {
    size_t n = (size_t)t->width * t->height;
    uint32_t c = load_px(color);
    uint32_t *p = (uint32_t *)(void *)t->pixels;
    for (size_t i = 0; i < n; i++) p[i] = c;
    drop_samples(t);
}

/* ---- Page curl ---------------------------------------------------------- */

/* Where on the flat page the surface seen at local point p comes from, for
   the highest of the curl's layers there. Returns 0 where no page is seen,
   1 for the page's front, 2 for its back; *light is the shading (0-256). */
/* The cylinder's angle at a distance d past the axis, as curl_source finds
   it where 0 ≤ d ≤ r: a1 = asin(d / r) and cos a1. */
typedef struct {
    double a1, cos_a1;
} curl_arc;

static inline curl_arc curl_arc_at(double d, double r) {
    double x = d / r > 1 ? 1 : d / r;
    /* cos a1 = √(1 − x²) (a1 in [−π/2, π/2]) and cos a2 = −cos a1: one root for two cosines. */
    curl_arc arc = {asin(x), sqrt(1 - x * x)};
    return arc;
}

/* `arc`: curl_arc_at for the point's d, when found already (or NULL). */
static int curl_source(const cr_quad *q, double pu, double pv, double cx, double cy, double nx, double ny, double r,
                       const curl_arc *arc, double *su, double *sv, int *light) {
    const double pi = 3.14159265358979323846;
    double d = (pu - cx) * nx + (pv - cy) * ny;
    /* Candidates from the top down: the flat back (z = 2r), the far half of
       the cylinder (back, z in r..2r), its near half (front, z in 0..r), the flat page. */
    double delta[3];
    int side[3], shadeOf[3];
    int count = 0;
    if (d < 0) { delta[count] = pi * r - d; side[count] = 2; shadeOf[count] = 230; count++; }
    if (d >= -1e-9 && d <= r) {
        curl_arc found = arc ? *arc : curl_arc_at(d, r);
        double a1 = found.a1, a2 = pi - a1, cos_a1 = found.cos_a1;
        delta[count] = a2 * r; side[count] = 2; shadeOf[count] = (int)(150 + 80 * (1 + cos_a1) / 2); count++;
        delta[count] = a1 * r; side[count] = 1; shadeOf[count] = (int)(256 - 110 * (1 - cos_a1)); count++;
    }
    for (int k = 0; k < count; k++) {
        double u = pu - nx * d + nx * delta[k], v = pv - ny * d + ny * delta[k];
        if (u >= 0 && v >= 0 && u <= q->width && v <= q->height) {
            *su = u; *sv = v; *light = shadeOf[k];
            return side[k];
        }
    }
    /* The flat page behind the axis: only the page itself (a page smaller
       than the screen has nothing round it to show). */
    if (d <= 0 && pu >= 0 && pv >= 0 && pu <= q->width && pv <= q->height) { *su = pu; *sv = pv; *light = 256; return 1; }
    return 0;
}

/* The curl's parameters, as cr_draw_curl takes them, and the pixel's
   reach in local units: within it of a silhouette (the page's border, the
   cylinder's rim) four samples decide the coverage. */
typedef struct {
    double cx, cy, nx, ny, r, reach;
} curl_shape;

/* The curl finds its own coverage (its pixels' colours carry it), so
   what it draws covers each pixel whole (ALL_SAMPLES): where a pixel keeps
   samples (an edge of what lies under the page) it is blended into every
   sample, so that the samples still average to the pixel. */

/* span_over's pixels [x0, x0 + n) of row y: rows and blocks with no
   samples in one pass, the pixels of the others through their samples
   (span_over's arithmetic: lanes_over(lanes_mul255(c, alpha), d)). */
static void span_over_target(cr_target *t, int y, int x0, const uint8_t *texels, int n, uint32_t alpha) {
    const uint64_t blocks = t->sampled_rows[y];
    if (!blocks || !(blocks & sample_blocks(sample_block_shift(t->width), x0, x0 + n))) {
        span_over(t->pixels + ((size_t)y * t->width + x0) * 4, texels, n, 0, alpha);
        return;
    }
    for (int k = 0; k < n; k++) {
        uint32_t c = load_px(texels + (size_t)k * 4);
        if (alpha != 255) c = lanes_mul255(c, alpha);
        uint8_t cc[4];
        store_px(cc, c);
        blend_samples(t, x0 + k, y, cc, ALL_SAMPLES);
    }
}

/* One pixel of the curl the careful way: its source found at its centre
   (or at four samples near a silhouette), shaded, blended. */
static void curl_pixel_at(cr_target *t, const cr_quad *q, const curl_shape *c, int x, int y, int seen, double pu, double pv,
                          const curl_arc *arc) {
    double cx = c->cx, cy = c->cy, nx = c->nx, ny = c->ny, r = c->r, reach = c->reach;
    uint32_t m = modulation(q, x, y);
    if (m == 0) return;
    double su = 0, sv = 0;
    int light = 256;
    if (!seen) return;
    int side = curl_source(q, pu, pv, cx, cy, nx, ny, r, arc, &su, &sv, &light);
    double d = (pu - cx) * nx + (pv - cy) * ny;
    int near_rim = fabs(d - r) < reach || (side && (su < reach || sv < reach || su > q->width - reach || sv > q->height - reach));
    int hits = side ? 4 : 0, shadow = 0;
    if (near_rim) {
        hits = 0;
        for (int k = 0; k < CR_SAMPLES; k += 4) {
            double qu, qv, tu, tv;
            int tl;
            if (!local_point(q, x + sample_x[k], y + sample_y[k], &qu, &qv)) continue;
            int s2 = curl_source(q, qu, qv, cx, cy, nx, ny, r, NULL, &tu, &tv, &tl);
            if (s2) {
                if (!hits) { su = tu; sv = tv; light = tl; side = s2; }
                hits++;
            }
        }
    }
    /* The curl's shadow on what it uncovers, fading over 1.2 r past the rim. */
    if (hits < 4 && d > r && d < r * 2.2 && pu >= 0 && pv >= 0 && pu <= q->width && pv <= q->height)
        shadow = (int)(96 * (1 - (d - r) / (r * 1.2)));
    if (hits) {
        uint8_t px[4];
        int32_t fx, fy;
        const texel_scale scale = texel_scale_of(q);
        texel_at(&scale, su, sv, 1, &fx, &fy);
        /* Worked on as one word (see blend). */
        uint32_t c = bilinear_fixed(q, fx, fy), a = c >> 24, lit = a << 24;
        for (int ch = 0; ch < 3; ch++) {
            uint32_t v = channel(c, ch);
            /* The back: the page's own picture seen through the paper, lightened. */
            if (side == 2) v = (v * 2u + a * 3u + 2) / 5 & 0xff;
            lit |= ((v * (uint32_t)light) >> 8 & 0xff) << (8 * ch);
        }
        store_px(px, lit);
        scale_px(px, px, m * (uint32_t)hits / 4);
        if (hits < 4 && shadow > 0) {
            uint8_t s[4];
            store_px(s, div255(m * (uint32_t)shadow * (4 - hits) / 4) << 24);
            blend_samples(t, x, y, s, ALL_SAMPLES);
        }
        blend_samples(t, x, y, px, ALL_SAMPLES);
    } else if (shadow > 0) {
        uint8_t s[4];
        store_px(s, div255(m * (uint32_t)shadow) << 24);
        blend_samples(t, x, y, s, ALL_SAMPLES);
    }
}

/*
 * Pixels [x0, x1) of row y, each as curl_pixel_at draws it, their centres'
 * local points solved first for a batch at a time in a loop of nothing
 * but arithmetic (local_point's, operation for operation), so that one
 * pixel's divides overlap the next's rather than wait behind its branches.
 */
static void curl_run(cr_target *t, const cr_quad *q, const curl_shape *c, int y, int x0, int x1) {
    const double *m = q->m;
    double py = y + 0.5;
    for (int b = x0; b < x1; b += EDGE_BATCH) {
        int n = x1 - b < EDGE_BATCH ? x1 - b : EDGE_BATCH;
        double us[EDGE_BATCH], vs[EDGE_BATCH];
        int seen[EDGE_BATCH], on_arc[EDGE_BATCH];
        curl_arc arcs[EDGE_BATCH];
        for (int k = 0; k < n; k++) {
            double px = b + k + 0.5;
            double W = px * m[2] + py * m[5] + m[8];
            double u = (px * m[0] + py * m[3] + m[6]) / W, v = (px * m[1] + py * m[4] + m[7]) / W;
            us[k] = u; vs[k] = v;
            seen[k] = W != 0 && u * q->f[0] + v * q->f[1] + q->f[2] > 0;
        }
        /* The arcs' roots too (curl_source's d and its range, as it tests them). */
        for (int k = 0; k < n; k++) {
            double d = (us[k] - c->cx) * c->nx + (vs[k] - c->cy) * c->ny;
            on_arc[k] = d >= -1e-9 && d <= c->r;
            if (on_arc[k]) arcs[k] = curl_arc_at(d, c->r);
        }
        for (int k = 0; k < n; k++) curl_pixel_at(t, q, c, b + k, y, seen[k], us[k], vs[k], on_arc[k] ? &arcs[k] : NULL);
    }
}

/* The pixels x (whole numbers) in [lo, hi], as [*s, *e), within [x0, x1). */
static inline void pixels_between(double lo, double hi, int x0, int x1, int *s, int *e) {
    *s = x1; *e = x1;
    if (!(lo <= hi)) return;
    double a = ceil(lo), b = floor(hi) + 1;
    if (a < x0) a = x0;
    if (b > x1) b = x1;
    if (a < b) { *s = (int)a; *e = (int)b; }
}

/* What a run of a curled row is: nothing, the plain page, the flap's back, the curl's shadow. */
enum { RUN_NOTHING, RUN_PLAIN, RUN_FLAP, RUN_SHADOW };

/* A run [s, e) of `kind`, appended when not empty. */
static inline void add_run(int runs[5][3], int *count, double lo, double hi, int x0, int x1, int kind) {
    int s, e;
    pixels_between(lo, hi, x0, x1, &s, &e);
    if (s < e) { runs[*count][0] = s; runs[*count][1] = e; runs[*count][2] = kind; (*count)++; }
}

/* The linear functions of x (a x + b, at pixel centres) a curled row needs. */
typedef struct {
    double au, bu, av, bv;    /* the local point */
    double ad, bd;            /* its distance past the axis */
    double afu, bfu, afv, bfv; /* the point folded onto it: p + n (pi r − 2 d) */
} curl_row;

static curl_row curl_row_at(const cr_quad *q, const curl_shape *c, int y) {
    const double *m = q->m, pi = 3.14159265358979323846;
    double W = m[8], py = y + 0.5;
    curl_row l;
    l.au = m[0] / W; l.bu = (0.5 * m[0] + py * m[3] + m[6]) / W;
    l.av = m[1] / W; l.bv = (0.5 * m[1] + py * m[4] + m[7]) / W;
    l.ad = l.au * c->nx + l.av * c->ny; l.bd = (l.bu - c->cx) * c->nx + (l.bv - c->cy) * c->ny;
    l.afu = l.au - 2 * c->nx * l.ad; l.bfu = l.bu + c->nx * (pi * c->r - 2 * l.bd);
    l.afv = l.av - 2 * c->ny * l.ad; l.bfv = l.bv + c->ny * (pi * c->r - 2 * l.bd);
    return l;
}

/*
 * Where on row y the careful way is not needed, for a page drawn through
 * an affine map (along a row, every local quantity is then linear in x),
 * as runs [s, e) of a kind, sorted and apart; returns how many (at most 5):
 * - plain: flat page, front up, not under the flap, clear of every
 *   silhouette by more than a pixel's reach: the page's texels as they are
 *   (only with one texel a pixel: `texels`);
 * - flap: the flap's back lying flat over the page, clear of its edges;
 * - shadow: the shadow on what the curl uncovers, clear of the rim and on the page;
 * - nothing: past the shadow.
 * Each condition is kept with a margin of 1e-6 local units, far above the
 * rounding of the per-pixel arithmetic, so every pixel of a run is one
 * that curl_pixel_at draws the same way (plain and nothing: the same bytes;
 * flap and shadow: the same colour, its texel position stepped along the
 * row rather than solved at each pixel, which may move a filter weight by
 * 1/256 and a channel by 1).
 */
static int curl_runs(const cr_quad *q, const curl_shape *c, const curl_row *l, int texels, int y, int runs[5][3]) {
    const double tol = 1e-6;
    double r = c->r, reach = c->reach, w = q->width, h = q->height;
    int count = 0, x0 = q->x0, x1 = q->x1;
    double lo, hi;
    double flat = -tol < r - reach - tol ? -tol : r - reach - tol;  /* d at most this: flat, clear of the rim */
    if (texels) {
        lo = x0; hi = x1 - 1;
        keep_where_positive(-l->ad, flat - l->bd, &lo, &hi);
        keep_where_positive(l->au, l->bu - reach - tol, &lo, &hi);
        keep_where_positive(-l->au, w - reach - tol - l->bu, &lo, &hi);
        keep_where_positive(l->av, l->bv - reach - tol, &lo, &hi);
        keep_where_positive(-l->av, h - reach - tol - l->bv, &lo, &hi);
        /* Where the folded point is on the page, grown by the margin: the flap's back is there. */
        double flo = lo - 1, fhi = hi + 1;
        keep_where_positive(l->afu, l->bfu + tol, &flo, &fhi);
        keep_where_positive(-l->afu, w + tol - l->bfu, &flo, &fhi);
        keep_where_positive(l->afv, l->bfv + tol, &flo, &fhi);
        keep_where_positive(-l->afv, h + tol - l->bfv, &flo, &fhi);
        if (flo > fhi) {
            add_run(runs, &count, lo, hi, x0, x1, RUN_PLAIN);
        } else {
            /* Pixels strictly before flo and strictly after fhi. */
            add_run(runs, &count, lo, ceil(flo) - 1 < hi ? ceil(flo) - 1 : hi, x0, x1, RUN_PLAIN);
            add_run(runs, &count, floor(fhi) + 1 > lo ? floor(fhi) + 1 : lo, hi, x0, x1, RUN_PLAIN);
        }
    }
    /* The flap: flat, its folded point on the page by more than a pixel's reach. */
    lo = x0; hi = x1 - 1;
    keep_where_positive(-l->ad, flat - l->bd, &lo, &hi);
    keep_where_positive(l->afu, l->bfu - reach - tol, &lo, &hi);
    keep_where_positive(-l->afu, w - reach - tol - l->bfu, &lo, &hi);
    keep_where_positive(l->afv, l->bfv - reach - tol, &lo, &hi);
    keep_where_positive(-l->afv, h - reach - tol - l->bfv, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_FLAP);
    /* The shadow: past the rim by more than a pixel's reach, short of 2.2 r, on the page. */
    lo = x0; hi = x1 - 1;
    keep_where_positive(l->ad, l->bd - (r + reach + tol), &lo, &hi);
    keep_where_positive(-l->ad, 2.2 * r - tol - l->bd, &lo, &hi);
    keep_where_positive(l->au, l->bu - tol, &lo, &hi);
    keep_where_positive(-l->au, w - tol - l->bu, &lo, &hi);
    keep_where_positive(l->av, l->bv - tol, &lo, &hi);
    keep_where_positive(-l->av, h - tol - l->bv, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_SHADOW);
    /* Past the shadow (d ≥ 2.2 r) and clear of the rim: nothing. */
    lo = x0; hi = x1 - 1;
    double beyond = (2.2 * r > r + reach ? 2.2 * r : r + reach) + tol;
    keep_where_positive(l->ad, l->bd - beyond, &lo, &hi);
    add_run(runs, &count, lo, hi, x0, x1, RUN_NOTHING);
    /* Sorted by start (at most five). */
    for (int a = 1; a < count; a++)
        for (int b = a; b > 0 && runs[b][0] < runs[b - 1][0]; b--)
            for (int k = 0; k < 3; k++) { int tmp = runs[b][k]; runs[b][k] = runs[b - 1][k]; runs[b - 1][k] = tmp; }
    return count;
}

/* A run of the flap's back: its texels found SPAN pixels at a time (a
   texel position solved at each span's start, stepped between), filtered
   as a layer's are, then shaded as curl_pixel_at shades the back. */
/* The back of the page in the flap's light: each colour channel c of a
   texel (alpha a) becomes ((2c + 3a + 2) / 5) · 230 / 256, the page's own
   picture seen through the paper, lightened, then shaded; alpha stays. */
static void shade_back(uint32_t *texels, int n) {
    int k = 0;
#if defined(__SSE2__)
    /* x / 5 for 16-bit x is (x · 0xCCCD) >> 18 exactly. */
    const __m128i zero = _mm_setzero_si128(), fifth = _mm_set1_epi16((short)0xCCCD), light = _mm_set1_epi16(230);
    const __m128i two = _mm_set1_epi16(2), three = _mm_set1_epi16(3);
    const __m128i colour = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1);
    for (; k + 4 <= n; k += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(texels + k));
        __m128i halves[2] = {_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero)};
        for (int h = 0; h < 2; h++) {
            __m128i c = halves[h], a = alphas_epi16(c);
            __m128i x = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(c, two), _mm_mullo_epi16(a, three)), two);
            __m128i shaded = _mm_srli_epi16(_mm_mullo_epi16(_mm_srli_epi16(_mm_mulhi_epu16(x, fifth), 2), light), 8);
            halves[h] = _mm_or_si128(_mm_and_si128(shaded, colour), _mm_andnot_si128(colour, c));
        }
        _mm_storeu_si128((__m128i *)(void *)(texels + k), _mm_packus_epi16(halves[0], halves[1]));
    }
#endif
    for (; k < n; k++) {
        uint8_t c[4];
        store_px(c, texels[k]);
        for (int ch = 0; ch < 3; ch++) c[ch] = (uint8_t)((((c[ch] * 2u + c[3] * 3u + 2) / 5) * 230u) >> 8);
        texels[k] = load_px(c);
    }
}

static void draw_flap_run(cr_target *t, const cr_quad *q, const curl_row *l, int y, int xs, int xe) {
    double kx = (double)q->tex_width / q->width, ky = (double)q->tex_height / q->height;
    int32_t dx = (int32_t)floor(l->afu * kx * 65536.0 + 0.5), dy = (int32_t)floor(l->afv * ky * 65536.0 + 0.5);
    const texel_scale scale = texel_scale_of(q);
    for (int x0 = xs; x0 < xe; x0 += SPAN) {
        int n = xe - x0 < SPAN ? xe - x0 : SPAN;
        int32_t fx, fy;
        texel_at(&scale, l->afu * x0 + l->bfu, l->afv * x0 + l->bfv, 1, &fx, &fy);
        uint32_t source[SPAN], flat;
        /* The run's last texel stays inside the page (its margin), so stepping never leaves the texture. */
        if (q->tiles && fast_paths_allowed && flat_run(q, fx, fy, dx, dy, n, &flat)) {
            for (int k = 0; k < n; k++) source[k] = flat;
        } else bilinear_span(q, fx, fy, dx, dy, n, source);
        shade_back(source, n);
        /* Over the target at the page's opacity. */
        span_over_target(t, y, x0, (const uint8_t *)(const void *)source, n, q->alpha);
    }
}

/* A run of the curl's shadow: black, fading over 1.2 r past the rim. */
static void draw_shadow_run(cr_target *t, const cr_quad *q, const curl_shape *c, const curl_row *l, int y, int xs, int xe) {
    for (int x = xs; x < xe; x++) {
        double d = l->ad * x + l->bd;
        int shadow = (int)(96 * (1 - (d - c->r) / (c->r * 1.2)));
        if (shadow <= 0) continue;
        uint8_t s[4];
        store_px(s, div255(q->alpha * (uint32_t)shadow) << 24);
        blend_samples(t, x, y, s, ALL_SAMPLES);
    }
}

void cr_draw_curl(cr_target *t, const cr_quad *q, double cx, double cy, double nx, double ny, double r) {
    if (!q->texture || q->tex_width < 1 || q->tex_height < 1) return;  /* the page's picture is what curls */
    if (r < 0.5) r = 0.5;
    curl_shape c = {cx, cy, nx, ny, r, stretch_at(q, q->x0 + 0.5, q->y0 + 0.5) * 1.5};
    /* Runs of the careful way's pixels need no care where the page is
       drawn by an affine map with no clip; the plain flat page is copied
       only when the page lies on whole pixels with a texel a pixel. */
    const double *m = q->m;
    int runs_allowed = fast_paths_allowed && !q->clip && m[2] == 0 && m[5] == 0 && m[8] != 0 && q->f[0] == 0 && q->f[1] == 0 && q->f[2] > 0
        && isfinite(c.reach);
    int ax0 = 0, ay0 = 0, ax1 = 0, ay1 = 0;
    int texels = runs_allowed && aligned_rect(q, &ax0, &ay0, &ax1, &ay1);
    for (int y = q->y0; y < q->y1; y++) {
        int runs[5][3], count = 0;
        curl_row l;
        if (runs_allowed) {
            l = curl_row_at(q, &c, y);
            count = curl_runs(q, &c, &l, texels && y >= ay0 && y < ay1, y, runs);
        }
        int x = q->x0;
        for (int k = 0; k <= count; k++) {
            int until = k < count ? runs[k][0] : q->x1;
            if (x < until) curl_run(t, q, &c, y, x, until);
            x = until;
            if (k == count) break;
            int s = runs[k][0], e = runs[k][1];
            if (runs[k][2] == RUN_PLAIN) {
                const uint8_t *row = q->texture + ((size_t)(y - ay0) * q->tex_width + (s - ax0)) * 4;
                span_over_target(t, y, s, row, e - s, q->alpha);
            } else if (runs[k][2] == RUN_FLAP) {
                draw_flap_run(t, q, &l, y, s, e);
            } else if (runs[k][2] == RUN_SHADOW) {
                draw_shadow_run(t, q, &c, &l, y, s, e);
            }
            x = e;
        }
    }
}

/* ---- Shadows ------------------------------------------------------------ */

/* ∫ of a unit Gaussian (σ) over [a, b]: the blurred coverage of an interval. */
static inline double gaussian_interval(double a, double b, double sigma) {
    double k = 1.0 / (sigma * 1.4142135623730951);
    return 0.5 * (erf(b * k) - erf(a * k));
}

/* erf to within 5e-4 (Abramowitz and Stegun 7.1.27: a rational function, no
   exp): a shadow's coverage is written in 1/255 steps, and the row-by-row
   integral near a rounded corner takes 32 of them a pixel, which glibc's
   erf made most of the cost. */
static inline double erf_fast(double x) {
    double a = fabs(x);
    double p = 1 + a * (0.278393 + a * (0.230389 + a * (0.000972 + a * 0.078108)));
    p *= p;
    double e = 1 - 1 / (p * p);
    return x < 0 ? -e : e;
}

/* Whether blurred_box takes its row-by-row integral at (u, v): the corners'
   arcs change the blur only within 3σ of their squares. */
static inline int blur_near_corner(double u, double v, double w, double h, double r, int square, double sigma) {
    double reach = r + 3 * sigma;
    return r > 0 && square != 15 && (u < reach || u > w - reach) && (v < reach || v > h - reach);
}

/* A rounded rectangle [0,w]x[0,h] with corner radius r, blurred by a
   Gaussian of deviation sigma, at (u, v). A rectangle is separable: the
   product of two blurred intervals, exactly. With corners the vertical
   integral is taken in 16 steps over ±3σ; in each row the rectangle's width
   shrinks where the corner arcs curve in, and the horizontal integral stays
   exact (the usual analytic approximation of a blurred rounded box). */
static double blurred_box(double u, double v, double w, double h, double r, int square, double sigma) {
    if (!blur_near_corner(u, v, w, h, r, square, sigma))
        return gaussian_interval(-u, w - u, sigma) * gaussian_interval(-v, h - v, sigma);
    double low = v - 3 * sigma, high = v + 3 * sigma;
    if (low < 0) low = 0;
    if (high > h) high = h;
    if (low >= high) return 0;
    const int steps = 16;
    double step = (high - low) / steps, sum = 0;
    double norm = 1.0 / (sigma * 2.5066282746310002), k = 1.0 / (sigma * 1.4142135623730951);
    /* The Gaussian's weight at each step, exp(-(g0 + i·d)²/2), by its
       ratio from one step to the next (itself multiplied by exp(-d²) each
       step): three exps a pixel rather than sixteen. */
    double g0 = (low + 0.5 * step - v) / sigma, d = step / sigma;
    double weight = exp(-0.5 * g0 * g0), ratio = exp(-g0 * d - 0.5 * d * d), ratio_step = exp(-d * d);
    for (int i = 0; i < steps; i++) {
        double y = low + (i + 0.5) * step;
        double dy = fabs(y - h * 0.5) - (h * 0.5 - r);
        double inset = dy > 0 ? r - sqrt(r * r - (dy < r ? dy * dy : r * r)) : 0;
        /* A square corner (maskedCorners) does not curve in. */
        int row = y < h * 0.5 ? 0 : 2;
        double left = (square >> row) & 1 ? 0 : inset, right = (square >> (row + 1)) & 1 ? 0 : inset;
        sum += 0.5 * (erf_fast((w - right - u) * k) - erf_fast((left - u) * k)) * weight;
        weight *= ratio;
        ratio *= ratio_step;
    }
    return sum * norm * step;
}

/* Never sharper than the pixel grid: a zero radius is still anti-aliased. */
static double shadow_sigma(const cr_quad *q, double sigma) {
    double reach = stretch_at(q, (q->x0 + q->x1) * 0.5, (q->y0 + q->y1) * 0.5);
    double floor_sigma = isfinite(reach) ? 0.4 * reach : 0.4;
    return sigma < floor_sigma ? floor_sigma : sigma;
}

long cr_shadow_corner_pixels(const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma) {
    sigma = shadow_sigma(q, sigma);
    if (r <= 0 || q->square_corners == 15) return 0;
    long count = 0;
    for (int y = q->y0; y < q->y1; y++)
        for (int x = q->x0; x < q->x1; x++) {
            double u, v;
            if (clip_samples(q, x, y) == 0 || !local_point(q, x + 0.5, y + 0.5, &u, &v)) continue;
            count += blur_near_corner(u - sx, v - sy, sw, sh, r, q->square_corners, sigma);
        }
    return count;
}

void cr_draw_shadow(cr_target *t, const cr_quad *q, double sx, double sy, double sw, double sh, double r, double sigma) {
    sigma = shadow_sigma(q, sigma);
    for (int y = q->y0; y < q->y1; y++) {
        for (int x = q->x0; x < q->x1; x++) {
            uint32_t m = modulation(q, x, y);
            if (m == 0) continue;
            double u, v;
            if (!local_point(q, x + 0.5, y + 0.5, &u, &v)) continue;
            double c = blurred_box(u - sx, v - sy, sw, sh, r, q->square_corners, sigma);
            if (c <= 0.5 / 255) continue;
            if (c > 1) c = 1;
            uint32_t k = (uint32_t)(c * m + 0.5);
            uint8_t src[4];
            scale_px(src, q->color, k);
            if (src[3] == 0) continue;
            blend_samples(t, x, y, src, ALL_SAMPLES);
        }
    }
}
