#define _GNU_SOURCE
#include "segue_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

/* Everything the handlers use is set before they are installed and read-only
   while they are; the flags are atomics, which a handler may touch. */

#define SEQUENCE_MAX 512

static int active;               /* 1 while the terminal is taken over; exchanged atomically */
static int installed;            /* handlers in place */
static int input_fd = -1, output_fd = -1, wake_fd = -1;
static struct termios saved, raw;
static char enter_bytes[SEQUENCE_MAX], leave_bytes[SEQUENCE_MAX];
static size_t enter_length, leave_length;   /* leave_length read and written atomically */
static int quit_signal, resized, resumed;

static const int quitting[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static struct sigaction previous[NSIG];
static sigset_t mask_before;     /* the playing thread's signal mask before begin */
static int ours[NSIG];           /* 1 where a handler of ours is installed */

/* Writes everything, or gives up quietly: a handler has no one to tell. */
static void write_all(int fd, const char *bytes, size_t length) {
    int interruptions = 0;
    while (length > 0 && fd >= 0) {
        ssize_t written = write(fd, bytes, length);
        if (written > 0) {
            bytes += written;
            length -= (size_t)written;
        } else if (written < 0 && errno == EINTR && ++interruptions < 100) {
            continue;
        } else {
            return;
        }
    }
}

static void wake(void) {
    if (wake_fd < 0) return;
    char byte = 1;
    ssize_t ignored = write(wake_fd, &byte, 1);   /* a full pipe already wakes the player */
    (void)ignored;
}

/* Settings first: if the output is stuck, the keyboard at least works again. */
static void put_back(void) {
    if (input_fd >= 0) tcsetattr(input_fd, TCSANOW, &saved);
    write_all(output_fd, leave_bytes, __atomic_load_n(&leave_length, __ATOMIC_SEQ_CST));
}

static void restore_once(void) {
    if (__atomic_exchange_n(&active, 0, __ATOMIC_SEQ_CST)) put_back();
}

static void on_quit(int signal) {
    int saved_errno = errno;
    if (__atomic_load_n(&quit_signal, __ATOMIC_SEQ_CST) != 0 || !__atomic_load_n(&active, __ATOMIC_SEQ_CST)) {
        /* A second one: the player has not stopped, so stop here, as the signal
           would have without us (it is blocked in this handler, so it arrives
           under the previous action as soon as the handler returns). */
        restore_once();
        sigaction(signal, &previous[signal], NULL);
        ours[signal] = 0;
        raise(signal);
    } else {
        __atomic_store_n(&quit_signal, signal, __ATOMIC_SEQ_CST);
        wake();
    }
    errno = saved_errno;
}

static void on_fatal(int signal, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    restore_once();
    /* Should the process go on (a handler before ours that returns), the player
       stops too: it must not draw on the shell's screen. */
    int none = 0;
    __atomic_compare_exchange_n(&quit_signal, &none, signal, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    wake();
    sigaction(signal, &previous[signal], NULL);
    ours[signal] = 0;
    /* A fault happens again when the handler returns, now under the previous
       action (the runtime's crash report, or a core dump). A signal that was
       sent (kill, raise, abort) has to be sent again. */
    if (info == NULL || info->si_code <= 0) raise(signal);
    errno = saved_errno;
}

static void on_resize(int signal) {
    (void)signal;
    int saved_errno = errno;
    __atomic_store_n(&resized, 1, __ATOMIC_SEQ_CST);
    wake();
    errno = saved_errno;
}

/* Ctrl-Z: the shell gets its terminal back as it was, then the process stops. */
static void on_stop(int signal) {
    int saved_errno = errno;
    if (__atomic_load_n(&active, __ATOMIC_SEQ_CST)) put_back();
    struct sigaction stop = {0}, mine;
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(signal, &stop, &mine);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal);
    /* Continued: on_continue has taken the terminal again. */
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    sigaction(signal, &mine, NULL);
    errno = saved_errno;
}

static void on_continue(int signal) {
    (void)signal;
    int saved_errno = errno;
    if (__atomic_load_n(&active, __ATOMIC_SEQ_CST)) {
        if (input_fd >= 0) tcsetattr(input_fd, TCSANOW, &raw);
        write_all(output_fd, enter_bytes, enter_length);
        __atomic_store_n(&resumed, 1, __ATOMIC_SEQ_CST);
        wake();
    }
    errno = saved_errno;
}

static void at_exit(void) {
    restore_once();
}

static void install(int signal, void (*handler)(int), void (*action)(int, siginfo_t *, void *), int flags) {
    struct sigaction mine = {0};
    sigemptyset(&mine.sa_mask);
    if (action) {
        mine.sa_sigaction = action;
        mine.sa_flags = flags | SA_SIGINFO;
    } else {
        mine.sa_handler = handler;
        mine.sa_flags = flags;
    }
    if (sigaction(signal, &mine, &previous[signal]) == 0) ours[signal] = 1;
}

static void uninstall(void) {
    for (int signal = 1; signal < NSIG; signal++) {
        if (ours[signal]) sigaction(signal, &previous[signal], NULL);
        ours[signal] = 0;
    }
    installed = 0;
}

int segue_terminal_begin(int input, int output, const char *enter, size_t enter_length_,
                         const char *leave, size_t leave_length_, int wake_) {
    if (enter_length_ > SEQUENCE_MAX || leave_length_ > SEQUENCE_MAX) {
        errno = EINVAL;
        return -1;
    }
    if (__atomic_load_n(&active, __ATOMIC_SEQ_CST) || installed) {
        errno = EBUSY;
        return -1;
    }
    if (input >= 0) {
        if (tcgetattr(input, &saved) != 0) return -1;
        raw = saved;
        /* Keys one at a time, unechoed; ISIG stays on so Ctrl-C is SIGINT for
           the whole job, and IXON goes so that Ctrl-S cannot freeze the output. */
        raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | IEXTEN);
        raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
    }
    memcpy(enter_bytes, enter, enter_length_);
    memcpy(leave_bytes, leave, leave_length_);
    enter_length = enter_length_;
    leave_length = leave_length_;
    input_fd = input;
    output_fd = output;
    wake_fd = wake_;
    __atomic_store_n(&quit_signal, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&resized, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&resumed, 0, __ATOMIC_SEQ_CST);

    static int registered;
    if (!registered) registered = atexit(at_exit) == 0;

    __atomic_store_n(&active, 1, __ATOMIC_SEQ_CST);
    installed = 1;
    for (size_t i = 0; i < COUNT(quitting); i++) {
        /* A signal ignored on entry stays ignored (nohup, a shell's background job). */
        struct sigaction current;
        if (sigaction(quitting[i], NULL, &current) == 0 && current.sa_handler == SIG_IGN) continue;
        install(quitting[i], on_quit, NULL, 0);   /* no SA_RESTART: a write in progress returns */
    }
    for (size_t i = 0; i < COUNT(fatal); i++) install(fatal[i], NULL, on_fatal, SA_ONSTACK);
    install(SIGWINCH, on_resize, NULL, SA_RESTART);
    install(SIGCONT, on_continue, NULL, SA_RESTART);
    if (input >= 0) install(SIGTSTP, on_stop, NULL, SA_RESTART);
    /* A process can start with signals blocked (inherited from whatever started
       it); then Ctrl-C would wait for ever. This thread takes them while playing. */
    sigset_t ours_set;
    sigemptyset(&ours_set);
    for (size_t i = 0; i < COUNT(quitting); i++) sigaddset(&ours_set, quitting[i]);
    sigaddset(&ours_set, SIGWINCH);
    sigaddset(&ours_set, SIGTSTP);
    sigaddset(&ours_set, SIGCONT);
    pthread_sigmask(SIG_UNBLOCK, &ours_set, &mask_before);

    if (input >= 0 && tcsetattr(input, TCSANOW, &raw) != 0) {
        int error = errno;
        segue_terminal_end();
        errno = error;
        return -1;
    }
    return 0;
}

void segue_terminal_end(void) {
    /* Put back before uninstalling: a signal in between then finds the
       terminal already restored and acts as it would have without us. */
    restore_once();
    if (installed) pthread_sigmask(SIG_SETMASK, &mask_before, NULL);
    uninstall();
}

void segue_terminal_set_leave(const char *leave, size_t length) {
    if (length > SEQUENCE_MAX) return;
    /* A handler that runs in between writes nothing rather than half of either. */
    __atomic_store_n(&leave_length, 0, __ATOMIC_SEQ_CST);
    memcpy(leave_bytes, leave, length);
    __atomic_store_n(&leave_length, length, __ATOMIC_SEQ_CST);
}

int segue_terminal_quit_signal(void) {
    return __atomic_load_n(&quit_signal, __ATOMIC_SEQ_CST);
}

int segue_terminal_take_resize(void) {
    return __atomic_exchange_n(&resized, 0, __ATOMIC_SEQ_CST);
}

int segue_terminal_take_resume(void) {
    return __atomic_exchange_n(&resumed, 0, __ATOMIC_SEQ_CST);
}

int segue_wake_pipe(int *read_end, int *write_end) {
    int fds[2];
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    *read_end = fds[0];
    *write_end = fds[1];
    return 0;
}

int segue_terminal_size(int fd, int *columns, int *rows, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    *width = size.ws_xpixel;
    *height = size.ws_ypixel;
    return 0;
}

int segue_stdout_failed(void) {
    return fflush(stdout) != 0 || ferror(stdout);
}

int segue_cell_width(uint32_t character) {
    return wcwidth((wchar_t)character);
}
