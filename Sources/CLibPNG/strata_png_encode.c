/* PNG writing through libpng into a growable memory buffer; setjmp stays in this file. */
#include "strata_png_internal.h"
#include <stdlib.h>
#include <string.h>

/* State that must survive a longjmp lives here, not in locals. */
typedef struct write_state {
    strata_png_error_context error;
    strata_png_buffer *out;
} write_state;

static void write_to_buffer(png_structp png, png_bytep data, size_t length) {
    write_state *state = (write_state *)png_get_io_ptr(png);
    strata_png_buffer *out = state->out;
    if (length > SIZE_MAX - out->size) png_error(png, "PNG output too large");
    size_t needed = out->size + length;
    if (needed > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 16384;
        while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (grown == NULL) png_error(png, "out of memory writing PNG");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size = needed;
}

static void flush_nothing(png_structp png) { (void)png; }

static int valid_bit_depth(int color_type, int bit_depth) {
    switch (color_type) {
    case STRATA_PNG_COLOR_PALETTE:
        return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8;
    case STRATA_PNG_COLOR_GRAY:
        return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8 || bit_depth == 16;
    case STRATA_PNG_COLOR_RGB:
    case STRATA_PNG_COLOR_RGBA:
    case STRATA_PNG_COLOR_GRAY_ALPHA:
        return bit_depth == 8 || bit_depth == 16;
    default:
        return 0;
    }
}

/* Checks the request before libpng sees it, so caller mistakes read as plain messages. */
static const char *validate(const strata_png_image *image, const strata_png_write_settings *settings) {
    if (image == NULL || settings == NULL) return "missing image or settings";
    if (image->width == 0 || image->height == 0) return "image has zero width or height";
    if (image->width > 0x7fffffffu || image->height > 0x7fffffffu) return "image dimension exceeds PNG's 2^31-1 limit";
    if (image->rows == NULL) return "missing pixel rows";
    if (!valid_bit_depth(image->color_type, image->bit_depth)) return "invalid colour type / bit depth combination";
    if (settings->level < 0 || settings->level > 9) return "zlib level must be 0...9";
    if (settings->mem_level < 0 || settings->mem_level > 9) return "zlib memLevel must be 0...9";
    if ((settings->filters & ~STRATA_PNG_FILTER_ALL) != 0 || settings->filters == 0) return "invalid row filter mask";
    if (settings->strategy < 0 || settings->strategy > 3) return "invalid zlib strategy";
    if (image->color_type == STRATA_PNG_COLOR_PALETTE) {
        if (image->palette_rgb == NULL || image->palette_count < 1 || image->palette_count > (1 << image->bit_depth))
            return "palette size does not fit the bit depth";
        if (image->alpha_count < 0 || image->alpha_count > image->palette_count || (image->alpha_count > 0 && image->palette_alpha == NULL))
            return "invalid palette alpha (tRNS) count";
    }
    return NULL;
}

int strata_png_encode(const strata_png_image *image, const strata_png_write_settings *settings,
                      strata_png_buffer *out, char message[STRATA_PNG_MESSAGE_CAPACITY]) {
    const char *problem = validate(image, settings);
    if (problem == NULL && out == NULL) problem = "missing output buffer";
    if (problem != NULL) {
        strata_png_set_message(message, problem);
        return STRATA_PNG_ERROR;
    }
    write_state *state = (write_state *)calloc(1, sizeof(write_state));
    if (state == NULL) {
        strata_png_set_message(message, "out of memory");
        return STRATA_PNG_ERROR;
    }
    state->out = out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state->error,
                                              strata_png_on_error, strata_png_on_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(state);
        strata_png_set_message(message, "out of memory creating the libpng writer");
        return STRATA_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        strata_png_set_message(message, state->error.message);
        png_destroy_write_struct(&png, &info);
        strata_png_buffer_free(out);
        free(state);
        return STRATA_PNG_ERROR;
    }
    png_set_write_fn(png, state, write_to_buffer, flush_nothing);
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (image->color_type == STRATA_PNG_COLOR_PALETTE) {
        png_color colors[256];
        for (int i = 0; i < image->palette_count; i++) {
            colors[i].red = image->palette_rgb[3 * i];
            colors[i].green = image->palette_rgb[3 * i + 1];
            colors[i].blue = image->palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, image->palette_count);
        if (image->alpha_count > 0)
            png_set_tRNS(png, info, image->palette_alpha, image->alpha_count, NULL);
    }
    png_set_compression_level(png, settings->level);
    png_set_compression_strategy(png, settings->strategy);
    if (settings->mem_level > 0) png_set_compression_mem_level(png, settings->mem_level);
    if (settings->idat_size > 0) png_set_compression_buffer_size(png, settings->idat_size);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings->filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < image->height; y++)
        png_write_row(png, image->rows + (size_t)y * image->stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(state);
    message[0] = '\0';
    return STRATA_PNG_OK;
}
