#ifndef OVERSET_CTREESITTER_SHIM_H
#define OVERSET_CTREESITTER_SHIM_H
#include <tree_sitter/api.h>
#endif
