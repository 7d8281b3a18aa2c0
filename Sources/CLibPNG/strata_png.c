#include "strata_png.h"
#include <png.h>
int strata_png_version(void) { return (int)png_access_version_number(); }
