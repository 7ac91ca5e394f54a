#include "overset_icu.h"
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <stdatomic.h>

int32_t ov_icu_failure(int32_t status) { return U_FAILURE((UErrorCode)status) ? 1 : 0; }

OvBreakIterator *ov_brk_open_line(const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &code);
    *status = (int32_t)code;
    return (OvBreakIterator *)iterator;
}

OvBreakIterator *ov_brk_open_character(int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &code);
    *status = (int32_t)code;
    return (OvBreakIterator *)iterator;
}

void ov_brk_close(OvBreakIterator *iterator) { ubrk_close((UBreakIterator *)iterator); }

void ov_brk_set_text(OvBreakIterator *iterator, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &code);
    *status = (int32_t)code;
}

int32_t ov_brk_first(OvBreakIterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }

int32_t ov_brk_next(OvBreakIterator *iterator) {
    int32_t next = ubrk_next((UBreakIterator *)iterator);
    return next == UBRK_DONE ? -1 : next;
}

int32_t ov_brk_is_hard_break(OvBreakIterator *iterator) {
    int32_t status = ubrk_getRuleStatus((UBreakIterator *)iterator);
    return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
}

OvBidi *ov_bidi_open(void) { return (OvBidi *)ubidi_open(); }
void ov_bidi_close(OvBidi *bidi) { ubidi_close((UBiDi *)bidi); }

void ov_bidi_set_para(OvBidi *bidi, const uint16_t *text, int32_t length, int32_t base, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBiDiLevel level = base == 0 ? 0 : base == 1 ? 1 : UBIDI_DEFAULT_LTR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, level, NULL, &code);
    *status = (int32_t)code;
}

void ov_bidi_get_levels(OvBidi *bidi, uint8_t *levels, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const UBiDiLevel *resolved = ubidi_getLevels((UBiDi *)bidi, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code) || resolved == NULL) return;
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
}

int32_t ov_bidi_count_paragraphs(OvBidi *bidi) { return ubidi_countParagraphs((UBiDi *)bidi); }

void ov_bidi_get_paragraph(OvBidi *bidi, int32_t index, int32_t *start, int32_t *limit, uint8_t *level,
                           int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBiDiLevel resolved = 0;
    ubidi_getParagraphByIndex((UBiDi *)bidi, index, start, limit, &resolved, &code);
    *level = resolved;
    *status = (int32_t)code;
}

static int32_t line_break_class(uint32_t scalar) { return u_getIntPropertyValue((UChar32)scalar, UCHAR_LINE_BREAK); }

int32_t ov_script_is_known(const char *code) {
    return u_getPropertyValueEnum(UCHAR_SCRIPT, code) != UCHAR_INVALID_CODE;
}

int32_t ov_char_flags_uncached(uint32_t scalar) {
    int32_t flags = 0;
    int32_t lb = line_break_class(scalar);
    if (lb == U_LB_SPACE || lb == U_LB_MANDATORY_BREAK || lb == U_LB_CARRIAGE_RETURN || lb == U_LB_LINE_FEED ||
        lb == U_LB_NEXT_LINE) flags |= OV_HANGS;
    if (lb == U_LB_MANDATORY_BREAK || lb == U_LB_CARRIAGE_RETURN || lb == U_LB_LINE_FEED || lb == U_LB_NEXT_LINE)
        flags |= OV_MANDATORY_BREAK;
    int32_t simple = 0;
    switch (lb) {
    case U_LB_ALPHABETIC: simple = OV_LINE_AL; break;
    case U_LB_NUMERIC: simple = OV_LINE_NU; break;
    case U_LB_SPACE: simple = OV_LINE_SP; break;
    case U_LB_INFIX_NUMERIC: simple = OV_LINE_IS; break;
    case U_LB_EXCLAMATION: simple = OV_LINE_EX; break;
    case U_LB_QUOTATION: simple = OV_LINE_QU; break;
    case U_LB_HYPHEN: simple = OV_LINE_HY; break;
    default: break;
    }
    /* Only characters of the Basic Multilingual Plane below U+3000 (Latin, Greek, Cyrillic, general
     * punctuation): the pair table is checked against ICU there (FastPathTests). */
    if (scalar < 0x3000) flags |= simple << OV_LINE_CLASS_SHIFT;
    if (lb == U_LB_CLOSE_PUNCTUATION || lb == U_LB_CLOSE_PARENTHESIS || lb == U_LB_EXCLAMATION ||
        lb == U_LB_INFIX_NUMERIC || lb == U_LB_NONSTARTER || lb == U_LB_CONDITIONAL_JAPANESE_STARTER)
        flags |= OV_NO_BREAK_BEFORE;
    switch (u_charDirection((UChar32)scalar)) {
    case U_FIRST_STRONG_ISOLATE: case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE:
    case U_POP_DIRECTIONAL_ISOLATE: case U_LEFT_TO_RIGHT_EMBEDDING: case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_LEFT_TO_RIGHT_OVERRIDE: case U_RIGHT_TO_LEFT_OVERRIDE: case U_POP_DIRECTIONAL_FORMAT:
        flags |= OV_NEEDS_BIDI; break;
    case U_BLOCK_SEPARATOR:
        flags |= OV_PARAGRAPH_SEPARATOR; break;
    case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC: case U_ARABIC_NUMBER:
        flags |= OV_NEEDS_BIDI; break;
    default: break;
    }
    if (u_hasBinaryProperty((UChar32)scalar, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) flags |= OV_DEFAULT_IGNORABLE;
    int32_t gcb = u_getIntPropertyValue((UChar32)scalar, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if ((gcb == U_GCB_OTHER || gcb == U_GCB_CR || gcb == U_GCB_LF || gcb == U_GCB_CONTROL) &&
        !u_hasBinaryProperty((UChar32)scalar, UCHAR_EXTENDED_PICTOGRAPHIC)) flags |= OV_SIMPLE_GRAPHEME;
    return flags;
}

/* The flags of the Basic Multilingual Plane's characters, each found in ICU's data (four property lookups, about
 * 280 instructions) the first time a text has it and kept for the process: an entry is its flags with bit 16 set,
 * 0 until then. Relaxed atomics: threads that meet a character at once compute the same value, and a load sees
 * either 0 or a whole entry. 256 KB of zero pages in .bss, resident only where text has characters. */
static _Atomic uint32_t bmp_flags[0x10000];

int32_t ov_char_flags(uint32_t scalar) {
    if (scalar > 0xFFFF) return ov_char_flags_uncached(scalar);
    uint32_t entry = atomic_load_explicit(&bmp_flags[scalar], memory_order_relaxed);
    if (entry != 0) return (int32_t)(entry & 0xFFFF);
    int32_t flags = ov_char_flags_uncached(scalar);
    atomic_store_explicit(&bmp_flags[scalar], (uint32_t)flags | 0x10000u, memory_order_relaxed);
    return flags;
}

#include <unicode/uloc.h>
int32_t ov_language_is_known(const char *language) {
    char canonical[ULOC_FULLNAME_CAPACITY];
    UErrorCode code = U_ZERO_ERROR;
    uloc_forLanguageTag(language, canonical, sizeof(canonical), NULL, &code);
    if (U_FAILURE(code)) return 0;
    const char *iso3 = uloc_getISO3Language(canonical);
    return iso3 != NULL && iso3[0] != 0;
}
