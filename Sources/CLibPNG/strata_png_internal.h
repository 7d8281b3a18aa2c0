#ifndef STRATA_PNG_INTERNAL_H
#define STRATA_PNG_INTERNAL_H
/* Shared pieces of the libpng shim: error capture and the memory sink. */
#include "strata_png.h"
#include <png.h>

/* A growable malloc'd byte buffer; release with strata_png_buffer_free. */
typedef struct strata_png_buffer {
    unsigned char *data;
    size_t size;
    size_t capacity;
} strata_png_buffer;

void strata_png_buffer_free(strata_png_buffer *buffer);

/* Where libpng's error handler leaves its message before it longjmps. */
typedef struct strata_png_error_context {
    char message[STRATA_PNG_MESSAGE_CAPACITY];
} strata_png_error_context;

/* libpng error callback: records the message, then longjmps to the active setjmp. */
void strata_png_on_error(png_structp png, png_const_charp message);
/* libpng warning callback: warnings are not failures, so they are dropped. */
void strata_png_on_warning(png_structp png, png_const_charp message);
/* Copies `text` into a message buffer, truncating safely. */
void strata_png_set_message(char message[STRATA_PNG_MESSAGE_CAPACITY], const char *text);

/*
 * Compresses `size` bytes of unfiltered rows into a zlib stream with `deflater` (LIBDEFLATE
 * or ISAL) at `level`, into `out` (malloc'd; the caller frees it). NULL on success, else why.
 */
const char *strata_png_deflate_whole(int deflater, int level, const unsigned char *in, size_t size,
                                     strata_png_buffer *out);

#endif
