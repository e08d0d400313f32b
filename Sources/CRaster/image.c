#include "craster.h"

#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cr_keep_freed_frames(void) {
#if defined(__GLIBC__)
    /* 32 MB is glibc's largest mmap threshold on 64-bit systems (an @3× iPad frame is 16 MB). */
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 512 << 20);
#else
    return 0;
#endif
}

/*
 * Whole-picture operations on premultiplied RGBA8 pixels, hand-written for
 * the same reason as the rest of CRaster: pixman would do a crop through a
 * transformed image (a 16.16 fixed-point matrix and a general fetcher per
 * pixel), and it has no box blur or saturation at all.
 */

void cr_crop_bilinear(const uint8_t *src, int width, int height, double x, double y, double w, double h,
                      uint8_t *dst, int out_width, int out_height) {
    if (width < 1 || height < 1 || out_width < 1 || out_height < 1) return;
    for (int j = 0; j < out_height; j++) {
        double sy = y + (j + 0.5) * h / out_height - 0.5;
        if (!(sy > 0)) sy = 0;
        if (sy > height - 1) sy = height - 1;
        int y0 = (int)sy, y1 = y0 + 1 < height ? y0 + 1 : y0;
        uint32_t fy = (uint32_t)((sy - y0) * 256 + 0.5);
        const uint8_t *r0 = src + (size_t)y0 * width * 4, *r1 = src + (size_t)y1 * width * 4;
        uint8_t *out = dst + (size_t)j * out_width * 4;
        for (int i = 0; i < out_width; i++) {
            double sx = x + (i + 0.5) * w / out_width - 0.5;
            if (!(sx > 0)) sx = 0;
            if (sx > width - 1) sx = width - 1;
            int x0 = (int)sx, x1 = x0 + 1 < width ? x0 + 1 : x0;
            uint32_t fx = (uint32_t)((sx - x0) * 256 + 0.5);
            for (int c = 0; c < 4; c++) {
                uint32_t top = r0[x0 * 4 + c] * (256 - fx) + r0[x1 * 4 + c] * fx;
                uint32_t bottom = r1[x0 * 4 + c] * (256 - fx) + r1[x1 * 4 + c] * fx;
                out[i * 4 + c] = (uint8_t)((top * (256 - fy) + bottom * fy + 32768) >> 16);
            }
        }
    }
}

/* ---- Backdrop blur --------------------------------------------------------- */

/* x / d rounded, by a multiply with a 32-bit reciprocal: exact while
   (x + d/2) · d < 2^32, so for every sum of 8-bit values a box shorter
   than 4,096 pixels makes (the renderer keeps its boxes far shorter; the
   tests compare whole blurs with plain division). */
static inline uint32_t divide_rounded(uint32_t x, uint32_t d, uint64_t reciprocal) {
    return (uint32_t)(((uint64_t)(x + d / 2) * reciprocal) >> 32);
}

/* Clamps an index into [0, n). */
static inline int clamp_index(int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }

/* One box pass along each row: every pixel the average of the 2r + 1 around
   it, the row's ends extended. `line` holds one row (width * 4 bytes). */
static void box_rows(uint8_t *pixels, int width, int height, int r, uint8_t *line) {
    uint32_t d = (uint32_t)(2 * r + 1);
    uint64_t reciprocal = ((uint64_t)1 << 32) / d + 1;
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * width * 4;
        memcpy(line, row, (size_t)width * 4);
        uint32_t sum[4] = {0, 0, 0, 0};
        for (int k = -r; k <= r; k++)
            for (int c = 0; c < 4; c++) sum[c] += line[clamp_index(k, width) * 4 + c];
        int x = 0;
        /* Near the ends the window reaches past the row: clamped indices. */
        for (; x < width && x < r; x++) {
            for (int c = 0; c < 4; c++) row[x * 4 + c] = (uint8_t)divide_rounded(sum[c], d, reciprocal);
            int in = clamp_index(x + r + 1, width) * 4, out = clamp_index(x - r, width) * 4;
            for (int c = 0; c < 4; c++) sum[c] += line[in + c] - line[out + c];
        }
        /* Between them, none. */
        for (; x + r + 1 < width; x++) {
            const uint8_t *in = line + (x + r + 1) * 4, *out = line + (x - r) * 4;
            for (int c = 0; c < 4; c++) {
                row[x * 4 + c] = (uint8_t)divide_rounded(sum[c], d, reciprocal);
                sum[c] += in[c] - out[c];
            }
        }
        for (; x < width; x++) {
            for (int c = 0; c < 4; c++) row[x * 4 + c] = (uint8_t)divide_rounded(sum[c], d, reciprocal);
            int in = clamp_index(x + r + 1, width) * 4, out = clamp_index(x - r, width) * 4;
            for (int c = 0; c < 4; c++) sum[c] += line[in + c] - line[out + c];
        }
    }
}

/* One box pass down each column, from `src` into `dst` (both width x
   height), the columns' ends extended; `sums` holds width * 4 counters. */
static void box_columns(const uint8_t *src, uint8_t *dst, int width, int height, int r, uint32_t *sums) {
    uint32_t d = (uint32_t)(2 * r + 1);
    uint64_t reciprocal = ((uint64_t)1 << 32) / d + 1;
    size_t stride = (size_t)width * 4;
    memset(sums, 0, stride * sizeof(uint32_t));
    for (int k = -r; k <= r; k++) {
        const uint8_t *row = src + (size_t)clamp_index(k, height) * stride;
        for (size_t i = 0; i < stride; i++) sums[i] += row[i];
    }
    for (int y = 0; y < height; y++) {
        uint8_t *out = dst + (size_t)y * stride;
        const uint8_t *in = src + (size_t)clamp_index(y + r + 1, height) * stride;
        const uint8_t *gone = src + (size_t)clamp_index(y - r, height) * stride;
        for (size_t i = 0; i < stride; i++) {
            out[i] = (uint8_t)divide_rounded(sums[i], d, reciprocal);
            sums[i] += in[i] - gone[i];
        }
    }
}

void cr_box_blur(uint8_t *pixels, int width, int height, int radius, int passes, uint8_t *scratch, uint32_t *sums) {
    if (width < 1 || height < 1 || radius < 1 || passes < 1) return;
    for (int p = 0; p < passes; p++) box_rows(pixels, width, height, radius, scratch);
    /* Down the columns from one buffer to the other and back; the result ends in `pixels`. */
    uint8_t *from = pixels, *to = scratch;
    for (int p = 0; p < passes; p++) {
        box_columns(from, to, width, height, radius, sums);
        uint8_t *swap = from; from = to; to = swap;
    }
    if (from != pixels) memcpy(pixels, from, (size_t)width * height * 4);
}

void cr_saturate_tint(uint8_t *pixels, int width, int height, double saturation, const uint8_t tint[4]) {
    /* Rec. 709 luma weights in 1/1024ths (217.7, 732.4, 73.9): they sum to 1024, so grey stays grey. */
    int32_t s = (int32_t)(saturation * 256 + (saturation < 0 ? -0.5 : 0.5));
    uint32_t keep = 255 - tint[3];
    size_t n = (size_t)width * height;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = pixels + i * 4;
        if (s != 256) {
            int32_t luma = 218 * p[0] + 732 * p[1] + 74 * p[2];
            for (int c = 0; c < 3; c++) {
                /* (luma + s (c − luma)) in 1/(1024·256)ths, rounded, kept within 0…alpha. */
                int64_t v = (int64_t)luma * 256 + (int64_t)s * ((int64_t)p[c] * 1024 - luma);
                int64_t value = (v + (v >= 0 ? 131072 : -131072)) / 262144;
                p[c] = (uint8_t)(value < 0 ? 0 : value > p[3] ? p[3] : value);
            }
        }
        if (tint[3]) {
            for (int c = 0; c < 4; c++) {
                uint32_t x = p[c] * keep + 128;
                p[c] = (uint8_t)(tint[c] + ((x + (x >> 8)) >> 8));
            }
        }
    }
}

void cr_gather(uint8_t *dst, int width, int height, const uint8_t *src, int src_width, int x0, int y0, int over) {
    for (int y = 0; y < height; y++) {
        const uint8_t *s = src + ((size_t)(y0 + y) * src_width + x0) * 4;
        uint8_t *d = dst + (size_t)y * width * 4;
        if (!over) { memcpy(d, s, (size_t)width * 4); continue; }
        for (int x = 0; x < width; x++) {
            const uint8_t *sp = s + x * 4;
            uint8_t *dp = d + x * 4;
            uint32_t keep = 255 - sp[3];
            if (keep == 255) continue;
            for (int c = 0; c < 4; c++) {
                uint32_t v = dp[c] * keep + 128;
                dp[c] = (uint8_t)(sp[c] + ((v + (v >> 8)) >> 8));
            }
        }
    }
}
