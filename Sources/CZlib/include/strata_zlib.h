#ifndef STRATA_ZLIB_H
#define STRATA_ZLIB_H

#include <stddef.h>
#include <stdint.h>

// Result codes of strata_inflate.
#define STRATA_INFLATE_OK 0
// The input is not a complete zlib or gzip stream (corrupt or truncated).
#define STRATA_INFLATE_CORRUPT 1
// The output would exceed the caller's limit (a decompression bomb or a huge tile).
#define STRATA_INFLATE_TOO_LARGE 2
// malloc failed.
#define STRATA_INFLATE_NO_MEMORY 3

/// Inflates a gzip or zlib stream (detected from its header) into a malloc'ed buffer that the
/// caller frees with strata_inflate_free. At most `limit` output bytes are produced.
/// On failure *out is NULL and *out_len is 0.
int strata_inflate(const uint8_t *src, size_t src_len, size_t limit, uint8_t **out, size_t *out_len);

void strata_inflate_free(uint8_t *buffer);

/// Compresses `src` as one gzip member (deflate `level` 0-9) into a malloc'ed buffer that the
/// caller frees with strata_deflate_free. Returns STRATA_INFLATE_OK, or NO_MEMORY / TOO_LARGE
/// (input over 1 GiB) with *out NULL.
int strata_gzip(const uint8_t *src, size_t src_len, int level, uint8_t **out, size_t *out_len);

void strata_deflate_free(uint8_t *buffer);

#endif
