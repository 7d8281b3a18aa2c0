// zlib's inflate and gzip deflate behind plain functions, so Swift never handles z_stream or its macros.
#include "strata_zlib.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

void strata_inflate_free(uint8_t *buffer) { free(buffer); }

int strata_inflate(const uint8_t *src, size_t src_len, size_t limit, uint8_t **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    // 15 window bits + 32: accept both zlib and gzip headers.
    if (inflateInit2(&zs, 15 + 32) != Z_OK) return STRATA_INFLATE_NO_MEMORY;

    size_t capacity = src_len * 4 + 1024;
    if (capacity > limit + 1) capacity = limit + 1;
    if (capacity < 64) capacity = 64;
    uint8_t *buffer = malloc(capacity);
    if (!buffer) { inflateEnd(&zs); return STRATA_INFLATE_NO_MEMORY; }

    size_t produced = 0;
    size_t remaining_in = src_len;
    const uint8_t *next_in = src;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (produced == capacity) {
            if (capacity > limit) { status = Z_BUF_ERROR; break; }
            size_t grown = capacity * 2;
            if (grown > limit + 1) grown = limit + 1;
            uint8_t *bigger = realloc(buffer, grown);
            if (!bigger) { free(buffer); inflateEnd(&zs); return STRATA_INFLATE_NO_MEMORY; }
            buffer = bigger;
            capacity = grown;
        }
        // zlib counts in uInt: feed at most 1 GiB at a time.
        uInt in_chunk = remaining_in > (1u << 30) ? (1u << 30) : (uInt)remaining_in;
        size_t room = capacity - produced;
        uInt out_chunk = room > (1u << 30) ? (1u << 30) : (uInt)room;
        zs.next_in = (Bytef *)next_in;
        zs.avail_in = in_chunk;
        zs.next_out = buffer + produced;
        zs.avail_out = out_chunk;
        status = inflate(&zs, Z_NO_FLUSH);
        size_t consumed = in_chunk - zs.avail_in;
        next_in += consumed;
        remaining_in -= consumed;
        produced += out_chunk - zs.avail_out;
        if (status == Z_STREAM_END) break;
        if (status != Z_OK && status != Z_BUF_ERROR) break;
        // No progress possible: input exhausted before the stream ended (truncated).
        if (status == Z_BUF_ERROR && remaining_in == 0 && produced < capacity) break;
        if (remaining_in == 0 && zs.avail_out != 0 && status == Z_OK) { status = Z_BUF_ERROR; break; }
    }
    inflateEnd(&zs);
    if (status != Z_STREAM_END) {
        int code = (produced >= capacity && capacity > limit) ? STRATA_INFLATE_TOO_LARGE : STRATA_INFLATE_CORRUPT;
        free(buffer);
        return code;
    }
    if (produced > limit) { free(buffer); return STRATA_INFLATE_TOO_LARGE; }
    *out = buffer;
    *out_len = produced;
    return STRATA_INFLATE_OK;
}

void strata_deflate_free(uint8_t *buffer) { free(buffer); }

int strata_gzip(const uint8_t *src, size_t src_len, int level, uint8_t **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    // zlib counts in uLong/uInt: refuse what it cannot take in one call.
    if (src_len > (1u << 30)) return STRATA_INFLATE_TOO_LARGE;
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    // 15 window bits + 16: a gzip header and trailer (PMTiles' "gzip" compression).
    if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return STRATA_INFLATE_NO_MEMORY;
    size_t capacity = deflateBound(&zs, (uLong)src_len) + 32;
    uint8_t *buffer = malloc(capacity);
    if (!buffer) { deflateEnd(&zs); return STRATA_INFLATE_NO_MEMORY; }
    zs.next_in = (Bytef *)src;
    zs.avail_in = (uInt)src_len;
    zs.next_out = buffer;
    zs.avail_out = (uInt)capacity;
    int status = deflate(&zs, Z_FINISH);
    size_t produced = capacity - zs.avail_out;
    deflateEnd(&zs);
    if (status != Z_STREAM_END) { free(buffer); return STRATA_INFLATE_CORRUPT; }
    *out = buffer;
    *out_len = produced;
    return STRATA_INFLATE_OK;
}
