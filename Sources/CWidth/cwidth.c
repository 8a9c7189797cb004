// glibc declares wcwidth only with _XOPEN_SOURCE, which Swift's Glibc module does not set.
#define _XOPEN_SOURCE 700
#define _GNU_SOURCE 1
#include <locale.h>
#include <pthread.h>
#include <wchar.h>
#include "cwidth.h"

static locale_t utf8 = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

// Once per process, whichever thread measures first (tests measure from many at once).
static void make_utf8_locale(void) {
    utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
}

int tm_wcwidth(uint32_t scalar) {
    pthread_once(&utf8_once, make_utf8_locale);
    if (utf8 == (locale_t)0) return wcwidth((wchar_t)scalar);
    // uselocale is per thread, so this never disturbs another thread's measuring.
    locale_t old = uselocale(utf8);
    int w = wcwidth((wchar_t)scalar);
    uselocale(old);
    return w;
}
