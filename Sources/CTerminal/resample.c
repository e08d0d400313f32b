#include "segue_terminal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * Pictures made small enough for a terminal. A box filter, because every
 * source pixel should count once (a phone screen shrinks 10-40 times into
 * cells, and point sampling would drop hairlines and flicker as they move),
 * and because its results are easy to work out by hand: a sample that covers
 * whole source pixels is their plain average. In C because it runs on every
 * frame of a playing animation, and the Swift of a debug build is too slow for that.
 */

typedef struct {
    int first, count;   /* source pixels [first, first + count) */
    float *weights;     /* count weights summing to 1 */
} Span;

/* The source pixels under each of `count` samples spread over `source` pixels. */
static Span *spans(int count, int source, float **storage) {
    Span *result = malloc(sizeof(Span) * (size_t)count);
    /* A sample covers at most ceil(source / count) + 1 source pixels. */
    size_t most = (size_t)(source / count + 2);
    *storage = malloc(sizeof(float) * most * (size_t)count);
    if (!result || !*storage) {
        free(result);
        free(*storage);
        *storage = NULL;
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        double lo = (double)i * source / count, hi = (double)(i + 1) * source / count;
        int first = (int)floor(lo), last = (int)ceil(hi) - 1;
        if (last >= source) last = source - 1;
        if (last < first) last = first;
        Span *span = &result[i];
        span->first = first;
        span->count = last - first + 1;
        span->weights = *storage + most * (size_t)i;
        for (int j = first; j <= last; j++) {
            double covered = fmin(hi, j + 1) - fmax(lo, j);
            span->weights[j - first] = (float)(covered / (hi - lo));
        }
    }
    return result;
}

static void fill_black(uint8_t *destination, size_t pixels) {
    static const uint8_t black[4] = {0, 0, 0, 255};
    for (size_t i = 0; i < pixels; i++) memcpy(destination + i * 4, black, 4);
}

void segue_box_resample(const uint8_t *source, int source_width, int source_height,
                        uint8_t *destination, int canvas_width, int canvas_height,
                        int width, int height, int block) {
    if (canvas_width <= 0 || canvas_height <= 0) return;
    fill_black(destination, (size_t)canvas_width * (size_t)canvas_height);
    /* Samples that would spill off the canvas are not drawn. */
    if (block <= 0 || width <= 0 || height <= 0) return;
    if (width * block > canvas_width) width = canvas_width / block;
    if (height * block > canvas_height) height = canvas_height / block;
    if (width <= 0 || height <= 0) return;
    size_t stride = (size_t)canvas_width * 4;
    float *column_weights = NULL, *row_weights = NULL;
    Span *columns = source_width > 0 ? spans(width, source_width, &column_weights) : NULL;
    Span *rows = source_height > 0 ? spans(height, source_height, &row_weights) : NULL;
    /* Horizontal pass: every source row into `width` samples, RGB only (over black,
       a premultiplied pixel's colour is its RGB). */
    float *middle = malloc(sizeof(float) * 3 * (size_t)width * (size_t)(source_height > 0 ? source_height : 1));
    if (!columns || !rows || !middle) {
        free(columns); free(rows); free(middle); free(column_weights); free(row_weights);
        return;
    }
    for (int y = 0; y < source_height; y++) {
        const uint8_t *in = source + (size_t)y * (size_t)source_width * 4;
        float *out = middle + (size_t)y * (size_t)width * 3;
        for (int x = 0; x < width; x++) {
            const Span *span = &columns[x];
            float r = 0, g = 0, b = 0;
            for (int k = 0; k < span->count; k++) {
                const uint8_t *p = in + (size_t)(span->first + k) * 4;
                float w = span->weights[k];
                r += w * p[0]; g += w * p[1]; b += w * p[2];
            }
            out[x * 3] = r; out[x * 3 + 1] = g; out[x * 3 + 2] = b;
        }
    }
    /* Vertical pass, each sample written as a block. */
    for (int y = 0; y < height; y++) {
        const Span *span = &rows[y];
        uint8_t *first = destination + stride * (size_t)y * (size_t)block;
        for (int x = 0; x < width; x++) {
            float r = 0, g = 0, b = 0;
            for (int k = 0; k < span->count; k++) {
                const float *p = middle + ((size_t)(span->first + k) * (size_t)width + (size_t)x) * 3;
                float w = span->weights[k];
                r += w * p[0]; g += w * p[1]; b += w * p[2];
            }
            uint8_t pixel[4] = {
                (uint8_t)fminf(255, fmaxf(0, r + 0.5f)),
                (uint8_t)fminf(255, fmaxf(0, g + 0.5f)),
                (uint8_t)fminf(255, fmaxf(0, b + 0.5f)),
                255,
            };
            for (int i = 0; i < block; i++) memcpy(first + (size_t)(x * block + i) * 4, pixel, 4);
        }
        /* The block's other rows repeat its first. */
        for (int i = 1; i < block; i++) memcpy(first + stride * (size_t)i, first, (size_t)width * (size_t)block * 4);
    }
    free(columns); free(rows); free(middle); free(column_weights); free(row_weights);
}
