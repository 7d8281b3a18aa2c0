/*
 * PNG writing through libpng into a growable memory buffer. Rows can be fed in batches
 * (begin -> write_rows ... -> finish), so callers convert large images a strip at a time.
 * Each entry point sets its own setjmp; what a longjmp must not lose lives in the
 * heap-allocated encoder. After any failure the encoder only accepts destroy.
 */
#include "strata_png_internal.h"
#include <stdlib.h>
#include <string.h>

enum { STATE_NEW, STATE_WRITING, STATE_FINISHED, STATE_FAILED };

struct strata_png_encoder {
    strata_png_error_context error;
    png_structp png;
    png_infop info;
    strata_png_buffer out;
    uint32_t height;
    uint32_t rows_written;
    int state;
    /* LIBDEFLATE, ISAL: the filtered rows (a 0 filter byte + row bytes each), compressed at finish. */
    int whole_image;
    int deflater;
    int level;
    size_t row_bytes;
    strata_png_buffer raw;
};

static void write_to_buffer(png_structp png, png_bytep data, size_t length) {
    strata_png_encoder *encoder = (strata_png_encoder *)png_get_io_ptr(png);
    strata_png_buffer *out = &encoder->out;
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
static const char *validate(const strata_png_header *image, const strata_png_write_settings *settings) {
    if (image == NULL || settings == NULL) return "missing image or settings";
    if (image->width == 0 || image->height == 0) return "image has zero width or height";
    if (image->width > 0x7fffffffu || image->height > 0x7fffffffu) return "image dimension exceeds PNG's 2^31-1 limit";
    if (!valid_bit_depth(image->color_type, image->bit_depth)) return "invalid colour type / bit depth combination";
    if (settings->level < 0 || settings->level > 9) return "zlib level must be 0...9";
    if (settings->mem_level < 0 || settings->mem_level > 9) return "zlib memLevel must be 0...9";
    if ((settings->filters & ~STRATA_PNG_FILTER_ALL) != 0 || settings->filters == 0) return "invalid row filter mask";
    if (settings->strategy < 0 || settings->strategy > 3) return "invalid zlib strategy";
    if (settings->deflater != STRATA_PNG_DEFLATER_ZLIB && settings->deflater != STRATA_PNG_DEFLATER_LIBDEFLATE
        && settings->deflater != STRATA_PNG_DEFLATER_ISAL)
        return "invalid deflater";
    if (settings->deflater != STRATA_PNG_DEFLATER_ZLIB && settings->filters != STRATA_PNG_FILTER_NONE)
        return "libdeflate and ISA-L write unfiltered rows only (filter none)";
    if (image->color_type == STRATA_PNG_COLOR_PALETTE) {
        if (image->palette_rgb == NULL || image->palette_count < 1 || image->palette_count > (1 << image->bit_depth))
            return "palette size does not fit the bit depth";
        if (image->alpha_count < 0 || image->alpha_count > image->palette_count || (image->alpha_count > 0 && image->palette_alpha == NULL))
            return "invalid palette alpha (tRNS) count";
    }
    return NULL;
}

/* Marks the encoder unusable and keeps `text` (or libpng's message) as the reason. */
static int fail(strata_png_encoder *encoder, const char *text) {
    if (text != NULL) strata_png_set_message(encoder->error.message, text);
    encoder->state = STATE_FAILED;
    strata_png_buffer_free(&encoder->out);
    strata_png_buffer_free(&encoder->raw);
    return STRATA_PNG_ERROR;
}

strata_png_encoder *strata_png_encoder_create(void) {
    strata_png_encoder *encoder = (strata_png_encoder *)calloc(1, sizeof(strata_png_encoder));
    if (encoder == NULL) return NULL;
    encoder->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &encoder->error,
                                           strata_png_on_error, strata_png_on_warning);
    if (encoder->png != NULL) encoder->info = png_create_info_struct(encoder->png);
    if (encoder->png == NULL || encoder->info == NULL) {
        strata_png_encoder_destroy(encoder);
        return NULL;
    }
    png_set_write_fn(encoder->png, encoder, write_to_buffer, flush_nothing);
    return encoder;
}

int strata_png_encoder_begin(strata_png_encoder *encoder, const strata_png_header *image,
                             const strata_png_write_settings *settings) {
    if (encoder == NULL) return STRATA_PNG_ERROR;
    if (encoder->state != STATE_NEW) return fail(encoder, "encoder already started");
    const char *problem = validate(image, settings);
    if (problem != NULL) return fail(encoder, problem);
    png_structp png = encoder->png;
    png_infop info = encoder->info;
    if (setjmp(png_jmpbuf(png))) return fail(encoder, NULL);
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
    encoder->height = image->height;
    encoder->row_bytes = png_get_rowbytes(png, info);
    encoder->level = settings->level;
    encoder->deflater = settings->deflater;
    if (settings->deflater != STRATA_PNG_DEFLATER_ZLIB
        && (encoder->row_bytes + 1) <= STRATA_PNG_WHOLE_IMAGE_MAX_RAW / image->height) {
        size_t size = (encoder->row_bytes + 1) * image->height;
        encoder->raw.data = (unsigned char *)malloc(size);
        if (encoder->raw.data == NULL) return fail(encoder, "out of memory for the image rows");
        encoder->raw.capacity = size;
        encoder->whole_image = 1;
    }
    encoder->state = STATE_WRITING;
    return STRATA_PNG_OK;
}

int strata_png_encoder_write_rows(strata_png_encoder *encoder, const unsigned char *rows, size_t stride, uint32_t count) {
    if (encoder == NULL) return STRATA_PNG_ERROR;
    if (encoder->state != STATE_WRITING) return fail(encoder, "encoder not started, finished or failed");
    if (rows == NULL && count > 0) return fail(encoder, "missing pixel rows");
    if (count > encoder->height - encoder->rows_written) return fail(encoder, "more rows than the image height");
    if (encoder->whole_image) {
        strata_png_buffer *raw = &encoder->raw;
        for (uint32_t y = 0; y < count; y++) {
            raw->data[raw->size] = 0;   /* filter type none */
            memcpy(raw->data + raw->size + 1, rows + (size_t)y * stride, encoder->row_bytes);
            raw->size += encoder->row_bytes + 1;
        }
        encoder->rows_written += count;
        return STRATA_PNG_OK;
    }
    if (setjmp(png_jmpbuf(encoder->png))) return fail(encoder, NULL);
    for (uint32_t y = 0; y < count; y++) png_write_row(encoder->png, rows + (size_t)y * stride);
    encoder->rows_written += count;
    return STRATA_PNG_OK;
}

/* Compresses the kept rows in one call (libdeflate or ISA-L) and has libpng write them as one
 * IDAT chunk, then IEND (png_write_end would refuse: libpng did not write the IDAT itself). */
static int finish_whole_image(strata_png_encoder *encoder) {
    strata_png_buffer compressed;
    const char *problem = strata_png_deflate_whole(encoder->deflater, encoder->level, encoder->raw.data,
                                                   encoder->raw.size, &compressed);
    strata_png_buffer_free(&encoder->raw);
    if (problem != NULL) return fail(encoder, problem);
    /* volatile: read after a longjmp back into this frame. */
    unsigned char *volatile owned = compressed.data;
    if (setjmp(png_jmpbuf(encoder->png))) { free(owned); return fail(encoder, NULL); }
    png_write_chunk(encoder->png, (png_const_bytep)"IDAT", compressed.data, compressed.size);
    png_write_chunk(encoder->png, (png_const_bytep)"IEND", NULL, 0);
    free(owned);
    encoder->state = STATE_FINISHED;
    return STRATA_PNG_OK;
}

int strata_png_encoder_finish(strata_png_encoder *encoder) {
    if (encoder == NULL) return STRATA_PNG_ERROR;
    if (encoder->state != STATE_WRITING) return fail(encoder, "encoder not started, finished or failed");
    if (encoder->rows_written != encoder->height) return fail(encoder, "fewer rows written than the image height");
    if (encoder->whole_image) return finish_whole_image(encoder);
    if (setjmp(png_jmpbuf(encoder->png))) return fail(encoder, NULL);
    png_write_end(encoder->png, encoder->info);
    encoder->state = STATE_FINISHED;
    return STRATA_PNG_OK;
}

const unsigned char *strata_png_encoder_output(const strata_png_encoder *encoder, size_t *size) {
    if (encoder == NULL || encoder->state != STATE_FINISHED) {
        *size = 0;
        return NULL;
    }
    *size = encoder->out.size;
    return encoder->out.data;
}

const char *strata_png_encoder_message(const strata_png_encoder *encoder) {
    return encoder != NULL ? encoder->error.message : "out of memory";
}

void strata_png_encoder_destroy(strata_png_encoder *encoder) {
    if (encoder == NULL) return;
    if (encoder->png != NULL) png_destroy_write_struct(&encoder->png, encoder->info != NULL ? &encoder->info : NULL);
    strata_png_buffer_free(&encoder->out);
    strata_png_buffer_free(&encoder->raw);
    free(encoder);
}
