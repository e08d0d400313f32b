#ifndef SEGUE_TERMINAL_H
#define SEGUE_TERMINAL_H

#include <stddef.h>
#include <stdint.h>

/*
 * The terminal while a player owns it, kept where signal handlers can reach it.
 *
 * Why C: a handler may run in the middle of any Swift code (a frame half
 * written, an allocation under way), so what it does must be async-signal-safe:
 * tcsetattr, write, sigaction and raise on data prepared beforehand. Swift
 * code cannot promise that (its globals initialise lazily, its strings allocate).
 *
 * Ctrl-C, SIGTERM, SIGHUP and SIGQUIT: the first only sets a flag and wakes the
 * player, which stops at once (a write in progress returns early), puts the
 * terminal back and reports the signal. A second one, or a crash (SIGSEGV,
 * SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT), or exit() without an end, puts the
 * terminal back from here. SIGTSTP (Ctrl-Z) puts it back before stopping, SIGCONT
 * takes it over again; SIGWINCH is passed on. Only SIGKILL leaves it as it is.
 */

/* Takes the terminal over: `input` (a terminal, or -1 for none) into raw mode
   with signals kept (Ctrl-C stays SIGINT), the handlers installed. `enter` is
   written on resuming after Ctrl-Z, `leave` whenever the terminal is put back;
   `wake` (a non-blocking pipe's write end) hears one byte for every signal.
   Returns 0, or -1 with errno set (nothing then changed). */
int segue_terminal_begin(int input, int output, const char *enter, size_t enter_length,
                         const char *leave, size_t leave_length, int wake);

/* Puts the terminal back (settings, then `leave`) and the handlers as they
   were. Safe to call more than once and when begin was never called. */
void segue_terminal_end(void);

/* Replaces the bytes written when the terminal is put back (the player has
   left the alternate screen and prints its last frame on the shell's). */
void segue_terminal_set_leave(const char *leave, size_t leave_length);

/* The first quitting signal's number since begin, or 0. */
int segue_terminal_quit_signal(void);

/* Whether the window changed size since the last call. */
int segue_terminal_take_resize(void);

/* Whether the process was continued after a stop since the last call (the
   screen then needs drawing again). */
int segue_terminal_take_resume(void);

/* A pipe for waking the player: both ends non-blocking and closed on exec.
   Returns 0, or -1 with errno set. */
int segue_wake_pipe(int *read_end, int *write_end);

/* The window's size in cells and pixels (TIOCGWINSZ); pixels are 0 where the
   terminal does not say. Returns 0, or -1 with errno set. */
int segue_terminal_size(int fd, int *columns, int *rows, int *width, int *height);

/* Fills `destination`, a `canvas_width` x `canvas_height` RGBA8 picture, with
   premultiplied RGBA8 `source` box-filtered into `width` x `height` samples at
   its top-left corner, each sample a `block` x `block` square of pixels, over
   black and opaque; the rest of the canvas is opaque black. A sample averages
   the source area it covers, partial pixels weighted by the part covered; the
   two axes scale independently. Out of memory: all black. */
void segue_box_resample(const uint8_t *source, int source_width, int source_height,
                        uint8_t *destination, int canvas_width, int canvas_height,
                        int width, int height, int block);

/* Cells the character takes on a terminal (the C library's wcwidth in the
   current LC_CTYPE): 2 for wide, 0 for combining, -1 for unprintable. Not
   exposed to Swift by the Glibc module. */
int segue_cell_width(uint32_t character);

/* Flushes standard output; nonzero when anything written to it was lost
   (a full disk, a closed descriptor). In C because Swift 6 refuses to
   touch the C library's `stdout` global. */
int segue_stdout_failed(void);

#endif
