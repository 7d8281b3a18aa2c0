// HarfBuzz's public API (faces from font files, buffers, shaping, Unicode scripts).
#include <hb.h>
#include <hb-ot.h>
