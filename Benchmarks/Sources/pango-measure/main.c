// pango-measure: `overset measure`'s job done with Pango, for the whole-process comparison (../../whole-process.py).
//
// Reads JSON Lines requests on standard input ({"id", "text", "width", "size", "maxLines", "lang"}, the subset of
// `overset measure`'s schema the comparison sends) with json-glib, lays each text out with Pango as
// Sources/Baselines does (only the bundled fonts, family "Noto Sans", unhinted, 72 dpi, PANGO_WRAP_WORD_CHAR, an
// ellipsis at the end past maxLines), and writes one JSON object a line: the id, the lines needed without a limit,
// the lines shown (byte range, text, logical width), whether it is truncated, and the widest line.
//
// Usage: pango-measure FONTS_DIR < requests.jsonl > results.jsonl
#include "baselines.h"
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_string(FILE *out, const char *text, int length) {
    fputc('"', out);
    for (int i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        switch (c) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (c < 0x20) fprintf(out, "\\u%04x", c);
            else fputc(c, out);
        }
    }
    fputc('"', out);
}

static void write_error(FILE *out, long line, const char *message) {
    fprintf(out, "{\"error\":");
    write_string(out, message, (int)strlen(message));
    fprintf(out, ",\"line\":%ld}\n", line);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: pango-measure FONTS_DIR < requests.jsonl\n");
        return 2;
    }
    PBContext *context = pb_context_create(argv[1], "Noto Sans");
    if (!context) {
        fprintf(stderr, "pango-measure: cannot load the fonts in %s\n", argv[1]);
        return 1;
    }
    static char output_buffer[1 << 16];
    setvbuf(stdout, output_buffer, _IOFBF, sizeof output_buffer);
    JsonParser *parser = json_parser_new();
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long number = 0;
    int capacity_lines = 64;
    int *starts = malloc(sizeof(int) * capacity_lines);
    double *widths = malloc(sizeof(double) * capacity_lines);
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        number++;
        GError *error = NULL;
        if (!json_parser_load_from_data(parser, line, length, &error)) {
            write_error(stdout, number, error->message);
            g_error_free(error);
            continue;
        }
        JsonNode *root = json_parser_get_root(parser);
        if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
            write_error(stdout, number, "a request is a JSON object");
            continue;
        }
        JsonObject *request = json_node_get_object(root);
        const char *text = json_object_get_string_member_with_default(request, "text", NULL);
        if (!text || !json_object_has_member(request, "width")) {
            write_error(stdout, number, "\"text\" and \"width\" are required");
            continue;
        }
        double width = json_object_get_double_member(request, "width");
        double size = json_object_get_double_member_with_default(request, "size", 17);
        int max_lines = (int)json_object_get_int_member_with_default(request, "maxLines", 0);
        const char *language = json_object_get_string_member_with_default(request, "lang", NULL);
        int bytes = (int)strlen(text);

        PBLayout *layout = pb_layout_create(context, text, bytes, language, size);
        int ellipsized = 0;
        int needed = pb_layout_relayout(layout, width, 0, &ellipsized);
        int shown = needed;
        if (max_lines > 0 && needed > max_lines) shown = pb_layout_relayout(layout, width, max_lines, &ellipsized);
        if (shown > capacity_lines) {
            capacity_lines = shown;
            starts = realloc(starts, sizeof(int) * capacity_lines);
            widths = realloc(widths, sizeof(double) * capacity_lines);
        }
        pb_layout_line_starts(layout, starts, capacity_lines);
        pb_layout_line_widths(layout, widths, capacity_lines);

        fputs("{\"id\":", stdout);
        JsonNode *id = json_object_get_member(request, "id");
        if (id) {
            char *echo = json_to_string(id, FALSE);
            fputs(echo, stdout);
            g_free(echo);
        } else {
            fputs("null", stdout);
        }
        fprintf(stdout, ",\"line\":%ld,\"lineCount\":%d,\"lines\":[", number, shown);
        double widest = 0;
        for (int i = 0; i < shown; i++) {
            int start = starts[i], end = i + 1 < shown ? starts[i + 1] : bytes;
            if (widths[i] > widest) widest = widths[i];
            fprintf(stdout, "%s{\"range\":[%d,%d],\"text\":", i > 0 ? "," : "", start, end);
            write_string(stdout, text + start, end - start);
            fprintf(stdout, ",\"width\":%.3f}", widths[i]);
        }
        fprintf(stdout, "],\"linesNeeded\":%d,\"truncated\":%s,\"width\":%.3f}\n", needed,
                max_lines > 0 && needed > max_lines ? "true" : "false", widest);
        pb_layout_destroy(layout);
    }
    free(line);
    free(starts);
    free(widths);
    g_object_unref(parser);
    pb_context_destroy(context);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("pango-measure: standard output");
        return 1;
    }
    return 0;
}
