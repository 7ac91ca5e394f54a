#ifndef OVERSET_CCAIRO_SHIM_H
#define OVERSET_CCAIRO_SHIM_H
#include <cairo.h>
#endif
