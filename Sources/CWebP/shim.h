#include <webp/encode.h>
#include <webp/decode.h>
