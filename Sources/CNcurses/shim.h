// What Swift cannot import from <ncurses.h> directly: macros (stdscr, COLOR_PAIR, A_*, KEY_*
// are macros or extern globals behind macros) and the wide-character API, which is only
// declared when NCURSES_WIDECHAR / _XOPEN_SOURCE_EXTENDED are set before the include.
#ifndef TMINUS_CNCURSES_SHIM_H
#define TMINUS_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

static inline WINDOW *tm_stdscr(void) { return stdscr; }
static inline int tm_lines(void) { return LINES; }
static inline int tm_cols(void) { return COLS; }
static inline int tm_colors(void) { return COLORS; }
static inline int tm_color_pairs(void) { return COLOR_PAIRS; }
static inline int tm_err(void) { return ERR; }

static inline attr_t tm_a_normal(void) { return A_NORMAL; }
static inline attr_t tm_a_bold(void) { return A_BOLD; }
static inline attr_t tm_a_dim(void) { return A_DIM; }
static inline attr_t tm_a_reverse(void) { return A_REVERSE; }
static inline attr_t tm_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tm_a_italic(void) { return A_ITALIC; }

static inline int tm_key_resize(void) { return KEY_RESIZE; }
static inline int tm_key_up(void) { return KEY_UP; }
static inline int tm_key_down(void) { return KEY_DOWN; }
static inline int tm_key_left(void) { return KEY_LEFT; }
static inline int tm_key_right(void) { return KEY_RIGHT; }
static inline int tm_key_npage(void) { return KEY_NPAGE; }
static inline int tm_key_ppage(void) { return KEY_PPAGE; }
static inline int tm_key_home(void) { return KEY_HOME; }
static inline int tm_key_end(void) { return KEY_END; }
static inline int tm_key_enter(void) { return KEY_ENTER; }
static inline int tm_key_backspace(void) { return KEY_BACKSPACE; }
static inline int tm_key_btab(void) { return KEY_BTAB; }
static inline int tm_key_code_yes(void) { return KEY_CODE_YES; }

/// Draws `len` wide characters at the cursor with one attribute/colour pair (extended pairs
/// above 255 go through the opts pointer, which Swift cannot build from a macro).
static inline int tm_waddnwstr_attr(WINDOW *win, const wchar_t *text, int len, attr_t attrs, int pair) {
    wattr_set(win, attrs, (short)(pair < 256 ? pair : 0), pair >= 256 ? (void *)&pair : NULL);
    return waddnwstr(win, text, len);
}

/// Reads one key as a wide character: returns OK (a character), KEY_CODE_YES (a function key)
/// or ERR (nothing within the window's timeout).
static inline int tm_wget_wch(WINDOW *win, wint_t *out) { return wget_wch(win, out); }

static inline WINDOW *tm_curscr(void) { return curscr; }
// Swift 6 rejects the C stdio globals as shared mutable state; newterm needs them.
static inline FILE *tm_stdout(void) { return stdout; }
static inline FILE *tm_stdin(void) { return stdin; }
static inline int tm_key_find(void) { return KEY_FIND; }
static inline int tm_key_select(void) { return KEY_SELECT; }
static inline int tm_key_a1(void) { return KEY_A1; }
static inline int tm_key_a3(void) { return KEY_A3; }
static inline int tm_key_c1(void) { return KEY_C1; }
static inline int tm_key_c3(void) { return KEY_C3; }

// MARK: - Mouse

static inline int tm_key_mouse(void) { return KEY_MOUSE; }
static inline int tm_key_max(void) { return KEY_MAX; }
static inline unsigned long tm_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline unsigned long tm_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline unsigned long tm_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Reports button 1 and the wheel (buttons 4 and 5), or nothing (0): ncurses then sends the
/// terminal's "stop reporting" sequence (xterm: \e[?1000l), so its own selection works again.
/// No click interval: presses come at once, and the view model tells double-clicks itself.
static inline int tm_set_mouse(int on) {
    mmask_t mask = on ? (BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED) : 0;
    mmask_t old = 0;
    mouseinterval(0);
    mmask_t set = mousemask(mask, &old);
    return on ? (set != 0) : 1;
}

/// The pending mouse event after KEY_MOUSE: returns OK or ERR.
static inline int tm_getmouse(int *x, int *y, unsigned long *bstate) {
    MEVENT event;
    if (getmouse(&event) != OK) return ERR;
    *x = event.x; *y = event.y; *bstate = (unsigned long)event.bstate;
    return OK;
}

/// Columns ncurses will advance for `c`: the C library's wcwidth under the process locale,
/// which is what ncurses itself uses (glibc hides the prototype without _XOPEN_SOURCE).
extern int wcwidth(wchar_t c);
static inline int tm_nc_wcwidth(int c) { return wcwidth((wchar_t)c); }

/// A pipe that is non-blocking and close-on-exec from the start, so a child spawned by
/// another thread at the same moment cannot inherit it (Linux: pipe2 is GNU-only in glibc's
/// headers, hence the prototype).
#ifdef __linux__
extern int pipe2(int fds[2], int flags);
static inline int tm_pipe_nonblock_cloexec(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }
#else
static inline int tm_pipe_nonblock_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}
#endif

/// The terminal's size from the kernel (what ncurses asks at start-up), for the resize path
/// where we handle SIGWINCH ourselves. Returns -1 when the fd is not a terminal.
static inline int tm_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// MARK: - Signals
//
// Handlers must be async-signal-safe, so the forwarding handler only writes the signal number
// to a pipe that the UI loop polls; the loop does the real work on its own thread.
//
// The state lives in a function-local static: Swift's importer emits a header's functions
// (with their statics) into each object file that calls them, and does not emit header-level
// tentative definitions at all. So every Swift file using these gets its own copy of the
// state: call them from ONE file (TminusTerminal/Signals.swift), so that the installer, the
// handlers, the atexit hook and the uninstaller share one copy.
typedef struct {
    volatile sig_atomic_t write_fd;
    volatile sig_atomic_t saved_stderr;
    volatile sig_atomic_t stderr_capture;
    struct sigaction previous[65];
    unsigned char installed[65];
} tm_sig_state_t;

static inline tm_sig_state_t *tm_sig_state(void) {
    static tm_sig_state_t state = { .write_fd = -1, .saved_stderr = -1, .stderr_capture = -1 };
    return &state;
}

static inline void tm_sig_forward(int sig) {
    int saved_errno = errno;
    int fd = tm_sig_state()->write_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(fd, &byte, 1);  /* a full pipe already means "wake up" */
        (void)ignored;
    }
    errno = saved_errno;
}

/// Gives the real stderr back and copies out what was written while it was hidden (the
/// runtime's "Fatal error: ..." line is usually there). Only async-signal-safe calls.
static inline void tm_sig_release_stderr(void) {
    tm_sig_state_t *state = tm_sig_state();
    int saved = state->saved_stderr, capture = state->stderr_capture;
    state->saved_stderr = -1;
    state->stderr_capture = -1;
    if (saved < 0) return;
    dup2(saved, 2);
    if (capture < 0 || lseek(capture, 0, SEEK_SET) != 0) return;
    char buffer[4096];
    ssize_t n;
    while ((n = read(capture, buffer, sizeof buffer)) > 0) {
        ssize_t ignored = write(2, buffer, (size_t)n);
        (void)ignored;
    }
}

/// Crash path (after htop's CRT_handleSIGSEGV): put the terminal back, give stderr back, then
/// let the previous handler (Swift's backtracer, or the default action) finish the job, so the
/// process still dies of the signal. endwin is not async-signal-safe; a crash is the one place
/// where a cooked terminal is worth that risk.
static inline void tm_sig_fatal(int sig) {
    if (!isendwin()) endwin();
    tm_sig_release_stderr();
    tm_sig_state_t *state = tm_sig_state();
    if (sig > 0 && sig < 65 && state->installed[sig]) {
        sigaction(sig, &state->previous[sig], NULL);
    } else {
        signal(sig, SIG_DFL);
    }
    raise(sig);
    /* The previous handler returned (or ignored it): die with the default action anyway. */
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

static inline int tm_sig_install(int sig, int fatal) {
    if (sig <= 0 || sig >= 65) return -1;
    struct sigaction act;
    memset(&act, 0, sizeof act);
    sigemptyset(&act.sa_mask);
    if (fatal) {
        act.sa_handler = tm_sig_fatal;
        /* RESETHAND: a second fault inside the handler kills us instead of looping;
           ONSTACK: a stack overflow still has Swift's alternate stack to run on. */
        act.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    } else {
        act.sa_handler = tm_sig_forward;
        act.sa_flags = SA_RESTART;
    }
    struct sigaction previous;
    if (sigaction(sig, &act, &previous) != 0) return -1;
    tm_sig_state_t *state = tm_sig_state();
    if (!state->installed[sig]) {
        state->previous[sig] = previous;
        state->installed[sig] = 1;
    }
    return 0;
}

static inline void tm_sig_restore(int sig) {
    tm_sig_state_t *state = tm_sig_state();
    if (sig <= 0 || sig >= 65 || !state->installed[sig]) return;
    sigaction(sig, &state->previous[sig], NULL);
    state->installed[sig] = 0;
}

/// Stops the process for job control with SIGTSTP's default action, then puts our handler
/// back; returns after SIGCONT. Unlike SIGSTOP, the shell reports it like any Ctrl-Z, and in
/// an orphaned process group (no shell left to `fg` us) the kernel drops it instead of
/// stopping us for good. This is what ncurses' own SIGTSTP handler does.
static inline void tm_sig_stop_self(void) {
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    sigemptyset(&dfl.sa_mask);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &dfl, &ours);
    sigset_t tstp, old;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &old);
    kill(getpid(), SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &ours, NULL);
}

static inline void tm_sig_set_write_fd(int fd) { tm_sig_state()->write_fd = fd; }

/// The real stderr and the file standing in for it while the UI is up (-1, -1: not hidden),
/// so the crash and exit paths can give it back.
static inline void tm_sig_set_stderr(int saved, int capture) {
    tm_sig_state()->saved_stderr = saved;
    tm_sig_state()->stderr_capture = capture;
}

/// Last-resort restore for exit() paths that skip the loop's own clean-up.
static inline void tm_atexit_endwin(void) {
    if (!isendwin()) endwin();
    tm_sig_release_stderr();
}
static inline int tm_sig_register_atexit(void) { return atexit(tm_atexit_endwin); }

#endif
