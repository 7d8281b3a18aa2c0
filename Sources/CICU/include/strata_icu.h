#ifndef STRATA_ICU_H
#define STRATA_ICU_H

#include <stdint.h>

// Text in these calls is UTF-32 (Unicode scalars); positions are scalar indices. ICU works in
// UTF-16 inside the shim, which maps its positions back.

/// The Unicode bidi algorithm's embedding level of each scalar (X1–I2, paragraph direction
/// from the first strong character, several paragraphs split at paragraph separators) into
/// `levels` (count entries). Returns the highest level, or -1 when ICU fails.
int strata_bidi_levels(const uint32_t *text, int32_t count, uint8_t *levels);

/// The visual order of the line [start, end) of `text` (L1: trailing whitespace at the
/// paragraph level; L2: runs reversed): `order` receives end − start scalar indices, left to
/// right. Returns 0, or -1 when ICU fails.
int strata_bidi_line_order(const uint32_t *text, int32_t count, int32_t start, int32_t end, int32_t *order);

/// UAX #14 line break opportunities (ICU's line break iterator with its dictionaries for
/// Thai, Lao, Khmer and Myanmar): the scalar indices where a line may start, ascending, the
/// end of the text included, into `positions` (at most `capacity`); `hard[i]` is 1 where the
/// break is mandatory. Returns how many, or -1 when ICU fails.
int32_t strata_line_breaks(const uint32_t *text, int32_t count, int32_t *positions, uint8_t *hard, int32_t capacity);

/// Word boundaries (UAX #29 with the same dictionaries), as positions like strata_line_breaks.
int32_t strata_word_breaks(const uint32_t *text, int32_t count, int32_t *positions, int32_t capacity);

#endif
