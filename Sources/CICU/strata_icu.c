#include "strata_icu.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

// UTF-16 of `text` in a malloc'ed buffer, with `map[u]` the scalar index of each unit and
// map[len] = count. NULL when out of memory.
static UChar *to_utf16(const uint32_t *text, int32_t count, int32_t **map, int32_t *len) {
    UChar *u = malloc(sizeof(UChar) * (size_t)(2 * count + 1));
    int32_t *m = malloc(sizeof(int32_t) * (size_t)(2 * count + 1));
    if (!u || !m) { free(u); free(m); return NULL; }
    int32_t n = 0;
    for (int32_t i = 0; i < count; i++) {
        uint32_t c = text[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
        if (c >= 0x10000) {
            c -= 0x10000;
            u[n] = (UChar)(0xD800 + (c >> 10)); m[n++] = i;
            u[n] = (UChar)(0xDC00 + (c & 0x3FF)); m[n++] = i;
        } else {
            u[n] = (UChar)c; m[n++] = i;
        }
    }
    m[n] = count;
    *map = m; *len = n;
    return u;
}

// The first UTF-16 unit of each scalar.
static int32_t unit_of(const int32_t *map, int32_t len, int32_t scalar) {
    int32_t lo = 0, hi = len;
    while (lo < hi) { int32_t mid = (lo + hi) / 2; if (map[mid] < scalar) lo = mid + 1; else hi = mid; }
    return lo;
}

static UBiDi *paragraphs(const UChar *u, int32_t len) {
    UErrorCode err = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(len, 0, &err);
    if (U_FAILURE(err) || !bidi) return NULL;
    ubidi_setPara(bidi, u, len, UBIDI_DEFAULT_LTR, NULL, &err);
    if (U_FAILURE(err)) { ubidi_close(bidi); return NULL; }
    return bidi;
}

int strata_bidi_levels(const uint32_t *text, int32_t count, uint8_t *levels) {
    if (count <= 0) return 0;
    int32_t *map, len;
    UChar *u = to_utf16(text, count, &map, &len);
    if (!u) return -1;
    UBiDi *bidi = paragraphs(u, len);
    int top = -1;
    if (bidi) {
        UErrorCode err = U_ZERO_ERROR;
        const UBiDiLevel *lv = ubidi_getLevels(bidi, &err);
        if (U_SUCCESS(err) && lv) {
            top = 0;
            for (int32_t k = 0; k < len; k++) {
                levels[map[k]] = lv[k];
                if (lv[k] > top) top = lv[k];
            }
        }
        ubidi_close(bidi);
    }
    free(u); free(map);
    return top;
}

int strata_bidi_line_order(const uint32_t *text, int32_t count, int32_t start, int32_t end, int32_t *order) {
    if (start < 0 || end > count || start >= end) return start == end ? 0 : -1;
    int32_t *map, len;
    UChar *u = to_utf16(text, count, &map, &len);
    if (!u) return -1;
    int result = -1;
    UBiDi *bidi = paragraphs(u, len);
    UErrorCode err = U_ZERO_ERROR;
    int32_t us = unit_of(map, len, start), ue = unit_of(map, len, end);
    UBiDi *line = bidi ? ubidi_openSized(ue - us, 0, &err) : NULL;
    if (line && U_SUCCESS(err)) {
        ubidi_setLine(bidi, us, ue, line, &err);
        int32_t *visual = malloc(sizeof(int32_t) * (size_t)(ue - us));
        if (U_SUCCESS(err) && visual) {
            ubidi_getVisualMap(line, visual, &err);
            if (U_SUCCESS(err)) {
                // Each scalar once, at its first unit's place (a surrogate pair's two units
                // stay together in a run, in either order).
                int32_t n = 0, last = -1;
                for (int32_t k = 0; k < ue - us && n < end - start; k++) {
                    int32_t s = map[us + visual[k]];
                    if (s == last) continue;
                    order[n++] = s; last = s;
                }
                result = n == end - start ? 0 : -1;
            }
        }
        free(visual);
    }
    if (line) ubidi_close(line);
    if (bidi) ubidi_close(bidi);
    free(u); free(map);
    return result;
}

static int32_t boundaries(UBreakIteratorType type, const uint32_t *text, int32_t count, int32_t *positions,
                          uint8_t *hard, int32_t capacity) {
    if (count <= 0) return 0;
    int32_t *map, len;
    UChar *u = to_utf16(text, count, &map, &len);
    if (!u) return -1;
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(type, "", u, len, &err);
    int32_t n = -1;
    if (U_SUCCESS(err) && it) {
        n = 0;
        for (int32_t p = ubrk_next(it); p != UBRK_DONE && n < capacity; p = ubrk_next(it)) {
            if (hard) hard[n] = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD ? 1 : 0;
            positions[n++] = map[p];
        }
    }
    if (it) ubrk_close(it);
    free(u); free(map);
    return n;
}

int32_t strata_line_breaks(const uint32_t *text, int32_t count, int32_t *positions, uint8_t *hard, int32_t capacity) {
    return boundaries(UBRK_LINE, text, count, positions, hard, capacity);
}

int32_t strata_word_breaks(const uint32_t *text, int32_t count, int32_t *positions, int32_t capacity) {
    return boundaries(UBRK_WORD, text, count, positions, NULL, capacity);
}
