/*
 * WebP writing through libwebp's advanced API: a memory writer collects the file. Lossless
 * output keeps the exact RGB under transparent pixels (config.exact), so encode → decode
 * gives back the same bytes; lossy output keeps alpha lossless (alpha_quality 100) so tile
 * edges do not fringe.
 */
#include "strata_webp_encode.h"
#include <stdio.h>
#include <webp/encode.h>

static void set_message(char message[200], const char *text) { snprintf(message, 200, "%s", text); }

/* libwebp's encoder error codes in words. */
static const char *encoding_error_text(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "bad image dimensions";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "partition 0 overflow";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "partition overflow";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "image too big for WebP";
    default: return "WebP encoding failed";
    }
}

int strata_webp_encode_rgba(const unsigned char *rgba, int width, int height, int stride, float quality,
                            int lossless_level, uint8_t **out, size_t *out_size, char message[200]) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    if (rgba == NULL || out == NULL || out_size == NULL || !WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        set_message(message, "invalid parameter or libwebp version mismatch");
        return 1;
    }
    if (quality < 0) {
        if (!WebPConfigLosslessPreset(&config, lossless_level < 0 ? 0 : lossless_level > 9 ? 9 : lossless_level)) {
            set_message(message, "invalid lossless level");
            return 1;
        }
        config.exact = 1;
    } else {
        config.quality = quality > 100 ? 100 : quality;
        config.alpha_quality = 100;
        config.method = 4;
    }
    picture.use_argb = config.lossless;
    picture.width = width;
    picture.height = height;
    if (!WebPValidateConfig(&config) || !WebPPictureImportRGBA(&picture, rgba, stride)) {
        set_message(message, "invalid WebP configuration or out of memory");
        WebPPictureFree(&picture);
        return 1;
    }
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        set_message(message, encoding_error_text(error));
        return 1;
    }
    *out = writer.mem;
    *out_size = writer.size;
    return 0;
}

void strata_webp_free(void *data) { WebPFree(data); }
