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

#endif
