#include "terminal_signals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

// Everything a handler reads. The setters run on the UI thread before arming (or after
// disarming), so a handler never sees half of an update it acts on.
#define TM_SIGNALS 65
#define TM_LEAVE_MAX 512

static struct {
    volatile sig_atomic_t write_fd;
    volatile sig_atomic_t saved_stderr;
    volatile sig_atomic_t stderr_capture;
    struct sigaction previous[TM_SIGNALS];
    unsigned char installed[TM_SIGNALS];

    volatile sig_atomic_t tty_fd;       // -1: no modes saved
    volatile sig_atomic_t armed;
    struct termios modes;
    unsigned char leave[TM_LEAVE_MAX];
    size_t leave_count;
} state = { .write_fd = -1, .saved_stderr = -1, .stderr_capture = -1, .tty_fd = -1 };

static void write_all(int fd, const unsigned char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n;
        count -= (size_t)n;
    }
}

static void forward(int sig) {
    int saved_errno = errno;
    int fd = state.write_fd;
    if (fd >= 0) {
        unsigned char byte = (unsigned char)sig;
        ssize_t ignored = write(fd, &byte, 1);  // a full pipe already means "wake up"
        (void)ignored;
    }
    errno = saved_errno;
}

/// Gives the real stderr back and copies out what was written while it was hidden (the
/// runtime's "Fatal error: ..." line is usually there).
static void release_stderr(void) {
    int saved = state.saved_stderr, capture = state.stderr_capture;
    state.saved_stderr = -1;
    state.stderr_capture = -1;
    if (saved < 0) return;
    dup2(saved, 2);
    if (capture < 0 || lseek(capture, 0, SEEK_SET) != 0) return;
    unsigned char buffer[4096];
    ssize_t n;
    while ((n = read(capture, buffer, sizeof buffer)) > 0) write_all(2, buffer, (size_t)n);
}

void tm_sig_restore_terminal(void) {
    if (!state.armed) return;
    state.armed = 0;
    int fd = state.tty_fd;
    if (fd < 0) return;
    // The bytes first, as endwin does, then the modes: TCSADRAIN lets them out under the
    // modes they were written in.
    write_all(fd, state.leave, state.leave_count);
    tcsetattr(fd, TCSADRAIN, &state.modes);
}

/// Crash path (after htop's CRT_handleSIGSEGV): put the terminal back, give stderr back, then
/// let the previous handler (Swift's backtracer, or the default action) finish the job, so the
/// process still dies of the signal. Unlike endwin, nothing here is unsafe in a handler.
static void fatal(int sig) {
    tm_sig_restore_terminal();
    release_stderr();
    if (sig > 0 && sig < TM_SIGNALS && state.installed[sig]) {
        sigaction(sig, &state.previous[sig], NULL);
    } else {
        signal(sig, SIG_DFL);
    }
    raise(sig);
    // The previous handler returned (or ignored it): die with the default action anyway.
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

int tm_sig_install(int sig, int is_fatal) {
    if (sig <= 0 || sig >= TM_SIGNALS) {
        errno = EINVAL;
        return -1;
    }
    struct sigaction act;
    memset(&act, 0, sizeof act);
    sigemptyset(&act.sa_mask);
    if (is_fatal) {
        act.sa_handler = fatal;
        // RESETHAND: a second fault inside the handler kills us instead of looping;
        // ONSTACK: a stack overflow still has Swift's alternate stack to run on.
        act.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    } else {
        act.sa_handler = forward;
        act.sa_flags = SA_RESTART;
    }
    struct sigaction previous;
    if (sigaction(sig, &act, &previous) != 0) return -1;
    if (!state.installed[sig]) {
        state.previous[sig] = previous;
        state.installed[sig] = 1;
    }
    return 0;
}

void tm_sig_restore(int sig) {
    if (sig <= 0 || sig >= TM_SIGNALS || !state.installed[sig]) return;
    sigaction(sig, &state.previous[sig], NULL);
    state.installed[sig] = 0;
}

void tm_sig_set_write_fd(int fd) { state.write_fd = fd; }

/// Unlike SIGSTOP, a SIGTSTP stop is reported by the shell like any Ctrl-Z, and in an orphaned
/// process group (no shell left to `fg` us) the kernel drops it instead of stopping us for
/// good. This is what ncurses' own SIGTSTP handler does.
void tm_sig_stop_self(void) {
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

void tm_sig_set_stderr(int saved, int capture) {
    state.saved_stderr = saved;
    state.stderr_capture = capture;
}

int tm_sig_save_terminal_modes(int fd) {
    state.armed = 0;
    if (tcgetattr(fd, &state.modes) != 0) {
        state.tty_fd = -1;
        return -1;
    }
    state.tty_fd = fd;
    return 0;
}

int tm_sig_set_leave_sequence(const unsigned char *bytes, size_t count) {
    if (count > TM_LEAVE_MAX) return -1;
    state.armed = 0;
    if (count > 0) memcpy(state.leave, bytes, count);
    state.leave_count = count;
    return 0;
}

void tm_sig_arm_terminal_restore(int armed) { state.armed = armed; }

static void at_exit(void) {
    tm_sig_restore_terminal();
    release_stderr();
}

int tm_sig_register_atexit(void) { return atexit(at_exit); }

int tm_sig_rtmin(void) { return SIGRTMIN; }
int tm_sig_rtmax(void) { return SIGRTMAX; }
