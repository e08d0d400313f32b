/*
 * The A-buffer itself: a pixel's slot taken from the pool, kept short
 * while its samples are two colours, blended into and averaged back into
 * the pixel; targets composited sample by sample; every sample dropped.
 * A file of its own because nothing that draws looks inside a slot: it
 * reaches the samples through cri_blend_samples (and slot_at) alone.
 */
#include "samples.h"

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

/* A short slot's average, rounded: each channel (first·n + other·(16 − n) + 8) / 16
   for the n samples of the first colour, two channels a lane (16 × 255 + 8 fits 16 bits). */
static inline uint32_t short_average(short_slot c) {
    _Static_assert(CR_SAMPLES == 16, "a lane holds 16 samples' sum of a channel");
    const uint32_t n = (uint32_t)__builtin_popcount(c.mask), lanes = 0x00ff00ffu;
    const uint32_t rb = ((c.first & lanes) * n + (c.other & lanes) * (CR_SAMPLES - n) + 0x00080008u) >> 4;
    const uint32_t ag = (((c.first >> 8) & lanes) * n + ((c.other >> 8) & lanes) * (CR_SAMPLES - n) + 0x00080008u) >> 4;
    return (rb & lanes) | ((ag & lanes) << 8);
}

/* Pixel i (whose samples are in `slot`) set to its samples' average, rounded. */
static void average_slot(cr_target *t, int32_t slot, size_t i) {
    if (is_short(t, slot)) {
        store_px(t->pixels + i * 4, short_average(short_at(t, slot)));
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
void cri_blend_samples(cr_target *t, int x, int y, const uint8_t src[4], int mask) {
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
        /* A fresh slot is the pixel's one colour (take_slot), and the mask is
           not all of it: the masked samples become src over that colour. What
           the short case below does, without reading the slot back. */
        const uint32_t present = load_px(t->pixels + i * 4);
        const short_slot c = {over_sample(src, present), present, (uint32_t)mask};
        set_short(t, slot, c);
        store_px(t->pixels + i * 4, short_average(c));
        return;
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

/* One premultiplied pixel at alpha over the whole of pixel (x, y). */
static inline void composite_pixel(cr_target *t, int x, int y, const uint8_t *s, uint8_t alpha) {
    if (s[3] == 0 && s[0] == 0 && s[1] == 0 && s[2] == 0) return;
    uint8_t c[4];
    scale_px(c, s, alpha);
    cri_blend_samples(t, x, y, c, ALL_SAMPLES);
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
