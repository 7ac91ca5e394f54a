#ifndef OVERSET_ICU_H
#define OVERSET_ICU_H
// The ICU calls Overset makes, behind a header that names no ICU type.
//
// Swift's Foundation on Linux carries its own private copy of ICU; a Swift module that sees both it and the system
// ICU headers fails to compile ("'UErrorCode' has different definitions in different modules"). Any module that
// imports Foundation and, even transitively, a module that includes <unicode/*.h> hits this. So the ICU headers are
// included only in overset_icu.c, and this header speaks in plain C types: opaque pointers, UTF-16 as uint16_t,
// ICU error codes as int32_t.
#include <stdint.h>

typedef struct OvBreakIterator OvBreakIterator;
typedef struct OvBidi OvBidi;

/// Nonzero when an ICU status code is a failure (U_FAILURE); warnings are not failures.
int32_t ov_icu_failure(int32_t status);

/// A line break iterator (UAX #14 with ICU's tailorings) for an ICU locale ID such as "th" or "zh_CN"; NULL on
/// failure, with the ICU status in *status.
OvBreakIterator *ov_brk_open_line(const char *locale, int32_t *status);
/// A grapheme cluster iterator (UAX #29).
OvBreakIterator *ov_brk_open_character(int32_t *status);
void ov_brk_close(OvBreakIterator *iterator);
/// Points the iterator at text (which must outlive its use); NULL and 0 to detach.
void ov_brk_set_text(OvBreakIterator *iterator, const uint16_t *text, int32_t length, int32_t *status);
int32_t ov_brk_first(OvBreakIterator *iterator);
/// The next boundary, or -1 when done.
int32_t ov_brk_next(OvBreakIterator *iterator);
/// Nonzero when the boundary the iterator is at is a mandatory (hard) line break.
int32_t ov_brk_is_hard_break(OvBreakIterator *iterator);

OvBidi *ov_bidi_open(void);
void ov_bidi_close(OvBidi *bidi);
/// Runs UAX #9 on text. base: 0 LTR, 1 RTL, 2 from the first strong character (default LTR).
void ov_bidi_set_para(OvBidi *bidi, const uint16_t *text, int32_t length, int32_t base, int32_t *status);
/// Copies the resolved level of each code unit into levels (length entries).
void ov_bidi_get_levels(OvBidi *bidi, uint8_t *levels, int32_t length, int32_t *status);
int32_t ov_bidi_count_paragraphs(OvBidi *bidi);
void ov_bidi_get_paragraph(OvBidi *bidi, int32_t index, int32_t *start, int32_t *limit, uint8_t *level,
                           int32_t *status);

/// Nonzero when code names a Unicode script (an ISO 15924 code such as "Thai", or a long name).
int32_t ov_script_is_known(const char *code);
/// Everything the preparation needs to know about a character, in one call: a mask of OV_* bits.
enum {
    OV_HANGS = 1,                  // UAX #14 SP, BK, CR, LF, NL: hangs at a line end
    OV_MANDATORY_BREAK = 2,        // UAX #14 BK, CR, LF, NL
    OV_NO_BREAK_BEFORE = 4,        // UAX #14 CL, CP, EX, IS, NS, CJ
    OV_NEEDS_BIDI = 32,            // R, AL, AN or an explicit embedding, override or isolate: run the bidi algorithm
    OV_PARAGRAPH_SEPARATOR = 64,   // Bidi_Class B
    OV_DEFAULT_IGNORABLE = 128,    // Default_Ignorable_Code_Point
    OV_SIMPLE_GRAPHEME = 256,      // UAX #29 GCB Other, CR, LF or Control, not Extended_Pictographic: a cluster alone
    // Bits 9-11: the character's UAX #14 class when it is one of the seven the pair table decides alone
    // (OV_LINE_AL ... OV_LINE_HY), else 0.
    OV_LINE_CLASS_SHIFT = 9,
    OV_LINE_AL = 1, OV_LINE_NU = 2, OV_LINE_SP = 3, OV_LINE_IS = 4, OV_LINE_EX = 5, OV_LINE_QU = 6, OV_LINE_HY = 7,
};
/// Found in ICU once per character of the Basic Multilingual Plane and kept for the process (the others each time).
int32_t ov_char_flags(uint32_t scalar);
/// ov_char_flags from ICU every time (what the kept table holds).
int32_t ov_char_flags_uncached(uint32_t scalar);
/// Nonzero when ICU knows the language of a BCP 47 tag (it has an ISO 639 code for it).
int32_t ov_language_is_known(const char *language);
#endif
