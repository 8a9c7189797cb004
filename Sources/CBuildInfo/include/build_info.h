#ifndef TMINUS_BUILD_INFO_H
#define TMINUS_BUILD_INFO_H

/* The commit a binary was built from: the Makefile's release build passes it to the C
   compiler (-Xcc -DTMINUS_COMMIT="1a2b3c4d5e6f"); a plain `swift build` leaves it empty.
   A macro, because Swift has no way to take a value from the command line. */
#ifndef TMINUS_COMMIT
#define TMINUS_COMMIT ""
#endif

static inline const char *tm_build_commit(void) { return TMINUS_COMMIT; }

#endif
