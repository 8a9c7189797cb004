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
#include <unistd.h>
#include <sys/ioctl.h>

static inline WINDOW *tm_stdscr(void) { return stdscr; }
static inline int tm_lines(void) { return LINES; }
static inline int tm_cols(void) { return COLS; }
static inline int tm_colors(void) { return COLORS; }
static inline int tm_color_pairs(void) { return COLOR_PAIRS; }
static inline int tm_err(void) { return ERR; }

/// The curses key codes Swift needs (macros it cannot import), as one value: `tm_keys().up`.
typedef struct { int resize, up, down, left, right, npage, ppage, home, end, enter, backspace, btab, code_yes, find, select, a1, a3, c1, c3, mouse, max; } tm_key_codes;
static inline tm_key_codes tm_keys(void) {
    return (tm_key_codes){
        .resize = KEY_RESIZE,
        .up = KEY_UP,
        .down = KEY_DOWN,
        .left = KEY_LEFT,
        .right = KEY_RIGHT,
        .npage = KEY_NPAGE,
        .ppage = KEY_PPAGE,
        .home = KEY_HOME,
        .end = KEY_END,
        .enter = KEY_ENTER,
        .backspace = KEY_BACKSPACE,
        .btab = KEY_BTAB,
        .code_yes = KEY_CODE_YES,
        .find = KEY_FIND,
        .select = KEY_SELECT,
        .a1 = KEY_A1,
        .a3 = KEY_A3,
        .c1 = KEY_C1,
        .c3 = KEY_C3,
        .mouse = KEY_MOUSE,
        .max = KEY_MAX
    };
}

static inline attr_t tm_a_normal(void) { return A_NORMAL; }
static inline attr_t tm_a_bold(void) { return A_BOLD; }
static inline attr_t tm_a_dim(void) { return A_DIM; }
static inline attr_t tm_a_reverse(void) { return A_REVERSE; }
static inline attr_t tm_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tm_a_italic(void) { return A_ITALIC; }


/// Draws `len` wide characters at the cursor with one attribute/colour pair (extended pairs
/// above 255 go through the opts pointer, which Swift cannot build from a macro).
static inline int tm_waddnwstr_attr(WINDOW *win, const wchar_t *text, int len, attr_t attrs, int pair) {
    wattr_set(win, attrs, (short)(pair < 256 ? pair : 0), pair >= 256 ? (void *)&pair : NULL);
    return waddnwstr(win, text, len);
}

/// Reads one key as a wide character: returns OK (a character), KEY_CODE_YES (a function key)
/// or ERR (nothing within the window's timeout).
static inline int tm_wget_wch(WINDOW *win, wint_t *out) { return wget_wch(win, out); }
/// Puts back what `tm_wget_wch` returned (`status` OK: a character, KEY_CODE_YES: a key code).
static inline int tm_unget(int status, wint_t code) {
    return status == KEY_CODE_YES ? ungetch((int)code) : unget_wch((wchar_t)code);
}

static inline WINDOW *tm_curscr(void) { return curscr; }
/// A terminfo string with one numeric parameter filled in (tiparm is variadic, which Swift
/// cannot call): XM, the mouse on/off sequence.
static inline const char *tm_tiparm1(const char *capability, int p1) { return tiparm(capability, p1); }
// Swift 6 rejects the C stdio globals as shared mutable state; newterm needs them.
static inline FILE *tm_stdout(void) { return stdout; }
static inline FILE *tm_stdin(void) { return stdin; }

// MARK: - Mouse

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

/// The window's size in pixels, as the terminal told the kernel (0 when it does not say:
/// tmux before 3.3, many others).
static inline int tm_window_pixels(int fd, int *width, int *height) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *width = ws.ws_xpixel;
    *height = ws.ws_ypixel;
    return 0;
}

/// The colours terminfo gives `term` (what `tput colors` prints), without starting curses:
/// -1 when the entry has no colours, -2 when `term` is not in the terminfo database.
/// `setupterm` is declared here rather than through <term.h>, whose capability macros
/// (`lines`, `columns`, ...) would leak into every file that imports this module.
static inline int tm_terminfo_colors(const char *term) {
    extern int setupterm(const char *, int, int *);
    int error = 0;
    if (setupterm(term, STDOUT_FILENO, &error) != OK) return -2;
    return tigetnum("colors");
}

#endif
