#ifndef STRATA_JPEG_H
#define STRATA_JPEG_H
/*
 * Strata's libjpeg(-turbo) shim. libjpeg reports fatal errors through error_exit, which by
 * default calls exit(); here it longjmps back into the entry point that was running, so a
 * corrupt tile can never end the process and no longjmp crosses a Swift frame. Failures come
 * back as STRATA_JPEG_ERROR plus a NUL-terminated message.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    STRATA_JPEG_OK = 0,
    STRATA_JPEG_ERROR = 1
};

/* Capacity of the message buffer. */
#define STRATA_JPEG_MESSAGE_CAPACITY 200

/*
 * Decoding in two steps, so the caller can check the size and allocate the output between
 * them: create -> read_header -> read_image -> destroy. Every JPEG libjpeg can turn into RGB
 * (greyscale, YCbCr, RGB; baseline, progressive, arithmetic) is delivered as RGBA8 with alpha
 * 255. `data` must stay valid until destroy.
 */
typedef struct strata_jpeg_decoder strata_jpeg_decoder;

/* NULL when out of memory. */
strata_jpeg_decoder *strata_jpeg_decoder_create(const void *data, size_t size);
/* Reads the markers up to the first scan: the size, nothing allocated for the pixels yet. */
int strata_jpeg_decoder_read_header(strata_jpeg_decoder *decoder, uint32_t *width, uint32_t *height);
/* Decodes every row into `out` (height rows of width * 4 bytes, `stride` apart). */
int strata_jpeg_decoder_read_image(strata_jpeg_decoder *decoder, unsigned char *out, size_t stride);
/* The message of the last failure (empty when none). */
const char *strata_jpeg_decoder_message(const strata_jpeg_decoder *decoder);
void strata_jpeg_decoder_destroy(strata_jpeg_decoder *decoder);

#ifdef __cplusplus
}
#endif
#endif
