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

/*
 * The header of one image to write. The rows fed to strata_png_encoder_write_rows hold
 * already converted samples: RGB8, RGBA8 straight alpha, or palette indices packed to
 * `bit_depth`. For palette images `palette_rgb` holds 3 * palette_count bytes and
 * `palette_alpha` the first `alpha_count` alpha values (tRNS; 0 = no tRNS chunk).
 */
typedef struct strata_png_header {
    uint32_t width;
    uint32_t height;
    int color_type;
    int bit_depth;
    const unsigned char *palette_rgb;
    int palette_count;
    const unsigned char *palette_alpha;
    int alpha_count;
} strata_png_header;

typedef struct strata_png_write_settings {
    int level;          /* zlib level 0...9 */
    int filters;        /* STRATA_PNG_FILTER_* mask */
    int strategy;       /* STRATA_PNG_STRATEGY_* */
    int mem_level;      /* zlib memLevel 1...9; 0 = libpng's default (8) */
    size_t idat_size;   /* IDAT chunk size in bytes; 0 = libpng's default (8192) */
    int deflater;       /* STRATA_PNG_DEFLATER_*; 0 = libpng's own zlib stream */
} strata_png_write_settings;

/*
 * Who compresses the image data. libpng always writes the file (signature, IHDR, PLTE, tRNS,
 * chunk framing and CRCs). With LIBDEFLATE or ISAL the filtered rows (filter type 0 only) are
 * kept and compressed in one call, then handed to libpng as the IDAT chunk: libdeflate is
 * about twice as fast as zlib at level 1 on map tiles and no larger; ISA-L's igzip (levels
 * 0...3; higher levels are its 3) is about three times as fast again, 5 % larger than
 * libdeflate at its level 2. Images whose raw data exceed STRATA_PNG_WHOLE_IMAGE_MAX_RAW
 * bytes stream through zlib instead (bounded memory).
 */
enum {
    STRATA_PNG_DEFLATER_ZLIB = 0,
    STRATA_PNG_DEFLATER_LIBDEFLATE = 1,
    STRATA_PNG_DEFLATER_ISAL = 2
};
#define STRATA_PNG_WHOLE_IMAGE_MAX_RAW ((size_t)64 << 20)

/*
 * Whether the upper halves of the AVX vector registers hold data (1) or are clear (0): left
 * dirty, every later SSE instruction pays for merging them. -1 where the CPU cannot tell
 * (no XGETBV in-use query). After an encode with ISA-L they are clear.
 */
int strata_png_upper_vector_state(void);

/*
 * Encoding in batches of rows, so a large image is converted a strip at a time:
 * create -> begin (header, palette, settings) -> write_rows
 * (any number of calls, `height` rows in total) -> finish -> output -> destroy.
 * After a failure every call but message/destroy fails.
 */
typedef struct strata_png_encoder strata_png_encoder;

/* NULL when out of memory. */
strata_png_encoder *strata_png_encoder_create(void);
int strata_png_encoder_begin(strata_png_encoder *encoder, const strata_png_header *image,
                             const strata_png_write_settings *settings);
int strata_png_encoder_write_rows(strata_png_encoder *encoder, const unsigned char *rows, size_t stride, uint32_t count);
int strata_png_encoder_finish(strata_png_encoder *encoder);
/* The finished file (owned by the encoder until destroy); NULL and 0 before finish. */
const unsigned char *strata_png_encoder_output(const strata_png_encoder *encoder, size_t *size);
/* The message of the last failure (empty when none). */
const char *strata_png_encoder_message(const strata_png_encoder *encoder);
void strata_png_encoder_destroy(strata_png_encoder *encoder);

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
