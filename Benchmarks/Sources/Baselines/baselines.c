#include "baselines.h"
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ot.h>
#include <stdlib.h>
#include <string.h>

struct PBContext {
    PangoFontMap *font_map;
    PangoContext *context;
    char *family;
};

struct PBLayout {
    PBContext *owner;
    PangoLayout *layout;
    PangoFontDescription *font;
};

PBContext *pb_context_create(const char *fonts_dir, const char *family) {
    FcConfig *config = FcConfigCreate();
    if (!config || !FcConfigAppFontAddDir(config, (const FcChar8 *)fonts_dir)) return NULL;
    FcConfigBuildFonts(config);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!map) return NULL;
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    FcConfigDestroy(config);
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72.0);
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    PBContext *result = calloc(1, sizeof(PBContext));
    result->font_map = map;
    result->context = context;
    result->family = strdup(family);
    return result;
}

void pb_context_destroy(PBContext *context) {
    if (!context) return;
    g_object_unref(context->context);
    g_object_unref(context->font_map);
    free(context->family);
    free(context);
}

static void apply(PangoLayout *layout, double width, int max_lines) {
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    if (max_lines > 0) {
        pango_layout_set_height(layout, -max_lines);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    } else {
        pango_layout_set_height(layout, -1);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
    }
}

PBLayout *pb_layout_create(PBContext *context, const char *text, int length, const char *language, double size) {
    PBLayout *result = calloc(1, sizeof(PBLayout));
    result->owner = context;
    result->layout = pango_layout_new(context->context);
    result->font = pango_font_description_new();
    pango_font_description_set_family(result->font, context->family);
    pango_font_description_set_absolute_size(result->font, size * PANGO_SCALE);
    pango_layout_set_font_description(result->layout, result->font);
    if (language) {
        PangoAttrList *attributes = pango_attr_list_new();
        pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(language)));
        pango_layout_set_attributes(result->layout, attributes);
        pango_attr_list_unref(attributes);
    }
    pango_layout_set_text(result->layout, text, length);
    return result;
}

int pb_layout_relayout(PBLayout *layout, double width, int max_lines, int *ellipsized) {
    apply(layout->layout, width, max_lines);
    int lines = pango_layout_get_line_count(layout->layout);
    if (ellipsized) *ellipsized = pango_layout_is_ellipsized(layout->layout);
    return lines;
}

int pb_layout_resize(PBLayout *layout, double size, double width, int max_lines, int *ellipsized) {
    pango_font_description_set_absolute_size(layout->font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout->layout, layout->font);
    return pb_layout_relayout(layout, width, max_lines, ellipsized);
}

int pb_layout_line_starts(PBLayout *layout, int *starts, int capacity) {
    int count = pango_layout_get_line_count(layout->layout);
    for (int i = 0; i < count && i < capacity; i++) {
        PangoLayoutLine *line = pango_layout_get_line_readonly(layout->layout, i);
        starts[i] = line->start_index;
    }
    return count;
}

int pb_layout_line_widths(PBLayout *layout, double *widths, int capacity) {
    int count = pango_layout_get_line_count(layout->layout);
    for (int i = 0; i < count && i < capacity; i++) {
        PangoRectangle logical;
        pango_layout_line_get_extents(pango_layout_get_line_readonly(layout->layout, i), NULL, &logical);
        widths[i] = (double)logical.width / PANGO_SCALE;
    }
    return count;
}

void pb_layout_destroy(PBLayout *layout) {
    if (!layout) return;
    g_object_unref(layout->layout);
    pango_font_description_free(layout->font);
    free(layout);
}

int pb_layout_once(PBContext *context, const char *text, int length, const char *language, double size, double width,
                   int max_lines, int *ellipsized) {
    PBLayout *layout = pb_layout_create(context, text, length, language, size);
    int lines = pb_layout_relayout(layout, width, max_lines, ellipsized);
    pb_layout_destroy(layout);
    return lines;
}

struct HBShaper {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
    hb_buffer_t *buffer;
};

HBShaper *hb_shaper_create(const char *font_path) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(font_path);
    if (!blob) return NULL;
    HBShaper *shaper = calloc(1, sizeof(HBShaper));
    shaper->blob = blob;
    shaper->face = hb_face_create(blob, 0);
    shaper->font = hb_font_create(shaper->face);
    shaper->buffer = hb_buffer_create();
    return shaper;
}

void hb_shaper_destroy(HBShaper *shaper) {
    if (!shaper) return;
    hb_buffer_destroy(shaper->buffer);
    hb_font_destroy(shaper->font);
    hb_face_destroy(shaper->face);
    hb_blob_destroy(shaper->blob);
    free(shaper);
}

int32_t hb_shaper_shape(HBShaper *shaper, const char *text, int length, const char *language) {
    hb_buffer_clear_contents(shaper->buffer);
    hb_buffer_add_utf8(shaper->buffer, text, length, 0, length);
    hb_buffer_guess_segment_properties(shaper->buffer);
    if (language) hb_buffer_set_language(shaper->buffer, hb_language_from_string(language, -1));
    hb_shape(shaper->font, shaper->buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(shaper->buffer, &count);
    int32_t total = 0;
    for (unsigned int i = 0; i < count; i++) total += positions[i].x_advance;
    return total;
}
