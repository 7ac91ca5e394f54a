#ifndef OVERSET_CFONTCONFIG_SHIM_H
#define OVERSET_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
