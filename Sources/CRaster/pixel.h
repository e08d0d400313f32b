/*
 * Packed premultiplied pixels and the arithmetic every part of the
 * renderer does on them: inline, being the inside of every loop. Also what
 * each of CRaster's files includes first (through this header): the public
 * header, the vector intrinsics, and the mark on the names one file gives
 * another, which the library does not export.
 */
#ifndef CRASTER_PIXEL_H
#define CRASTER_PIXEL_H

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

/* On every function and variable one file of CRaster shares with another
   (prefixed cri_): out of the shared library's exports, where only the
   cr_ API belongs. */
#define CRI_HIDDEN __attribute__((visibility("hidden")))

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

#if defined(__SSE2__)
/* Each 8-bit channel (in 16-bit lanes) times m/255, rounded: lanes_mul255's arithmetic. */
static inline __m128i mul255_epi16(__m128i x, __m128i m) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, m), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/* Each pixel's alpha in all four of its 16-bit lanes. */
static inline __m128i alphas_epi16(__m128i x) { return _mm_shufflelo_epi16(_mm_shufflehi_epi16(x, 0xff), 0xff); }
#endif

#endif
