#ifndef STRATA_WEBP_H
#define STRATA_WEBP_H
/*
 * Strata's libwebp shim: the size of a still WebP image (lossy or lossless, with or without
 * alpha) and its pixels decoded as straight-alpha RGBA8 into a buffer the caller allocated
 * after checking that size. libwebp returns status codes (no longjmp); the shim turns them
 * into STRATA_WEBP_ERROR plus a message.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    STRATA_WEBP_OK = 0,
    STRATA_WEBP_ERROR = 1
};

/* Capacity of every message buffer handed to this target. */
#define STRATA_WEBP_MESSAGE_CAPACITY 200

/* Reads the headers only: width and height; animated files are refused (first-frame-only
 * decoding would show a misleading still). On failure `message` says why. */
int strata_webp_read_header(const void *data, size_t size, uint32_t *width, uint32_t *height,
                            char message[STRATA_WEBP_MESSAGE_CAPACITY]);

/* Decodes the image into `out` (height rows of width * 4 bytes, `stride` apart, `out_size`
 * bytes in all) as straight RGBA8; opaque images get alpha 255. */
int strata_webp_decode_rgba(const void *data, size_t size, unsigned char *out, size_t out_size, size_t stride,
                            char message[STRATA_WEBP_MESSAGE_CAPACITY]);

#ifdef __cplusplus
}
#endif
#endif
