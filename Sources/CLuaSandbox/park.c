/*
 * Parking a thread stuck inside one step of Lua's own code. Lua's core has
 * steps no hook interrupts that a script can make take minutes (a table
 * whose integer keys all land in one slot, a collection through long chains
 * of weak-keyed tables, a parser's constants colliding the same way). Such a
 * thread cannot be ended: what it is doing would be left half done. It can
 * be stopped for good, though, where it holds nothing another thread needs:
 * a signal sent to it alone runs a handler there that waits for ever. The
 * state it was changing is then never read again, and all of its memory
 * (every slab and block the sandbox's allocator handed out) can go back,
 * so a stuck entry costs the run a sleeping thread and its stack, not a
 * core and the entry's memory limit.
 *
 * The handler parks only where that is safe: while the sandbox it was asked
 * for is the one the thread works in, Lua (not Swift, which may hold the
 * runtime's locks) is running, and the thread is neither inside malloc or
 * free nor holding the sandbox's lock (segue_unparkable: Lua's allocator and
 * sandbox_lock mark it). Anywhere else it
 * returns at once, and the watchdog signals again every 2 ms for up to 0.2 s
 * before leaving the thread to run on, demoted, as before. Lua's core
 * allocates only through the sandbox's allocator, marked unparkable as a
 * whole (its lists are never left half changed); Swift called from C without
 * the trampoline (print's log) is marked as the host's work. The C library's
 * own allocations under Lua (a number formatted by snprintf) belong to steps
 * of microseconds, never to the long steps a thread is found stuck in.
 *
 * What is freed is the Lua state's memory. What the host made for the entry
 * (views, animations, its trace), charged to it as `host_charged`, lives on
 * in Swift objects the parked thread's frames hold: the caller counts it.
 */
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_internal.h"

_Thread_local __attribute__((tls_model("initial-exec"), visibility("hidden"))) int segue_unparkable;
_Thread_local __attribute__((tls_model("initial-exec"), visibility("hidden"))) SegueSandbox *segue_working;

static pthread_once_t installing = PTHREAD_ONCE_INIT;
static int installed;

/* A real-time signal nothing else in the process uses: glibc keeps the first
 * few for itself (SIGRTMIN already counts them out). */
static int park_signal(void) { return SIGRTMIN + 6; }

static void park_handler(int signal) {
    (void)signal;
    int saved = errno;
    SegueSandbox *sb = segue_working;
    if (sb != NULL && segue_unparkable == 0 && __atomic_load_n(&sb->in_swift, __ATOMIC_RELAXED) == 0
        && atomic_load_explicit(&sb->park_asked, memory_order_acquire)) {
        atomic_store_explicit(&sb->parked, 1, memory_order_release);
        /* pause() is async-signal-safe; the park signal is blocked while its handler runs. */
        for (;;) pause();
    }
    errno = saved;
}

static void install(void) {
    struct sigaction current;
    /* Someone else's signal after all: no parking, the old way. */
    if (sigaction(park_signal(), NULL, &current) != 0 || current.sa_handler != SIG_DFL) return;
    struct sigaction action = {0};
    action.sa_handler = park_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    installed = sigaction(park_signal(), &action, NULL) == 0;
}

void park_prepare_thread(void) {
    /* A thread started with the signal blocked (a process spawned from a
     * thread that blocks signals passes its mask on) would never take it:
     * unblocked once a thread, the first time it works in a sandbox. */
    static _Thread_local __attribute__((tls_model("initial-exec"))) int prepared;
    if (prepared) return;
    prepared = 1;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, park_signal());
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int segue_sandbox_park(SegueSandbox *sb, uint64_t call) {
    pthread_once(&installing, install);
    if (!installed) return 0;
    atomic_store_explicit(&sb->park_asked, 1, memory_order_release);
    int ended = 0;
    /* Up to 100 tries 2 ms apart: a thread inside malloc or a lock leaves it within microseconds. */
    for (int attempt = 0; attempt < 100 && !atomic_load_explicit(&sb->parked, memory_order_acquire); attempt++) {
        int thread = atomic_load_explicit(&sb->work_thread, memory_order_relaxed);
        /* The call ended meanwhile (or another began): nothing is stuck. */
        if (thread <= 0 || atomic_load_explicit(&sb->active, memory_order_acquire) != call) {
            ended = 1;
            break;
        }
        /* Swift at work (a host function that does not return): it may hold the runtime's locks, and a
         * signal would only break its system calls (EINTR). Not parked. */
        if (__atomic_load_n(&sb->in_swift, __ATOMIC_ACQUIRE)) break;
        syscall(SYS_tgkill, (pid_t)getpid(), (pid_t)thread, park_signal());
        struct timespec wait = {0, 2 * 1000 * 1000};
        nanosleep(&wait, NULL);
    }
    if (atomic_load_explicit(&sb->parked, memory_order_acquire)) return 1;
    /* Not parked: a signal still on its way finds nothing asked. (One that
     * lands in between parks the thread anyway; it then keeps its memory.) */
    atomic_store_explicit(&sb->park_asked, 0, memory_order_release);
    return ended ? -1 : 0;
}

void segue_sandbox_abandon(SegueSandbox *sb) {
    if (!atomic_load_explicit(&sb->parked, memory_order_acquire)) return;
    /* The frees below go back to the arena of the thread that made the
     * blocks, which sleeps for good (malloc gives no other thread its arena
     * while it lives). A free shrinks that arena's heap only when its top
     * grows past the trim threshold, which glibc raises to twice the largest
     * block it has freed from mmap (24 MB after a 12 MB string): each stopped
     * entry kept about that much resident (measured: 24 stuck entries, each
     * with a 12 MB string, 565 MB and growing). Fixing the threshold at
     * 1 MiB, once a run has a stopped entry, makes these frees give the
     * pages back; malloc_trim then returns what sits free in the bins. */
    static atomic_int threshold_fixed;
    if (!atomic_exchange(&threshold_fixed, 1)) mallopt(M_TRIM_THRESHOLD, 1 << 20);
    sandbox_lock(sb);
    sb->abandoned = 1;
    sb->running = NULL;
    sb->current = NULL;
    sb->L = NULL;
    memory_release(sb);
    for (int c = 0; c < SEGUE_POOL_CLASSES; c++) sb->pool_free[c] = NULL;
    sb->slab_cursor = sb->slab_end = NULL;
    sb->slab_bytes = 0;
    /* What the host made stays charged: it is still alive in Swift. */
    sb->used = sb->host_charged;
    sandbox_unlock(sb);
    malloc_trim(0);
}
