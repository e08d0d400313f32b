#ifndef SEGUE_CINFLATE_SHIM_H
#define SEGUE_CINFLATE_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: raw deflate (no zlib header), as in a zip. */
static inline int segue_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
#endif
