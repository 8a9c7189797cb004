#ifndef TMINUS_CWIDTH_H
#define TMINUS_CWIDTH_H
#include <stdint.h>

/// Columns the C library's wcwidth gives a Unicode scalar under a UTF-8 locale, whatever the
/// process locale is (so tests and the app measure alike); -1 for non-printing scalars.
int tm_wcwidth(uint32_t scalar);

#endif
