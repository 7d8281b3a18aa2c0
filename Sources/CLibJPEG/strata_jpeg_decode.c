/*
 * JPEG reading through libjpeg-turbo from memory into RGBA8. Each entry point sets its own
 * setjmp; everything a longjmp must not lose lives in the heap-allocated decoder, never in
 * locals. Warnings that mean the data is damaged (truncation, bad Huffman codes) fail the
 * decode instead of handing back a grey-filled image.
 */
#include "strata_jpeg.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* A progressive file may hold any number of scans, each a pass over the whole image: bounding
 * them keeps a small hostile file from costing minutes (libjpeg-turbo's own advice). */
#define STRATA_JPEG_MAX_SCANS 500

struct strata_jpeg_decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char message[STRATA_JPEG_MESSAGE_CAPACITY];
    const unsigned char *data;
    size_t size;
    int header_read;
    int header_ok;
    int image_read;
};

static void set_message(strata_jpeg_decoder *decoder, const char *text) {
    snprintf(decoder->message, sizeof decoder->message, "%s", text);
}

/* error_exit: keep libjpeg's text for the message, then return to the running entry point. */
static void on_error(j_common_ptr info) {
    strata_jpeg_decoder *decoder = (strata_jpeg_decoder *)info->client_data;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    set_message(decoder, text);
    longjmp(decoder->jump, 1);
}

/* emit_message: level -1 is a warning about the file. Those about its metadata (extraneous
 * bytes between markers, an unknown JFIF revision, an odd Adobe transform code) are common and
 * harmless; every other one means missing or damaged pixels, so it fails the decode. */
static void on_message(j_common_ptr info, int level) {
    if (level != -1) return;
    switch (info->err->msg_code) {
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_JFIF_MAJOR:
    case JWRN_ADOBE_XFORM:
        return;
    default:
        on_error(info);
    }
}

/* progress_monitor: stops files whose scans never end. */
static void on_progress(j_common_ptr info) {
    j_decompress_ptr d = (j_decompress_ptr)info;
    if (d->input_scan_number > STRATA_JPEG_MAX_SCANS) {
        strata_jpeg_decoder *decoder = (strata_jpeg_decoder *)info->client_data;
        set_message(decoder, "too many progressive scans");
        longjmp(decoder->jump, 1);
    }
}

strata_jpeg_decoder *strata_jpeg_decoder_create(const void *data, size_t size) {
    strata_jpeg_decoder *decoder = (strata_jpeg_decoder *)calloc(1, sizeof(strata_jpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->data = (const unsigned char *)data;
    decoder->size = data != NULL ? size : 0;
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = on_error;
    decoder->errors.emit_message = on_message;
    decoder->info.client_data = decoder;
    if (setjmp(decoder->jump)) {
        /* Only an allocation failure can get here; jpeg_destroy copes with a half-made struct. */
        jpeg_destroy_decompress(&decoder->info);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->progress.progress_monitor = on_progress;
    decoder->info.progress = &decoder->progress;
    return decoder;
}

int strata_jpeg_decoder_read_header(strata_jpeg_decoder *decoder, uint32_t *width, uint32_t *height) {
    if (decoder == NULL) return STRATA_JPEG_ERROR;
    if (decoder->header_read) {
        set_message(decoder, "JPEG header already read");
        return STRATA_JPEG_ERROR;
    }
    decoder->header_read = 1;
    if (decoder->size < 3 || decoder->data[0] != 0xFF || decoder->data[1] != 0xD8) {
        set_message(decoder, "not a JPEG file (bad signature)");
        return STRATA_JPEG_ERROR;
    }
    if (setjmp(decoder->jump)) return STRATA_JPEG_ERROR;
    jpeg_mem_src(&decoder->info, decoder->data, (unsigned long)decoder->size);
    jpeg_read_header(&decoder->info, TRUE);
    /* libjpeg-turbo's extended colour space: RGBA with the filler byte set to 0xFF. */
    decoder->info.out_color_space = JCS_EXT_RGBA;
    decoder->header_ok = 1;
    *width = decoder->info.image_width;
    *height = decoder->info.image_height;
    return STRATA_JPEG_OK;
}

int strata_jpeg_decoder_read_image(strata_jpeg_decoder *decoder, unsigned char *out, size_t stride) {
    if (decoder == NULL) return STRATA_JPEG_ERROR;
    if (!decoder->header_ok || decoder->image_read) {
        set_message(decoder, "JPEG header not read (or unreadable), or image already read");
        return STRATA_JPEG_ERROR;
    }
    decoder->image_read = 1;
    if (out == NULL || stride < (size_t)decoder->info.image_width * 4) {
        set_message(decoder, "output buffer too small");
        return STRATA_JPEG_ERROR;
    }
    if (setjmp(decoder->jump)) return STRATA_JPEG_ERROR;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 4 || decoder->info.output_width != decoder->info.image_width ||
        decoder->info.output_height != decoder->info.image_height) {
        set_message(decoder, "internal error: output is not RGBA8 at the image size");
        return STRATA_JPEG_ERROR;
    }
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = out + (size_t)decoder->info.output_scanline * stride;
        jpeg_read_scanlines(&decoder->info, &row, 1);
    }
    jpeg_finish_decompress(&decoder->info);
    return STRATA_JPEG_OK;
}

const char *strata_jpeg_decoder_message(const strata_jpeg_decoder *decoder) {
    return decoder != NULL ? decoder->message : "out of memory";
}

void strata_jpeg_decoder_destroy(strata_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}
