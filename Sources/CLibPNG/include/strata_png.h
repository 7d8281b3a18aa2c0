#ifndef STRATA_PNG_H
#define STRATA_PNG_H
/* libpng shim: filled in by the PNG codec work. */
int strata_png_version(void);
#endif
