#include "cmemory.h"
#include <stdlib.h>  /* defines __GLIBC__ on glibc (stddef.h is the compiler's) */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void tm_release_free_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

size_t tm_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
