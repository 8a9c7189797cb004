// glibc declares wcwidth only with _XOPEN_SOURCE, which Swift's Glibc module does not set.
#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1
#include <locale.h>
#include <wchar.h>
#include "cwidth.h"

static locale_t utf8_locale(void) {
    static locale_t loc = (locale_t)0;
    static int tried = 0;
    if (!tried) {
        tried = 1;
        loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
        if (loc == (locale_t)0) loc = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
    }
    return loc;
}

int tm_wcwidth(uint32_t scalar) {
    locale_t loc = utf8_locale();
    if (loc == (locale_t)0) return wcwidth((wchar_t)scalar);
    locale_t old = uselocale(loc);
    int w = wcwidth((wchar_t)scalar);
    uselocale(old);
    return w;
}
