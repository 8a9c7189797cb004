// Signal handling for the full-screen UI, in C because handlers must be async-signal-safe and
// Swift code cannot promise that (it may allocate, take locks, or retain). The handlers never
// call curses: a forwarded signal becomes one byte on a pipe that the UI loop polls, and a
// crash puts the terminal back with write(2) and tcsetattr(3) alone.
#ifndef TMINUS_TERMINAL_SIGNALS_H
#define TMINUS_TERMINAL_SIGNALS_H

#include <stddef.h>

/// Installs the handler for `sig`: fatal (restore the terminal, give stderr back, then die of
/// the signal through the handler that was there before) or forwarded (a byte on the pipe set
/// with `tm_sig_set_write_fd`). The first install of a signal remembers the previous handler.
/// Returns 0, or -1 with errno set.
int tm_sig_install(int sig, int fatal);

/// Puts back the handler that was there before the first `tm_sig_install(sig, ...)`.
void tm_sig_restore(int sig);

/// Where forwarded signals are written (-1: dropped).
void tm_sig_set_write_fd(int fd);

/// Stops the process for job control with SIGTSTP's default action, then puts our handler
/// back; returns after SIGCONT.
void tm_sig_stop_self(void);

/// The real stderr and the file standing in for it while the UI is up (-1, -1: not hidden),
/// so the crash and exit paths can give it back.
void tm_sig_set_stderr(int saved, int capture);

/// Remembers the modes of the terminal on `fd` (call before curses changes them) as the ones
/// the crash path puts back. Returns 0, or -1 with errno set (not a terminal). Like
/// `tm_sig_set_leave_sequence`, disarms: a handler never acts on half an update.
int tm_sig_save_terminal_modes(int fd);

/// The bytes the crash path writes to the terminal to leave full-screen mode (mouse reports
/// off, attributes off, cursor on, keypad off, main screen back). Returns 0, or -1 when longer
/// than the room kept for them (nothing changes then). Disarms.
int tm_sig_set_leave_sequence(const unsigned char *bytes, size_t count);

/// Whether the terminal is in full-screen mode now, i.e. whether the crash path (and exit())
/// should put it back. Off while the terminal is handed back (a job-control stop, the end).
void tm_sig_arm_terminal_restore(int armed);

/// What the crash path does to the terminal, if armed: the leave sequence, then the saved
/// modes. Disarms. Async-signal-safe.
void tm_sig_restore_terminal(void);

/// Makes exit() do what a crash does (restore the terminal if armed, give stderr back), for
/// exit paths that skip the UI loop's own clean-up. Returns atexit's answer.
int tm_sig_register_atexit(void);

/// The real-time signals left to programs (SIGRTMIN and SIGRTMAX are function calls in glibc).
int tm_sig_rtmin(void);
int tm_sig_rtmax(void);

#endif
