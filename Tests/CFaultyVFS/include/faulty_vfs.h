#ifndef FAULTY_VFS_H
#define FAULTY_VFS_H

// A SQLite VFS for tests that fails writes on purpose, as SQLite's own I/O-error tests do:
// it wraps the default VFS and, for files whose path starts with an armed prefix, lets
// `pass` writes through and fails the ones after (SQLITE_FULL, as a full disk does). Writes to
// other files pass untouched, so tests running side by side in one process each arm their
// own folder.

/// Registers the VFS as the process's default (once; later calls do nothing). 0 on success.
int tm_faulty_register(void);

/// Fails writes under `prefix` after `pass` more have gone through; `once` fails only the
/// next one after those, else every one until disarmed.
void tm_faulty_arm(const char *prefix, int pass, int once);

/// Counts one write to `path` (a file that is not SQLite's, such as the settings file) and
/// says whether it fails: 1 fail, 0 go ahead.
int tm_faulty_check(const char *path);

/// Writes under `prefix` pass again.
void tm_faulty_disarm(const char *prefix);

/// How many writes under `prefix` were failed since it was first armed.
int tm_faulty_failures(const char *prefix);

/// How many writes under `prefix` were seen (passed or failed) since it was first armed.
int tm_faulty_writes(const char *prefix);

#endif
