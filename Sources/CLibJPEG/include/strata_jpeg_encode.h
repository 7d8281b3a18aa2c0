#ifndef STRATA_JPEG_ENCODE_H
#define STRATA_JPEG_ENCODE_H
/*
 * Strata's libjpeg(-turbo) encoding shim. JPEG has no alpha: the premultiplied RGBA8 pixels
 * are composited over an opaque background colour row by row while encoding. Fatal libjpeg
 * errors longjmp back into the entry point (never across a Swift frame) and come back as
 * status 1 plus a message.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Encodes `premultiplied_rgba` (height rows of width * 4 bytes, `stride` apart) at `quality`
 * (1...100, 4:2:0 chroma, baseline) over the background (bg_r, bg_g, bg_b). On success
 * returns 0 with *out / *out_size set (free with strata_jpeg_free); otherwise 1 and
 * `message` (capacity 200). */
int strata_jpeg_encode_premultiplied_rgba(const unsigned char *premultiplied_rgba, int width, int height, int stride,
                                          int quality, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                                          unsigned char **out, size_t *out_size, char message[200]);

/* Frees what strata_jpeg_encode_premultiplied_rgba returned. */
void strata_jpeg_free(void *data);

#ifdef __cplusplus
}
#endif
#endif
