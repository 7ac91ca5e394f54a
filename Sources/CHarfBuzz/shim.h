#ifndef OVERSET_CHARFBUZZ_SHIM_H
#define OVERSET_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
