// FreeType's headers are reached through ft2build.h and its macros; this is all Swift sees.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_MODULE_H
