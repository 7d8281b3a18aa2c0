#ifndef STRATA_PNG_INTERNAL_H
#define STRATA_PNG_INTERNAL_H
/* Shared pieces of the libpng shim: error capture and the memory sink. */
#include "strata_png.h"
#include <png.h>

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

#endif
