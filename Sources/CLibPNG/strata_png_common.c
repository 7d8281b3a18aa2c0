/* Error capture, the growable buffer and the version query shared by encoder and decoder. */
#include "strata_png_internal.h"
#include <stdlib.h>
#include <string.h>

void strata_png_set_message(char message[STRATA_PNG_MESSAGE_CAPACITY], const char *text) {
    if (text == NULL) text = "unknown libpng error";
    size_t n = strlen(text);
    if (n >= STRATA_PNG_MESSAGE_CAPACITY) n = STRATA_PNG_MESSAGE_CAPACITY - 1;
    memcpy(message, text, n);
    message[n] = '\0';
}

void strata_png_on_error(png_structp png, png_const_charp message) {
    strata_png_error_context *context = (strata_png_error_context *)png_get_error_ptr(png);
    if (context != NULL) strata_png_set_message(context->message, message);
    png_longjmp(png, 1);
}

void strata_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

void strata_png_buffer_free(strata_png_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

int strata_png_version(void) { return (int)png_access_version_number(); }
