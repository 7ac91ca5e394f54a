#ifndef OVERSET_BASELINES_H
#define OVERSET_BASELINES_H
// The baselines Overset is measured against, in C so that they carry no Swift overhead:
// Pango (PangoCairo over fontconfig with only the bundled fonts, unhinted metrics, unrounded glyph positions, 72 dpi
// so that a point is a pixel) doing what a label does, and raw HarfBuzz shaping, the floor of a cold measurement.
#include <stdint.h>

typedef struct PBContext PBContext;
typedef struct PBLayout PBLayout;

/// A Pango context whose font map sees only the fonts in `fonts_dir`; NULL on failure.
PBContext *pb_context_create(const char *fonts_dir, const char *family);
void pb_context_destroy(PBContext *context);

/// Lays out `text` (UTF-8) at `size` points in `width` points with word-char wrapping, at most `max_lines` lines
/// (0 = unlimited) with an ellipsis at the end; returns the line count and sets *ellipsized.
int pb_layout_once(PBContext *context, const char *text, int length, const char *language, double size, double width,
                   int max_lines, int *ellipsized);

/// A layout kept for re-layout at other widths (Pango re-itemizes and reshapes each time).
PBLayout *pb_layout_create(PBContext *context, const char *text, int length, const char *language, double size);
int pb_layout_relayout(PBLayout *layout, double width, int max_lines, int *ellipsized);
/// Changes the font size (a content size category) and lays out again.
int pb_layout_resize(PBLayout *layout, double size, double width, int max_lines, int *ellipsized);
/// Byte offsets where each line starts (for the accuracy comparison); returns the number of lines.
int pb_layout_line_starts(PBLayout *layout, int *starts, int capacity);
/// Logical widths of the lines in points; returns the number of lines.
int pb_layout_line_widths(PBLayout *layout, double *widths, int capacity);
void pb_layout_destroy(PBLayout *layout);

/// Raw HarfBuzz: one font, one reused buffer, built-in OpenType functions.
typedef struct HBShaper HBShaper;
HBShaper *hb_shaper_create(const char *font_path);
void hb_shaper_destroy(HBShaper *shaper);
/// Shapes UTF-8 text (direction and script guessed from the text, language given); returns the total advance.
int32_t hb_shaper_shape(HBShaper *shaper, const char *text, int length, const char *language);
#endif
