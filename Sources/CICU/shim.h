#ifndef OVERSET_CICU_SHIM_H
#define OVERSET_CICU_SHIM_H
// The system ICU (pkg-config icu-uc). No Swift module imports this: Swift's Foundation carries a private ICU whose
// types clash with these headers. COversetICU includes them in C and exposes plain C types instead.
#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#endif
