#ifndef STRATA_WEBP_ENCODE_H
#define STRATA_WEBP_ENCODE_H
/*
 * Strata's libwebp encoding shim: straight-alpha RGBA8 in, a WebP file out, lossless (exact
 * pixels) or lossy with a quality. The output is allocated by libwebp and released with
 * strata_webp_free, so Swift copies it once and never frees with the wrong allocator.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Encodes `rgba` (height rows of width * 4 bytes, `stride` apart). `quality` < 0 means
 * lossless with libwebp's lossless preset `lossless_level` (0 fastest ... 9 smallest);
 * 0...100 is lossy at that quality (alpha kept losslessly). On success returns
 * STRATA_WEBP_OK (0) with *out / *out_size set; otherwise 1 and `message` (capacity 200). */
int strata_webp_encode_rgba(const unsigned char *rgba, int width, int height, int stride, float quality,
                            int lossless_level, uint8_t **out, size_t *out_size, char message[200]);

/* Frees what strata_webp_encode_rgba returned. */
void strata_webp_free(void *data);

#ifdef __cplusplus
}
#endif
#endif
