#ifndef STRATA_PNG_H
#define STRATA_PNG_H
/*
 * Strata's libpng shim. libpng reports errors with longjmp, which Swift frames cannot
 * survive, so every libpng call and its setjmp live in this C target; failures come
 * back as STRATA_PNG_ERROR plus a NUL-terminated message.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    STRATA_PNG_OK = 0,
    STRATA_PNG_ERROR = 1
};

/* Capacity of every message buffer handed back by this target. */
#define STRATA_PNG_MESSAGE_CAPACITY 200

/* PNG colour types as written in IHDR. */
enum {
    STRATA_PNG_COLOR_GRAY = 0,
    STRATA_PNG_COLOR_RGB = 2,
    STRATA_PNG_COLOR_PALETTE = 3,
    STRATA_PNG_COLOR_GRAY_ALPHA = 4,
    STRATA_PNG_COLOR_RGBA = 6
};

/* Row filter masks (libpng's PNG_FILTER_* values). */
enum {
    STRATA_PNG_FILTER_NONE = 0x08,
    STRATA_PNG_FILTER_SUB = 0x10,
    STRATA_PNG_FILTER_UP = 0x20,
    STRATA_PNG_FILTER_AVG = 0x40,
    STRATA_PNG_FILTER_PAETH = 0x80,
    STRATA_PNG_FILTER_ALL = 0xF8
};

/* zlib strategies (zlib's Z_* values). */
enum {
    STRATA_PNG_STRATEGY_DEFAULT = 0,
    STRATA_PNG_STRATEGY_FILTERED = 1,
    STRATA_PNG_STRATEGY_HUFFMAN_ONLY = 2,
    STRATA_PNG_STRATEGY_RLE = 3
};

/* A growable malloc'd byte buffer; release with strata_png_buffer_free. */
typedef struct strata_png_buffer {
    unsigned char *data;
    size_t size;
    size_t capacity;
} strata_png_buffer;

void strata_png_buffer_free(strata_png_buffer *buffer);

/*
 * One image to write. `rows` holds `height` rows of already converted samples
 * (RGB8, RGBA8 straight alpha, or palette indices packed to `bit_depth`), `stride`
 * bytes apart. For palette images `palette_rgb` holds 3 * palette_count bytes and
 * `palette_alpha` the first `alpha_count` alpha values (tRNS; 0 = no tRNS chunk).
 */
typedef struct strata_png_image {
    const unsigned char *rows;
    size_t stride;
    uint32_t width;
    uint32_t height;
    int color_type;
    int bit_depth;
    const unsigned char *palette_rgb;
    int palette_count;
    const unsigned char *palette_alpha;
    int alpha_count;
} strata_png_image;

typedef struct strata_png_write_settings {
    int level;          /* zlib level 0...9 */
    int filters;        /* STRATA_PNG_FILTER_* mask */
    int strategy;       /* STRATA_PNG_STRATEGY_* */
    int mem_level;      /* zlib memLevel 1...9; 0 = libpng's default (8) */
    size_t idat_size;   /* IDAT chunk size in bytes; 0 = libpng's default (8192) */
} strata_png_write_settings;

/*
 * Encodes `image` with libpng into `out` (appending to it). On error returns
 * STRATA_PNG_ERROR with `message` filled and `out` left empty (freed).
 */
int strata_png_encode(const strata_png_image *image, const strata_png_write_settings *settings,
                      strata_png_buffer *out, char message[STRATA_PNG_MESSAGE_CAPACITY]);

/*
 * Decoding in two steps, so the caller can allocate the output after seeing the size:
 * create -> read_header -> read_image -> destroy. Any PNG (every colour type, bit depth
 * and interlace, tRNS, 16-bit) is delivered as 8-bit RGBA with straight alpha.
 * `data` must stay valid until destroy.
 */
typedef struct strata_png_decoder strata_png_decoder;

/* NULL when out of memory. */
strata_png_decoder *strata_png_decoder_create(const void *data, size_t size);
/* Reads the header and sets up the RGBA8 transforms. */
int strata_png_decoder_read_header(strata_png_decoder *decoder, uint32_t *width, uint32_t *height);
/* Reads every row into `out` (height rows of width * 4 bytes, `stride` apart) and the end of the file. */
int strata_png_decoder_read_image(strata_png_decoder *decoder, unsigned char *out, size_t stride);
/* The message of the last failure (empty when none). */
const char *strata_png_decoder_message(const strata_png_decoder *decoder);
void strata_png_decoder_destroy(strata_png_decoder *decoder);

/* libpng's version number, e.g. 10639. */
int strata_png_version(void);

#ifdef __cplusplus
}
#endif
#endif
