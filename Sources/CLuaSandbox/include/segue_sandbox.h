/*
 * The C half of Segue's Lua sandbox.
 *
 * Everything that must run between Lua frames lives here, in C, because a Lua
 * error is a longjmp and a longjmp must never cross a Swift frame: the
 * counting allocator, the kill hook, the trampoline that turns a Swift
 * failure marker into a Lua error, and the library functions the sandbox
 * replaces (pcall, coroutines, patterns, table loops that could run in C
 * without ever reaching a hook).
 */
#ifndef SEGUE_SANDBOX_H
#define SEGUE_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>

/* One per lua_State; opaque so its atomics stay on the C side. */
typedef struct SegueSandbox SegueSandbox;

/* Receives what a script prints, one line per print call, with where the
 * print was called ("file.lua:12:", or "" when Lua cannot tell). */
typedef void (*SegueLogFunction)(void *host, const char *text, size_t length, const char *where);

/* A Swift function callable from Lua. It returns its result count, or
 * SEGUE_RAISE after pushing an error value: the trampoline raises it once the
 * Swift frame has returned. */
typedef int (*SegueHostFunction)(lua_State *L);
#define SEGUE_RAISE (-1)

/* Why a sandbox stopped running script code for good. */
typedef enum {
    SEGUE_FATE_ALIVE = 0,
    SEGUE_FATE_TIME_LIMIT = 1,
    SEGUE_FATE_MEMORY_LIMIT = 2
} SegueFate;

/* Status returned by segue_sandbox_load for a chunk that holds bytecode. */
#define SEGUE_LOAD_BYTECODE 100
/* Status returned by segue_sandbox_call when an earlier limit ended the
 * entry: nothing ran, the function and arguments were popped. */
#define SEGUE_CALL_TERMINATED 101

SegueSandbox *segue_sandbox_create(size_t memory_limit, void *host, SegueLogFunction log);
/* Opens the state and builds the allowlisted environment inside a protected
 * call. Returns NULL only when not even the bare state could be allocated;
 * otherwise *status is LUA_OK or the error status (message on the stack). */
lua_State *segue_sandbox_open(SegueSandbox *sb, int *status);
/* Closes the state (if opened) and frees the sandbox. */
void segue_sandbox_destroy(SegueSandbox *sb);
/* Keeps an image of everything the state holds now at `level` (0: made
 * ready; 1: an entry loaded), in place of the one there before (a new level 0
 * drops level 1 too); between calls, while no limit has ended the entry. 0
 * when it cannot. */
int segue_sandbox_capture(SegueSandbox *sb, int level);
/* Puts the state back as it was when the image at `level` was taken, every
 * byte of it, with the limits' accounts as they were then (back to level 0
 * drops level 1); 0 without such an image. */
int segue_sandbox_rewind(SegueSandbox *sb, int level);

SegueSandbox *segue_sandbox_of(lua_State *L);

/* The Lua thread the host works on now: the main thread, or while a host
 * function runs, the coroutine (or main thread) that called it, so that what
 * the host pushes lands on the stack Lua reads results from. Inline: it is on
 * the path of every stack operation the host makes. */
static inline lua_State *segue_sandbox_current(const SegueSandbox *sb) {
    return *(lua_State *const *)(const void *)sb;
}
void *segue_sandbox_host(lua_State *L);
void segue_sandbox_set_host(SegueSandbox *sb, void *host);

size_t segue_sandbox_memory_used(const SegueSandbox *sb);
size_t segue_sandbox_memory_peak(const SegueSandbox *sb);
/* Bytes of slabs the small-block pool holds (capped at a quarter of the memory limit). */
size_t segue_sandbox_pool_bytes(const SegueSandbox *sb);
size_t segue_sandbox_memory_limit(const SegueSandbox *sb);
void segue_sandbox_set_memory_limit(SegueSandbox *sb, size_t limit);
SegueFate segue_sandbox_fate(const SegueSandbox *sb);

/* Charges `bytes` the host holds for the entry to its memory limit. Returns
 * 1 while within the limit; 0 when over it, and the entry is then dead (as
 * after a refused Lua allocation). Never raises. */
int segue_sandbox_charge(SegueSandbox *sb, size_t bytes);
size_t segue_sandbox_host_charged(const SegueSandbox *sb);

/* Marks the host busy for the entry (a whole scenario): the time limit
 * measures from the outermost begin to its end, Lua calls and the host's
 * own work alike, so many short calls cannot add up past it. Nests with
 * calls. */
void segue_sandbox_begin_work(SegueSandbox *sb);
void segue_sandbox_end_work(SegueSandbox *sb);
/* Whether the time limit ended the entry; cheap enough for every loop. */
int segue_sandbox_expired(const SegueSandbox *sb);

/* Loads text only: refuses anything holding Lua's bytecode signature. */
int segue_sandbox_load(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/* Compiles the host's own Lua source (never a script's) to bytecode with its
 * debug information, in a throwaway state: a chunk every sandbox runs is
 * then parsed once per process. Returns a malloc'd buffer (free it), or NULL
 * with *error set to a malloc'd message. */
unsigned char *segue_compile_host_chunk(const char *source, size_t size, const char *chunkname,
                                        size_t *out_size, char **error);
/* Loads bytecode this process made: by segue_compile_host_chunk, or by
 * segue_sandbox_dump from a script's text it compiled. Scripts never reach
 * it with their own bytes: their chunks go through segue_sandbox_load, text
 * only. */
int segue_sandbox_load_host_chunk(lua_State *L, const unsigned char *bytecode, size_t size, const char *chunkname);
/* Dumps the Lua function on top of the stack (a chunk this process compiled
 * from text with segue_sandbox_load) to bytecode with its debug information,
 * so that later sandboxes of the same entry load it with
 * segue_sandbox_load_host_chunk instead of parsing it again. Returns a
 * malloc'd buffer (free it), or NULL when out of memory or past max_size. */
unsigned char *segue_sandbox_dump(lua_State *L, size_t max_size, size_t *out_size);

/* Calls the function below nargs arguments under the host's message handler
 * (which adds a traceback). An outermost call is what the time limit
 * measures. */
int segue_sandbox_call(lua_State *L, int nargs, int nresults);

/* For the watchdog: the serial of the outermost call in progress, with the
 * processor time (nanoseconds) its thread has spent in all (not only in this
 * call); 0 when the state is idle, or the call ended while it was read. Safe
 * from any thread. */
uint64_t segue_sandbox_call_time(const SegueSandbox *sb, uint64_t *nanoseconds);
/* For the watchdog: ends the running call. Safe from any thread, as long as
 * the sandbox is not being destroyed at the same time. */
void segue_sandbox_expire(SegueSandbox *sb);

/* For the watchdog, when the running call went on long after the kill hook
 * was armed: 1 with the innermost script frame's source and line; 0 in Lua
 * with no script frame (compiling); 2 while Swift is the innermost frame
 * (the host's own work, or a collection one of its calls started), when
 * nothing is read. Safe from any thread while the sandbox is not being
 * destroyed. */
int segue_sandbox_stuck_at(SegueSandbox *sb, char *source, size_t size, int *line);

/* For the watchdog, once a call is given up on: the thread doing it runs
 * only when nothing else on the machine wants a core (SCHED_IDLE), so the
 * entries after it keep their speed. Safe from any thread. */
void segue_sandbox_demote(SegueSandbox *sb);

/* For the watchdog, once call `call` (segue_sandbox_call_time's serial) is
 * given up on: stops its thread for good where that is safe (park.c),
 * waiting up to 0.2 s for it. 1 when stopped: the thread never runs again
 * and segue_sandbox_abandon may free the state; 0 when it could not be
 * (Swift at work, or never in a safe place); -1 when the call ended
 * meanwhile, so nothing is stuck. Safe from any thread while the sandbox is
 * not being destroyed. */
int segue_sandbox_park(SegueSandbox *sb, uint64_t call);

/* Frees all of a parked sandbox's Lua memory (the state's, its pool's and
 * its images'; what the host charged stays counted) and marks it abandoned: expire and stuck_at then touch nothing,
 * and segue_sandbox_destroy frees only the sandbox itself. Does nothing to a
 * sandbox that is not parked. */
void segue_sandbox_abandon(SegueSandbox *sb);

/* Pushes a Swift function as a Lua C closure through the trampoline. */
void segue_push_host_function(lua_State *L, SegueHostFunction f, int nupvalues);
/* The upvalue index a host function sees for its own upvalue i (1-based). */
int segue_host_upvalue_index(int i);

/* The source and line of the innermost Lua frame when the last error was
 * handled, for errors whose message carries no position. */
const char *segue_sandbox_error_source(const SegueSandbox *sb);
int segue_sandbox_error_line(const SegueSandbox *sb);
/* The same for the allocation the memory limit last refused (line 0: none). */
const char *segue_sandbox_refused_source(const SegueSandbox *sb);
int segue_sandbox_refused_line(const SegueSandbox *sb);

#endif
