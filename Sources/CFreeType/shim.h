#ifndef OVERSET_CFREETYPE_SHIM_H
#define OVERSET_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#endif
