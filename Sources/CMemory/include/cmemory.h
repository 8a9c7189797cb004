#ifndef TMINUS_CMEMORY_H
#define TMINUS_CMEMORY_H
#include <stddef.h>

/// Bytes the C allocator has handed out and not had back, in every arena and in mmapped
/// chunks (glibc's mallinfo2: uordblks + hblkhd). Swift's, chafa's, libpng's and libjpeg's
/// allocations all come from it. 0 where the C library has no mallinfo2.
size_t tm_heap_in_use(void);

/// Gives the pages malloc holds free back to the system, in every arena (glibc's
/// malloc_trim(0)); nothing where the C library has none.
void tm_release_free_memory(void);

#endif
