/*
 * PNG reading through libpng from memory, normalised to 8-bit RGBA (straight alpha).
 * Each entry point sets its own setjmp; everything a longjmp must not lose lives in
 * the heap-allocated decoder, never in locals.
 */
#include "strata_png_internal.h"
#include <stdlib.h>
#include <string.h>

struct strata_png_decoder {
    strata_png_error_context error;
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    png_bytep *rows;
    uint32_t width;
    uint32_t height;
    int header_read;
};

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    strata_png_decoder *decoder = (strata_png_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) png_error(png, "truncated PNG: unexpected end of data");
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

strata_png_decoder *strata_png_decoder_create(const void *data, size_t size) {
    strata_png_decoder *decoder = (strata_png_decoder *)calloc(1, sizeof(strata_png_decoder));
    if (decoder == NULL) return NULL;
    decoder->data = (const unsigned char *)data;
    decoder->size = data != NULL ? size : 0;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->error,
                                          strata_png_on_error, strata_png_on_warning);
    if (decoder->png != NULL) decoder->info = png_create_info_struct(decoder->png);
    if (decoder->png == NULL || decoder->info == NULL) {
        strata_png_decoder_destroy(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, read_from_memory);
    return decoder;
}

/* Every colour type and depth becomes 8-bit RGBA; gamma and colour chunks are ignored. */
static void request_rgba8(png_structp png, png_infop info) {
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

int strata_png_decoder_read_header(strata_png_decoder *decoder, uint32_t *width, uint32_t *height) {
    if (decoder == NULL) return STRATA_PNG_ERROR;
    if (decoder->header_read) {
        strata_png_set_message(decoder->error.message, "PNG header already read");
        return STRATA_PNG_ERROR;
    }
    decoder->header_read = 1;
    if (decoder->size < 8 || png_sig_cmp(decoder->data, 0, 8) != 0) {
        strata_png_set_message(decoder->error.message, "not a PNG file (bad signature)");
        return STRATA_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(decoder->png))) return STRATA_PNG_ERROR;
    png_read_info(decoder->png, decoder->info);
    request_rgba8(decoder->png, decoder->info);
    if (png_get_rowbytes(decoder->png, decoder->info) != (size_t)png_get_image_width(decoder->png, decoder->info) * 4)
        png_error(decoder->png, "internal error: rows are not RGBA8 after the transforms");
    decoder->width = png_get_image_width(decoder->png, decoder->info);
    decoder->height = png_get_image_height(decoder->png, decoder->info);
    *width = decoder->width;
    *height = decoder->height;
    return STRATA_PNG_OK;
}

int strata_png_decoder_read_image(strata_png_decoder *decoder, unsigned char *out, size_t stride) {
    if (decoder == NULL) return STRATA_PNG_ERROR;
    if (!decoder->header_read || decoder->width == 0 || decoder->rows != NULL) {
        strata_png_set_message(decoder->error.message, "PNG header not read, or image already read");
        return STRATA_PNG_ERROR;
    }
    if (out == NULL || stride < (size_t)decoder->width * 4) {
        strata_png_set_message(decoder->error.message, "output buffer too small");
        return STRATA_PNG_ERROR;
    }
    decoder->rows = (png_bytep *)malloc(sizeof(png_bytep) * decoder->height);
    if (decoder->rows == NULL) {
        strata_png_set_message(decoder->error.message, "out of memory");
        return STRATA_PNG_ERROR;
    }
    for (uint32_t y = 0; y < decoder->height; y++) decoder->rows[y] = out + (size_t)y * stride;
    if (setjmp(png_jmpbuf(decoder->png))) return STRATA_PNG_ERROR;
    png_read_image(decoder->png, decoder->rows);
    png_read_end(decoder->png, NULL);
    return STRATA_PNG_OK;
}

const char *strata_png_decoder_message(const strata_png_decoder *decoder) {
    return decoder != NULL ? decoder->error.message : "out of memory";
}

void strata_png_decoder_destroy(strata_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) png_destroy_read_struct(&decoder->png, decoder->info != NULL ? &decoder->info : NULL, NULL);
    free(decoder->rows);
    free(decoder);
}
