#include "faulty_vfs.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

// Only xWrite and xTruncate fail: a full disk refuses to grow a file, it does not make a
// sync fail after the bytes are down (that would leave a commit "in doubt", which a real
// ENOSPC does not).

#define SLOTS 64
#define PREFIX_MAX 512

typedef struct {
    char prefix[PREFIX_MAX];
    int used;
    int armed;
    int pass;       // writes still let through before failing
    int once;
    int failures;
    int writes;
} Slot;

static Slot slots[SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs faulty;
static sqlite3_vfs *real;

typedef struct {
    sqlite3_file base;
    sqlite3_file *inner;  // the real file, allocated right after this struct
    char path[PREFIX_MAX];
} FaultyFile;

static Slot *find(const char *path) {
    size_t best = 0;
    Slot *found = NULL;
    for (int i = 0; i < SLOTS; i++) {
        if (!slots[i].used) continue;
        size_t n = strlen(slots[i].prefix);
        if (strncmp(path, slots[i].prefix, n) == 0 && n >= best) { best = n; found = &slots[i]; }
    }
    return found;
}

/// Whether this write to `path` fails.
static int should_fail(const char *path) {
    int fail = 0;
    pthread_mutex_lock(&lock);
    Slot *slot = find(path);
    if (slot) {
        slot->writes++;
        if (slot->armed) {
            if (slot->pass > 0) {
                slot->pass--;
            } else {
                fail = 1;
                slot->failures++;
                if (slot->once) slot->armed = 0;
            }
        }
    }
    pthread_mutex_unlock(&lock);
    return fail;
}

static int xClose(sqlite3_file *f) {
    FaultyFile *p = (FaultyFile *)f;
    int rc = p->inner->pMethods ? p->inner->pMethods->xClose(p->inner) : SQLITE_OK;
    return rc;
}
static int xRead(sqlite3_file *f, void *b, int n, sqlite3_int64 o) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xRead(p->inner, b, n, o); }
static int xWrite(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
    FaultyFile *p = (FaultyFile *)f;
    if (should_fail(p->path)) return SQLITE_FULL;
    return p->inner->pMethods->xWrite(p->inner, b, n, o);
}
static int xTruncate(sqlite3_file *f, sqlite3_int64 s) {
    FaultyFile *p = (FaultyFile *)f;
    if (should_fail(p->path)) return SQLITE_FULL;
    return p->inner->pMethods->xTruncate(p->inner, s);
}
static int xSync(sqlite3_file *f, int flags) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xSync(p->inner, flags); }
static int xFileSize(sqlite3_file *f, sqlite3_int64 *s) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xFileSize(p->inner, s); }
static int xLock(sqlite3_file *f, int l) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xLock(p->inner, l); }
static int xUnlock(sqlite3_file *f, int l) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xUnlock(p->inner, l); }
static int xCheckReservedLock(sqlite3_file *f, int *r) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xCheckReservedLock(p->inner, r); }
static int xFileControl(sqlite3_file *f, int op, void *a) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xFileControl(p->inner, op, a); }
static int xSectorSize(sqlite3_file *f) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xSectorSize(p->inner); }
static int xDeviceCharacteristics(sqlite3_file *f) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xDeviceCharacteristics(p->inner); }
static int xShmMap(sqlite3_file *f, int i, int s, int e, void volatile **pp) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xShmMap(p->inner, i, s, e, pp); }
static int xShmLock(sqlite3_file *f, int o, int n, int fl) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xShmLock(p->inner, o, n, fl); }
static void xShmBarrier(sqlite3_file *f) { FaultyFile *p = (FaultyFile *)f; p->inner->pMethods->xShmBarrier(p->inner); }
static int xShmUnmap(sqlite3_file *f, int d) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xShmUnmap(p->inner, d); }
static int xFetch(sqlite3_file *f, sqlite3_int64 o, int a, void **pp) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xFetch(p->inner, o, a, pp); }
static int xUnfetch(sqlite3_file *f, sqlite3_int64 o, void *pp) { FaultyFile *p = (FaultyFile *)f; return p->inner->pMethods->xUnfetch(p->inner, o, pp); }

static const sqlite3_io_methods methods = {
    3, xClose, xRead, xWrite, xTruncate, xSync, xFileSize, xLock, xUnlock, xCheckReservedLock,
    xFileControl, xSectorSize, xDeviceCharacteristics, xShmMap, xShmLock, xShmBarrier, xShmUnmap,
    xFetch, xUnfetch,
};

static int vOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out) {
    (void)vfs;
    FaultyFile *p = (FaultyFile *)f;
    memset(p, 0, sizeof *p);
    p->inner = (sqlite3_file *)(p + 1);
    if (name) strncpy(p->path, name, PREFIX_MAX - 1);
    int rc = real->xOpen(real, name, p->inner, flags, out);
    // Our methods only when the real file is open (SQLite calls xClose on a failed open
    // only when pMethods is set).
    p->base.pMethods = p->inner->pMethods ? &methods : NULL;
    return rc;
}
static int vDelete(sqlite3_vfs *v, const char *n, int s) { (void)v; return real->xDelete(real, n, s); }
static int vAccess(sqlite3_vfs *v, const char *n, int f, int *o) { (void)v; return real->xAccess(real, n, f, o); }
static int vFullPathname(sqlite3_vfs *v, const char *n, int s, char *o) { (void)v; return real->xFullPathname(real, n, s, o); }
static void *vDlOpen(sqlite3_vfs *v, const char *n) { (void)v; return real->xDlOpen(real, n); }
static void vDlError(sqlite3_vfs *v, int n, char *m) { (void)v; real->xDlError(real, n, m); }
static void (*vDlSym(sqlite3_vfs *v, void *h, const char *s))(void) { (void)v; return real->xDlSym(real, h, s); }
static void vDlClose(sqlite3_vfs *v, void *h) { (void)v; real->xDlClose(real, h); }
static int vRandomness(sqlite3_vfs *v, int n, char *o) { (void)v; return real->xRandomness(real, n, o); }
static int vSleep(sqlite3_vfs *v, int m) { (void)v; return real->xSleep(real, m); }
static int vCurrentTime(sqlite3_vfs *v, double *t) { (void)v; return real->xCurrentTime(real, t); }
static int vGetLastError(sqlite3_vfs *v, int n, char *o) { (void)v; return real->xGetLastError ? real->xGetLastError(real, n, o) : 0; }
static int vCurrentTimeInt64(sqlite3_vfs *v, sqlite3_int64 *t) { (void)v; return real->xCurrentTimeInt64(real, t); }

int tm_faulty_register(void) {
    pthread_mutex_lock(&lock);
    int rc = SQLITE_OK;
    if (!real) {
        real = sqlite3_vfs_find(NULL);
        if (!real) { pthread_mutex_unlock(&lock); return SQLITE_ERROR; }
        memset(&faulty, 0, sizeof faulty);
        faulty.iVersion = 2;
        faulty.szOsFile = (int)sizeof(FaultyFile) + real->szOsFile;
        faulty.mxPathname = real->mxPathname;
        faulty.zName = "tminus-faulty";
        faulty.xOpen = vOpen; faulty.xDelete = vDelete; faulty.xAccess = vAccess;
        faulty.xFullPathname = vFullPathname; faulty.xDlOpen = vDlOpen; faulty.xDlError = vDlError;
        faulty.xDlSym = vDlSym; faulty.xDlClose = vDlClose; faulty.xRandomness = vRandomness;
        faulty.xSleep = vSleep; faulty.xCurrentTime = vCurrentTime; faulty.xGetLastError = vGetLastError;
        faulty.xCurrentTimeInt64 = vCurrentTimeInt64;
        rc = sqlite3_vfs_register(&faulty, 1);
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

static Slot *exact(const char *prefix) {
    for (int i = 0; i < SLOTS; i++) if (slots[i].used && strcmp(slots[i].prefix, prefix) == 0) return &slots[i];
    for (int i = 0; i < SLOTS; i++) {
        if (!slots[i].used) {
            memset(&slots[i], 0, sizeof slots[i]);
            slots[i].used = 1;
            strncpy(slots[i].prefix, prefix, PREFIX_MAX - 1);
            return &slots[i];
        }
    }
    return NULL;
}

void tm_faulty_arm(const char *prefix, int pass, int once) {
    pthread_mutex_lock(&lock);
    Slot *slot = exact(prefix);
    if (slot) { slot->armed = 1; slot->pass = pass; slot->once = once; }
    pthread_mutex_unlock(&lock);
}

void tm_faulty_disarm(const char *prefix) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOTS; i++) if (slots[i].used && strcmp(slots[i].prefix, prefix) == 0) slots[i].armed = 0;
    pthread_mutex_unlock(&lock);
}

static int count(const char *prefix, int failures) {
    int n = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < SLOTS; i++) if (slots[i].used && strcmp(slots[i].prefix, prefix) == 0) n = failures ? slots[i].failures : slots[i].writes;
    pthread_mutex_unlock(&lock);
    return n;
}

int tm_faulty_failures(const char *prefix) { return count(prefix, 1); }
int tm_faulty_writes(const char *prefix) { return count(prefix, 0); }

int tm_faulty_check(const char *path) { return should_fail(path); }
