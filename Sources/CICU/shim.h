#ifndef OVERSET_CICU_SHIM_H
#define OVERSET_CICU_SHIM_H
// System ICU renames every entry point with its version (ubrk_open becomes ubrk_open_72) through macros that Swift
// cannot import. These static inline wrappers let the Swift side name stable functions; the macros expand here.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>

static inline int32_t ov_u_failure(UErrorCode code) { return U_FAILURE(code) ? 1 : 0; }
static inline const char *ov_u_errorName(UErrorCode code) { return u_errorName(code); }

// Break iterators.
static inline int32_t ov_ubrk_done(void) { return UBRK_DONE; }
static inline UBreakIterator *ov_ubrk_open_line(const char *locale, UErrorCode *status) {
    return ubrk_open(UBRK_LINE, locale, NULL, 0, status);
}
static inline UBreakIterator *ov_ubrk_open_character(const char *locale, UErrorCode *status) {
    return ubrk_open(UBRK_CHARACTER, locale, NULL, 0, status);
}
static inline void ov_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline void ov_ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t length, UErrorCode *status) {
    ubrk_setText(bi, text, length, status);
}
static inline int32_t ov_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t ov_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t ov_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline int32_t ov_ubrk_line_hard_min(void) { return UBRK_LINE_HARD; }
static inline int32_t ov_ubrk_line_hard_max(void) { return UBRK_LINE_HARD_LIMIT; }

// Bidi (UAX #9).
static inline UBiDi *ov_ubidi_open(void) { return ubidi_open(); }
static inline void ov_ubidi_close(UBiDi *bidi) { ubidi_close(bidi); }
static inline void ov_ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, uint8_t paraLevel,
                                    UErrorCode *status) {
    ubidi_setPara(bidi, text, length, (UBiDiLevel)paraLevel, NULL, status);
}
static inline uint8_t ov_ubidi_default_ltr(void) { return UBIDI_DEFAULT_LTR; }
static inline uint8_t ov_ubidi_default_rtl(void) { return UBIDI_DEFAULT_RTL; }
static inline const uint8_t *ov_ubidi_getLevels(UBiDi *bidi, UErrorCode *status) {
    return (const uint8_t *)ubidi_getLevels(bidi, status);
}
static inline uint8_t ov_ubidi_getParaLevel(UBiDi *bidi) { return (uint8_t)ubidi_getParaLevel(bidi); }

static inline int32_t ov_ubidi_countParagraphs(UBiDi *bidi) { return ubidi_countParagraphs(bidi); }
static inline void ov_ubidi_getParagraphByIndex(UBiDi *bidi, int32_t index, int32_t *start, int32_t *limit,
                                                uint8_t *level, UErrorCode *status) {
    UBiDiLevel l = 0;
    ubidi_getParagraphByIndex(bidi, index, start, limit, &l, status);
    *level = (uint8_t)l;
}

// Character properties.
static inline int32_t ov_u_charDirection(UChar32 c) { return (int32_t)u_charDirection(c); }
static inline int32_t ov_u_lineBreakClass(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_LINE_BREAK); }
static inline int32_t ov_u_isDefaultIgnorable(UChar32 c) {
    return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}
static inline int32_t ov_u_isWhiteSpace(UChar32 c) { return u_isUWhiteSpace(c) ? 1 : 0; }
static inline int32_t ov_u_generalCategory(UChar32 c) { return (int32_t)u_charType(c); }
#endif
