/*
 * WebP reading through libwebp's simple and advanced decoding API from memory. libwebp
 * allocates only its own working rows here: the output is the caller's buffer (external
 * memory), so the pixel budget checked between the two calls bounds the allocation.
 */
#include "strata_webp.h"
#include <stdio.h>
#include <webp/decode.h>

static void set_message(char message[STRATA_WEBP_MESSAGE_CAPACITY], const char *text) {
    snprintf(message, STRATA_WEBP_MESSAGE_CAPACITY, "%s", text);
}

/* libwebp's status codes in words. */
static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return "ok";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "corrupt WebP bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported WebP feature";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "decoding aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated WebP: not enough data";
    }
    return "unknown libwebp error";
}

int strata_webp_read_header(const void *data, size_t size, uint32_t *width, uint32_t *height,
                            char message[STRATA_WEBP_MESSAGE_CAPACITY]) {
    WebPBitstreamFeatures features;
    if (data == NULL || size == 0) {
        set_message(message, "empty WebP data");
        return STRATA_WEBP_ERROR;
    }
    VP8StatusCode status = WebPGetFeatures((const uint8_t *)data, size, &features);
    if (status != VP8_STATUS_OK) {
        set_message(message, status_text(status));
        return STRATA_WEBP_ERROR;
    }
    if (features.has_animation) {
        set_message(message, "animated WebP is not supported");
        return STRATA_WEBP_ERROR;
    }
    if (features.width <= 0 || features.height <= 0) {
        set_message(message, "WebP has no pixels");
        return STRATA_WEBP_ERROR;
    }
    *width = (uint32_t)features.width;
    *height = (uint32_t)features.height;
    return STRATA_WEBP_OK;
}

int strata_webp_decode_rgba(const void *data, size_t size, unsigned char *out, size_t out_size, size_t stride,
                            char message[STRATA_WEBP_MESSAGE_CAPACITY]) {
    WebPDecoderConfig config;
    if (data == NULL || out == NULL || !WebPInitDecoderConfig(&config)) {
        set_message(message, "invalid parameter or libwebp version mismatch");
        return STRATA_WEBP_ERROR;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = out_size;
    VP8StatusCode status = WebPDecode((const uint8_t *)data, size, &config);
    /* With external memory this frees nothing of ours; it is the documented pairing. */
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        set_message(message, status_text(status));
        return STRATA_WEBP_ERROR;
    }
    return STRATA_WEBP_OK;
}
