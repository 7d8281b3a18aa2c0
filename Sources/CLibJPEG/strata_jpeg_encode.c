/*
 * JPEG writing through libjpeg-turbo into memory (jpeg_mem_dest). Everything a longjmp must
 * not lose (the output pointer, the row buffer) lives in a heap-allocated state, never in
 * locals that setjmp could leave stale. The first output buffer is ours (libjpeg never frees
 * a caller's buffer); when the file outgrows it libjpeg moves to its own, which it hands back.
 */
#include "strata_jpeg_encode.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

struct encoder_state {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    char message[200];
    unsigned char *first_buffer;
    unsigned char *output;
    unsigned long output_size;
    unsigned char *row;
};

/* error_exit: keep libjpeg's text, then return to the entry point. */
static void on_error(j_common_ptr info) {
    struct encoder_state *state = (struct encoder_state *)info->client_data;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    snprintf(state->message, sizeof state->message, "%s", text);
    longjmp(state->jump, 1);
}

/* One row of premultiplied RGBA over an opaque background: c + bg * (255 - a) / 255, rounded. */
static void composite_row(const unsigned char *src, unsigned char *dst, int width, const uint8_t bg[3]) {
    for (int x = 0; x < width; x++) {
        unsigned inverse = 255u - src[3];
        for (int c = 0; c < 3; c++) {
            unsigned v = src[c] + (bg[c] * inverse + 127u) / 255u;
            dst[c] = (unsigned char)(v > 255u ? 255u : v);
        }
        src += 4;
        dst += 3;
    }
}

static void write_image(struct encoder_state *s, const unsigned char *rgba, int width, int height, int stride,
                        int quality, const uint8_t bg[3]) {
    s->info.image_width = (JDIMENSION)width;
    s->info.image_height = (JDIMENSION)height;
    s->info.input_components = 3;
    s->info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&s->info);
    jpeg_set_quality(&s->info, quality, TRUE);
    s->info.optimize_coding = TRUE;
    jpeg_start_compress(&s->info, TRUE);
    while (s->info.next_scanline < s->info.image_height) {
        composite_row(rgba + (size_t)s->info.next_scanline * (size_t)stride, s->row, width, bg);
        JSAMPROW rows[1] = { s->row };
        jpeg_write_scanlines(&s->info, rows, 1);
    }
    jpeg_finish_compress(&s->info);
}

int strata_jpeg_encode_premultiplied_rgba(const unsigned char *premultiplied_rgba, int width, int height, int stride,
                                          int quality, uint8_t bg_r, uint8_t bg_g, uint8_t bg_b,
                                          unsigned char **out, size_t *out_size, char message[200]) {
    const uint8_t bg[3] = { bg_r, bg_g, bg_b };
    if (premultiplied_rgba == NULL || width <= 0 || height <= 0 || out == NULL || out_size == NULL) {
        snprintf(message, 200, "invalid parameter");
        return 1;
    }
    struct encoder_state *s = (struct encoder_state *)calloc(1, sizeof(struct encoder_state));
    /* A map tile compresses far below half its raw size; a larger one grows the buffer. */
    unsigned long first_size = (unsigned long)width * (unsigned long)height / 2 + 16384;
    if (s == NULL || (s->row = (unsigned char *)malloc((size_t)width * 3)) == NULL
        || (s->first_buffer = (unsigned char *)malloc(first_size)) == NULL) {
        if (s != NULL) free(s->row);
        free(s);
        snprintf(message, 200, "out of memory");
        return 1;
    }
    s->info.err = jpeg_std_error(&s->errors);
    s->errors.error_exit = on_error;
    s->info.client_data = s;
    int status = 0;
    if (setjmp(s->jump)) {
        snprintf(message, 200, "%s", s->message);
        free(s->first_buffer);
        status = 1;
    } else {
        s->output = s->first_buffer;
        s->output_size = first_size;
        jpeg_create_compress(&s->info);
        jpeg_mem_dest(&s->info, &s->output, &s->output_size);
        write_image(s, premultiplied_rgba, width, height, stride, quality, bg);
        if (s->output != s->first_buffer) free(s->first_buffer);
        *out = s->output;
        *out_size = (size_t)s->output_size;
    }
    jpeg_destroy_compress(&s->info);
    free(s->row);
    free(s);
    return status;
}

void strata_jpeg_free(void *data) { free(data); }
