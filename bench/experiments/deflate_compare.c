// zlib (system, level 1, default strategy, as Strata's PNG encoder calls it through libpng;
// also with one reused stream) against libdeflate (level 1 and 6) on the exact zlib input of Strata's tiles: process CPU
// per tile, median of REPS passes, and bytes. Evidence for the PNG encoder's owner.
//
// build: cc -O2 -o deflate_compare deflate_compare.c -lz -ldeflate
// usage: deflate_compare RECORDS.bin [REPS]   (records from idat_dump.py)
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct { unsigned char *data; size_t size; } record;

// A fresh stream per image with the window fitted to the data, as libpng sets zlib up
// (png_deflate_claim shrinks windowBits for small images).
static size_t zlib_level1(const record *r, unsigned char *out, size_t cap) {
    int bits = 15;
    while (bits > 9 && ((size_t)1 << (bits - 1)) >= r->size + 262) bits--;
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 1, Z_DEFLATED, bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) exit(2);
    s.next_in = r->data; s.avail_in = (uInt)r->size;
    s.next_out = out; s.avail_out = (uInt)cap;
    if (deflate(&s, Z_FINISH) != Z_STREAM_END) exit(3);
    size_t n = s.total_out;
    deflateEnd(&s);
    return n;
}

// One stream for every image (deflateReset): no per-image allocation and table clearing.
static z_stream reused;
static size_t zlib_level1_reused(const record *r, unsigned char *out, size_t cap) {
    deflateReset(&reused);
    reused.next_in = r->data; reused.avail_in = (uInt)r->size;
    reused.next_out = out; reused.avail_out = (uInt)cap;
    if (deflate(&reused, Z_FINISH) != Z_STREAM_END) exit(3);
    return reused.total_out;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s RECORDS.bin [REPS]\n", argv[0]); return 1; }
    int reps = argc > 2 ? atoi(argv[2]) : 11;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    record *recs = NULL;
    size_t count = 0, cap_out = 0;
    uint32_t len;
    while (fread(&len, 4, 1, f) == 1) {
        recs = realloc(recs, (count + 1) * sizeof *recs);
        recs[count].data = malloc(len);
        recs[count].size = len;
        if (fread(recs[count].data, 1, len, f) != len) { fprintf(stderr, "short record\n"); return 1; }
        if (len > cap_out) cap_out = len;
        count++;
    }
    fclose(f);
    cap_out = cap_out * 2 + 1024;
    unsigned char *out = malloc(cap_out);
    struct libdeflate_compressor *c1 = libdeflate_alloc_compressor(1);
    struct libdeflate_compressor *c6 = libdeflate_alloc_compressor(6);
    if (deflateInit2(&reused, 1, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) exit(2);
    enum { N = 4 };
    const char *names[N] = {"zlib 1.2.13 level 1 (as libpng)", "zlib 1.2.13 level 1, reused", "libdeflate 1.14 level 1",
                            "libdeflate 1.14 level 6"};
    double *times[N];
    size_t bytes[N] = {0, 0, 0, 0};
    for (int k = 0; k < N; k++) times[k] = calloc(reps, sizeof(double));
    for (int rep = 0; rep < reps; rep++) {
        for (int k = 0; k < N; k++) {  // interleaved: load hits every deflater alike
            size_t total = 0;
            double t0 = cpu_seconds();
            for (size_t i = 0; i < count; i++) {
                if (k == 0) total += zlib_level1(&recs[i], out, cap_out);
                else if (k == 1) total += zlib_level1_reused(&recs[i], out, cap_out);
                else total += libdeflate_zlib_compress(k == 2 ? c1 : c6, recs[i].data, recs[i].size, out, cap_out);
            }
            times[k][rep] = (cpu_seconds() - t0) * 1e3 / count;
            bytes[k] = total;
        }
    }
    for (int k = 0; k < N; k++) {
        qsort(times[k], reps, sizeof(double), compare_doubles);
        printf("%-26s %8.4f ms/tile  %9.1f B/tile\n", names[k], times[k][reps / 2], (double)bytes[k] / count);
    }
    printf("{\"tiles\":%zu,\"reps\":%d,\"zlib1_ms\":%.4f,\"zlib1_reused_ms\":%.4f,\"libdeflate1_ms\":%.4f,"
           "\"libdeflate6_ms\":%.4f,\"zlib1_bytes\":%.1f,\"libdeflate1_bytes\":%.1f,\"libdeflate6_bytes\":%.1f}\n",
           count, reps, times[0][reps / 2], times[1][reps / 2], times[2][reps / 2], times[3][reps / 2],
           (double)bytes[0] / count, (double)bytes[2] / count, (double)bytes[3] / count);
    return 0;
}
