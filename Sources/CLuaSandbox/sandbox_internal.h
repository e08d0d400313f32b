/* Shared between the sandbox's C files; not part of the module's interface. */
#ifndef SEGUE_SANDBOX_INTERNAL_H
#define SEGUE_SANDBOX_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "segue_sandbox.h"

#define SEGUE_POOL_CLASSES 16
#define SEGUE_SLAB_SIZE (64 << 10)

/* A block too big for the pool comes from malloc with this in front of its
 * header, on the sandbox's list of such blocks: a sandbox rewound to an
 * image (image.c) frees what was made since and puts back what the image
 * holds. A block an image holds is never given back to malloc while that
 * image lives, so that it is there to be written back. 32 bytes keeps the
 * 16-byte alignment malloc gives. */
typedef struct SegueBigBlock {
    struct SegueBigBlock *prev, *next;
    size_t bytes;       /* header included */
    uint64_t held;      /* SEGUE_HELD_BY(level) for each image holding it, and SEGUE_FREED */
} SegueBigBlock;

/* The images a sandbox keeps: the state made ready, and the entry loaded in it. */
#define SEGUE_IMAGE_LEVELS 2
#define SEGUE_HELD_BY(level) ((uint64_t)1 << (level))
#define SEGUE_HELD_ANY (SEGUE_HELD_BY(0) | SEGUE_HELD_BY(1))
/* Freed by Lua since the state was last written back: not live now, but an
 * image still holds it. */
#define SEGUE_FREED ((uint64_t)1 << 8)

typedef struct SegueSandboxImage SegueSandboxImage;

struct SegueSandbox {
    /* The thread host code works on now: the main thread, or while a host
     * function runs, the thread that called it. First, so that the inline
     * accessor in segue_sandbox.h can read it without the layout. */
    lua_State *current;

    /* Memory, touched only by the allocator on the Lua thread. */
    size_t used, peak, limit;
    /* True while Swift is the innermost frame (the host outside any call, or
     * a host function). Lua's API raises when an allocation fails, and that
     * longjmp must not cross Swift, so the allocator does not refuse then;
     * the trampoline enforces the limit once C has control again. */
    int in_swift;

    /* The time limit. `active` (the outermost call's serial, 0 when idle)
     * and `work_clock` (the processor-time clock of the thread doing it, a
     * clockid_t) are written by the Lua thread and read by the watchdog;
     * `expired` the other way round. */
    _Atomic uint64_t active;
    atomic_int work_clock;
    /* The kernel id of that thread, so a stuck one can be demoted. */
    atomic_int work_thread;
    uint64_t serial;
    int depth;
    atomic_int expired;

    /* Set once an allocation failed for good; the entry is then dead. */
    int out_of_memory;

    /* Parking (park.c): the watchdog asks; the stuck thread, in the park
     * signal's handler, says it has stopped for good; the watchdog then
     * frees the state's memory and marks the sandbox abandoned, after which
     * nothing reads the state again. `outer_working` is the sandbox the
     * thread worked in before this one's outermost call (segue_working). */
    atomic_int park_asked, parked;
    int abandoned;
    struct SegueSandbox *outer_working;

    /* Bytes charged for what the host made on the entry's behalf (views,
     * animations, trace samples, log lines): part of `used`, never given
     * back while the state lives, so a script cannot hide memory in Swift. */
    size_t host_charged;

    /* Every block the allocator hands out carries its creation serial just
     * before it (see SEGUE_BLOCK_HEADER in sandbox.c): a deterministic order
     * for objects used as table keys. The offsets say where a userdata's and
     * a thread's block starts relative to what lua_topointer returns. */
    uint64_t block_serial;
    void *last_block;

    /* Small blocks (most of what Lua makes) come from free lists, one per
     * 16-byte size class, carved out of 64 KiB slabs that live as long as
     * the sandbox: a state is made, filled and closed once a scenario, and
     * malloc's own bookkeeping was a tenth of `segue check`. The slabs are
     * capped at a quarter of the memory limit, so a script cycling through
     * sizes cannot make the pool hold much beside what it is charged;
     * past the cap, malloc. */
    void *pool_free[SEGUE_POOL_CLASSES];
    char *slab_cursor, *slab_end;
    void *slabs;
    size_t slab_bytes;
    SegueBigBlock *big;
    ptrdiff_t userdata_offset, thread_offset;

    /* The state as it was made ready, before any entry code ran, and with an
     * entry loaded (image.c). */
    SegueSandboxImage *images[SEGUE_IMAGE_LEVELS];

    /* The thread (main or coroutine) now running, so the watchdog arms the
     * kill hook where it will fire. Guarded by `lock`. */
    pthread_mutex_t lock;
    lua_State *running;

    lua_State *L;
    void *host;
    SegueLogFunction log;

    char error_source[256];
    int error_line;
    /* Where the script was when the allocator last refused it: a memory
     * error carries no position and runs no message handler. */
    char refused_source[256];
    int refused_line;
};

/* Nonzero while this thread may not be parked (park.c): inside Lua's
 * allocator (and so malloc or free), or holding a lock another thread takes,
 * which a thread stopped for good would keep for ever. The sandbox's other
 * calls of malloc (images, chunks) run with Swift on the stack, where the
 * handler never parks. The park signal's handler runs on this same
 * thread, so signal fences (compiler barriers) keep the work inside the
 * marks. */
extern _Thread_local __attribute__((tls_model("initial-exec"), visibility("hidden"))) int segue_unparkable;
/* The sandbox whose call this thread is in (set by the outermost call). */
extern _Thread_local __attribute__((tls_model("initial-exec"), visibility("hidden"))) SegueSandbox *segue_working;
static inline void unparkable_begin(void) {
    segue_unparkable++;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
static inline void unparkable_end(void) {
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    segue_unparkable--;
}
/* Lets this thread take the park signal (once a thread). */
void park_prepare_thread(void);
/* A lock the watchdog also takes, held where this thread may not be parked. */
static inline void sandbox_lock(SegueSandbox *sb) {
    unparkable_begin();
    pthread_mutex_lock(&sb->lock);
}
static inline void sandbox_unlock(SegueSandbox *sb) {
    pthread_mutex_unlock(&sb->lock);
    unparkable_end();
}

/* Raises the time-limit error on L (arming the kill hook there first). */
int segue_raise_time_limit(lua_State *L);
/* True, after arming L, when the sandbox is dead and errors must not be
 * caught; pass the status of the protected call that just returned. */
int segue_fatal(lua_State *L, int status);
/* segue_sandbox_of without the call: every host-function call passes
 * through the trampoline, and the lookup is one load from the thread's
 * extra space. */
static inline SegueSandbox *sandbox_of(lua_State *L) {
    return *(SegueSandbox **)lua_getextraspace(L);
}
/* Cheap poll for long loops in C. */
static inline int segue_expired(SegueSandbox *sb) {
    return atomic_load_explicit(&sb->expired, memory_order_relaxed);
}

/* The creation serial of the table, function, userdata or thread at i, or
 * 0 for anything else (a light C function, which has no block). */
uint64_t segue_object_serial(lua_State *L, int i);
/* Whether light C function a comes before b: by the object that holds each (the program first), then by the
 * place in it (function_order.c). */
int segue_c_function_less(lua_CFunction a, lua_CFunction b);

/* Frees the pool's slabs, the big blocks left on the list (those the images
 * held, once the state is closed) and the images. */
void memory_release(SegueSandbox *sb);
void image_free(SegueSandboxImage *image);

int segue_open_patterns(lua_State *L);  /* replaces find/match/gmatch/gsub in the table on top */
int segue_open_tablelib(lua_State *L);  /* replaces sort/insert/remove/move in the table on top */
int segue_next(lua_State *L);
int segue_pairs(lua_State *L);
/* Orders two stack values; may call Lua (and so raise). */
typedef int (*SegueLess)(lua_State *L, int a, int b, void *context);
/* Stable merge sort of the raw array arr[1..n] (arr: absolute index), in
 * place; polls the time limit once per comparison. */
void segue_sort_array(lua_State *L, int arr, lua_Integer n, SegueLess less, void *context);

/* memory.c: Lua's allocator for a sandbox, and taking a big block off the sandbox's list. */
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void big_unlink(SegueSandbox *sb, SegueBigBlock *big);

/* sandbox.c: the innermost Lua frame's source and line, for a refused allocation or an error with no position. */
void note_innermost_frame(lua_State *L, char *source, size_t size, int *line);

#endif
