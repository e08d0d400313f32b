#include "craster.h"

#include <string.h>

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
