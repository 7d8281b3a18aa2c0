/*
 * The whole-image deflaters: the unfiltered rows of one image compressed into a zlib stream
 * in one go, by libdeflate or by ISA-L's igzip. Each thread keeps its own compressor state
 * (allocating it costs more than compressing a tile), freed when the thread ends.
 */
#include "strata_png_internal.h"
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define LIBDEFLATE_LEVELS 13
#define ISAL_LEVELS 4

/* One thread's compressors, made on first use. */
struct thread_deflaters {
    struct libdeflate_compressor *libdeflate[LIBDEFLATE_LEVELS];
    struct isal_zstream *isal_stream;
    unsigned char *isal_level_buf[ISAL_LEVELS];
};

static pthread_key_t deflaters_key;
static pthread_once_t deflaters_once = PTHREAD_ONCE_INIT;

static void free_deflaters(void *value) {
    struct thread_deflaters *d = (struct thread_deflaters *)value;
    for (int i = 0; i < LIBDEFLATE_LEVELS; i++)
        if (d->libdeflate[i] != NULL) libdeflate_free_compressor(d->libdeflate[i]);
    for (int i = 0; i < ISAL_LEVELS; i++) free(d->isal_level_buf[i]);
    free(d->isal_stream);
    free(d);
}

static void make_deflaters_key(void) { pthread_key_create(&deflaters_key, free_deflaters); }

static struct thread_deflaters *thread_deflaters(void) {
    pthread_once(&deflaters_once, make_deflaters_key);
    struct thread_deflaters *d = (struct thread_deflaters *)pthread_getspecific(deflaters_key);
    if (d == NULL) {
        d = (struct thread_deflaters *)calloc(1, sizeof(*d));
        if (d == NULL) return NULL;
        if (pthread_setspecific(deflaters_key, d) != 0) { free(d); return NULL; }
    }
    return d;
}

static const char *compress_libdeflate(int level, const unsigned char *in, size_t size, strata_png_buffer *out) {
    struct thread_deflaters *d = thread_deflaters();
    if (d == NULL) return "out of memory for the libdeflate compressor";
    if (d->libdeflate[level] == NULL) d->libdeflate[level] = libdeflate_alloc_compressor(level);
    struct libdeflate_compressor *compressor = d->libdeflate[level];
    if (compressor == NULL) return "out of memory for the libdeflate compressor";
    size_t bound = libdeflate_zlib_compress_bound(compressor, size);
    out->data = (unsigned char *)malloc(bound);
    if (out->data == NULL) return "out of memory compressing the image";
    out->capacity = bound;
    out->size = libdeflate_zlib_compress(compressor, in, size, out->data, bound);
    return out->size == 0 ? "libdeflate could not compress the image" : NULL;
}

/* ISA-L's level buffer sizes (its hash tables and token space), per level. */
static const size_t isal_level_buf_size[ISAL_LEVELS] = {
    0, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT
};

/*
 * ISA-L's hand-written AVX2/AVX-512 kernels can return with the upper halves of the vector
 * registers dirty; every SSE instruction after that (all of a baseline x86-64 Swift build's
 * float and SIMD code) then pays for merging them: the next tile's rasterizer ran 40-65 %
 * slower. VZEROUPPER clears them (only where AVX exists; elsewhere it is not an instruction).
 */
static void clear_upper_vector_state(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int has_avx = -1;
    if (has_avx < 0) has_avx = __builtin_cpu_supports("avx") ? 1 : 0;
    if (has_avx) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

int strata_png_upper_vector_state(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int has_xinuse = -1;
    if (has_xinuse < 0) {
        unsigned int a = 0, b = 0, c = 0, d = 0;
        /* XGETBV with ECX = 1 (which state is in use) exists when CPUID.(0DH, 1):EAX[2] is set. */
        has_xinuse = __get_cpuid_max(0, NULL) >= 0xD && __get_cpuid_count(0xD, 1, &a, &b, &c, &d) && (a & 4) ? 1 : 0;
    }
    if (!has_xinuse) return -1;
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    (void)hi;
    /* Bit 2: YMM upper halves; bit 6: ZMM upper halves of registers 0-15. */
    return ((lo >> 2) | (lo >> 6)) & 1;
#else
    return -1;
#endif
}

static const char *compress_isal(int level, const unsigned char *in, size_t size, strata_png_buffer *out) {
    struct thread_deflaters *d = thread_deflaters();
    if (d == NULL) return "out of memory for the ISA-L compressor";
    if (d->isal_stream == NULL) d->isal_stream = (struct isal_zstream *)calloc(1, sizeof(struct isal_zstream));
    if (level > 0 && d->isal_level_buf[level] == NULL) d->isal_level_buf[level] = (unsigned char *)calloc(1, isal_level_buf_size[level]);
    struct isal_zstream *stream = d->isal_stream;
    if (stream == NULL || (level > 0 && d->isal_level_buf[level] == NULL)) return "out of memory for the ISA-L compressor";
    /* A fresh state for every image: what the thread compressed before must not change the
     * bytes (concurrent and serial encodes of one image came out different). */
    memset(stream, 0, sizeof(*stream));
    if (level > 0) memset(d->isal_level_buf[level], 0, isal_level_buf_size[level]);
    isal_deflate_init(stream);
    stream->level = (uint32_t)level;
    stream->level_buf = d->isal_level_buf[level];
    stream->level_buf_size = (uint32_t)isal_level_buf_size[level];
    stream->gzip_flag = IGZIP_ZLIB;
    stream->end_of_stream = 1;
    stream->flush = NO_FLUSH;
    stream->next_in = (uint8_t *)in;
    stream->avail_in = (uint32_t)size;
    /* Room for the usual case; grown (and the call repeated) if the data does not shrink. */
    size_t capacity = size / 2 + 4096;
    out->data = (unsigned char *)malloc(capacity);
    if (out->data == NULL) return "out of memory compressing the image";
    out->capacity = capacity;
    for (;;) {
        stream->next_out = out->data + stream->total_out;
        stream->avail_out = (uint32_t)(out->capacity - stream->total_out);
        int status = isal_deflate(stream);
        clear_upper_vector_state();
        if (status != COMP_OK) return "ISA-L could not compress the image";
        if (stream->internal_state.state == ZSTATE_END) break;
        size_t grown_capacity = out->capacity * 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, grown_capacity);
        if (grown == NULL) return "out of memory compressing the image";
        out->data = grown;
        out->capacity = grown_capacity;
    }
    out->size = stream->total_out;
    return NULL;
}

const char *strata_png_deflate_whole(int deflater, int level, const unsigned char *in, size_t size, strata_png_buffer *out) {
    out->data = NULL; out->size = 0; out->capacity = 0;
    if (size > STRATA_PNG_WHOLE_IMAGE_MAX_RAW) return "image data too large for one deflate call";
    const char *problem = deflater == STRATA_PNG_DEFLATER_ISAL
        ? compress_isal(level > 3 ? 3 : level, in, size, out)
        : compress_libdeflate(level, in, size, out);
    if (problem != NULL) strata_png_buffer_free(out);
    return problem;
}
