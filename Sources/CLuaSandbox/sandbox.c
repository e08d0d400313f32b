/*
 * The sandboxed state: allocator, limits, trampoline, and the environment.
 *
 * The environment is an allowlist (lua-host.md): a new globals table gets
 * only the names below; everything else the standard libraries define stays
 * unreachable in the registry.
 */
#define _GNU_SOURCE /* SCHED_IDLE, gettid */
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sandbox_internal.h"

_Static_assert(LUA_EXTRASPACE >= sizeof(void *), "Lua's extra space must hold the sandbox pointer");
_Static_assert(offsetof(SegueSandbox, current) == 0, "segue_sandbox_current reads the first field");

/* math.random's seed: a constant, so every run draws the same numbers. */
#define SEGUE_RANDOM_SEED 0x5E6E

/* ------------------------------------------------------------ time limit */

/* Count and line only: a call hook would also fire on the host's own C
 * message handler and replace the script's error with a new one. */
#define KILL_MASK (LUA_MASKCOUNT | LUA_MASKLINE)

static void kill_hook(lua_State *L, lua_Debug *ar);

/* Builds "file:line: time limit exceeded" for the innermost Lua frame. */
static int raise_time_limit_at(lua_State *L, int level) {
    lua_sethook(L, kill_hook, KILL_MASK, 1);
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: time limit exceeded", ar.short_src, ar.currentline);
            return lua_error(L);
        }
    }
    lua_pushliteral(L, "time limit exceeded");
    return lua_error(L);
}

/* Stays armed on every instruction once fired, so nothing the script does
 * afterwards (a pcall, a handler, a __close) gets to run for long. */
static void kill_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    raise_time_limit_at(L, 0);
}

int segue_raise_time_limit(lua_State *L) { return raise_time_limit_at(L, 1); }

int segue_fatal(lua_State *L, int status) {
    SegueSandbox *sb = segue_sandbox_of(L);
    if (status == LUA_ERRMEM) {
        sb->out_of_memory = 1;
    }
    if (segue_expired(sb)) {
        lua_sethook(L, kill_hook, KILL_MASK, 1);
        return 1;
    }
    return sb->out_of_memory;
}

static int read_clock(clockid_t clock, uint64_t *nanoseconds) {
    struct timespec now;
    if (clock_gettime(clock, &now) != 0) return 0;
    *nanoseconds = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
    return 1;
}

/* The calling thread's processor-time clock, found once per thread (a
 * hook call costs about 50 ns; finding it each time added 3). */
static clockid_t this_thread_clock(void) {
    static _Thread_local __attribute__((tls_model("initial-exec"))) int known;
    static _Thread_local __attribute__((tls_model("initial-exec"))) clockid_t clock;
    if (!known) {
        if (pthread_getcpuclockid(pthread_self(), &clock) != 0) clock = CLOCK_MONOTONIC;
        known = 1;
    }
    return clock;
}

/* The calling thread's kernel id, found once per thread. */
static pid_t this_thread_id(void) {
    static _Thread_local __attribute__((tls_model("initial-exec"))) pid_t id;
    if (id == 0) id = (pid_t)syscall(SYS_gettid);
    return id;
}

void segue_sandbox_begin_work(SegueSandbox *sb) {
    if (sb->depth++ == 0) {
        sb->outer_working = segue_working;
        segue_working = sb;
        park_prepare_thread();
        atomic_store_explicit(&sb->work_thread, (int)this_thread_id(), memory_order_relaxed);
        /* The limit counts this thread's processor time, so a busy machine
         * neither stops a script sooner nor changes what it does. Only the
         * clock's id is noted here: reading the clock is a system call, ten
         * times the cost of a whole hook call, so the watchdog reads it
         * instead (from when it first sees the call). Both stores release (the clock's after the last
         * call's end, `active` after the clock), so the watchdog reading
         * `active` before and after the clock knows whether the clock was
         * this call's (segue_sandbox_call_time). Plain stores on x86. */
        atomic_store_explicit(&sb->work_clock, (int)this_thread_clock(), memory_order_release);
        atomic_store_explicit(&sb->active, ++sb->serial, memory_order_release);
    }
}

void segue_sandbox_end_work(SegueSandbox *sb) {
    if (--sb->depth == 0) {
        atomic_store_explicit(&sb->active, 0, memory_order_release);
        segue_working = sb->outer_working;
    }
}

int segue_sandbox_expired(const SegueSandbox *sb) { return segue_expired((SegueSandbox *)sb); }

uint64_t segue_sandbox_call_time(const SegueSandbox *sb, uint64_t *nanoseconds) {
    SegueSandbox *s = (SegueSandbox *)sb;
    uint64_t call = atomic_load_explicit(&s->active, memory_order_acquire);
    if (call == 0) return 0;
    clockid_t clock = (clockid_t)atomic_load_explicit(&s->work_clock, memory_order_acquire);
    /* A clock of a thread that has ended cannot be read; a call that ended
     * or changed meanwhile may have read another call's clock. */
    if (!read_clock(clock, nanoseconds) || atomic_load_explicit(&s->active, memory_order_acquire) != call) return 0;
    return call;
}

void segue_sandbox_expire(SegueSandbox *sb) {
    sandbox_lock(sb);
    atomic_store(&sb->expired, 1);
    /* An abandoned state's memory is gone (park.c): `running` with it. */
    if (sb->abandoned) {
        sandbox_unlock(sb);
        return;
    }
    /* lua_sethook is safe while the thread runs: Lua's own comment allows it
     * from a signal handler. `running` is alive while it is set. */
    if (sb->running != NULL) {
        lua_sethook(sb->running, kill_hook, KILL_MASK, 1);
    }
    sandbox_unlock(sb);
}

void segue_sandbox_demote(SegueSandbox *sb) {
    /* SCHED_IDLE: the thread runs only when no other thread of the machine
     * wants the core. A process may always lower its own threads. */
    struct sched_param none = {0};
    int thread = atomic_load_explicit(&sb->work_thread, memory_order_relaxed);
    if (thread > 0) sched_setscheduler((pid_t)thread, SCHED_IDLE, &none);
}

int segue_sandbox_stuck_at(SegueSandbox *sb, char *source, size_t size, int *line) {
    *line = 0;
    source[0] = '\0';
    sandbox_lock(sb);
    /* Only while Lua (or a library function written in C) is the innermost
     * frame: a thread stuck there for seconds with the kill hook armed is
     * inside one step of Lua's own (a table's rehash, a collection's atomic
     * phase), which changes no call frame, so reading them from this thread
     * finds them as they stand. While Swift runs, the host may be pushing
     * and popping; nothing is read then. */
    int in_host = __atomic_load_n(&sb->in_swift, __ATOMIC_ACQUIRE);
    if (sb->running != NULL && !in_host && !sb->abandoned) {
        note_innermost_frame(sb->running, source, size, line);
    }
    sandbox_unlock(sb);
    return in_host ? 2 : *line > 0;
}

/* ------------------------------------------------------- calls from host */

/* Adds a traceback, and notes the innermost Lua frame for messages that
 * carry no position (error objects, errors raised at level 0), or that
 * point into one of the host's own chunks ("=(segue require)"): a script's
 * frame ("@file") when there is one, so that the user is shown their line. */
void note_innermost_frame(lua_State *L, char *source, size_t size, int *line) {
    source[0] = '\0';
    *line = 0;
    lua_Debug ar;
    for (int pass = 0; pass < 2 && *line == 0; pass++) {
        for (int level = 0; lua_getstack(L, level, &ar); level++) {
            lua_getinfo(L, "Sl", &ar);
            if (ar.currentline > 0 && (pass == 1 || ar.source[0] == '@')) {
                const char *name = ar.source[0] == '@' || ar.source[0] == '=' ? ar.source + 1 : ar.short_src;
                snprintf(source, size, "%s", name);
                *line = ar.currentline;
                break;
            }
        }
    }
}

static int host_message_handler(lua_State *L) {
    SegueSandbox *sb = segue_sandbox_of(L);
    note_innermost_frame(L, sb->error_source, sizeof sb->error_source, &sb->error_line);
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        /* After a kill hooks may be off here (see guarded_handler): run no
         * script code, not even __tostring. */
        if (!segue_expired(sb) && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            message = lua_tostring(L, -1);
        } else {
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    /* A script picks its messages; the host needs the first few lines,
     * cut before a character's continuation bytes, not inside it. */
    if (strlen(message) > 4096) {
        size_t cut = 4000;
        while (cut > 0 && ((unsigned char)message[cut] & 0xC0) == 0x80) cut--;
        lua_pushlstring(L, message, cut);
        message = lua_pushfstring(L, "%s… (cut)", lua_tostring(L, -1));
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

int segue_sandbox_call(lua_State *L, int nargs, int nresults) {
    SegueSandbox *sb = segue_sandbox_of(L);
    if (sb->out_of_memory || segue_expired(sb)) {
        lua_pop(L, nargs + 1);
        return SEGUE_CALL_TERMINATED;
    }
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, host_message_handler);
    lua_insert(L, base);
    segue_sandbox_begin_work(sb);
    int in_swift = sb->in_swift;
    sb->in_swift = 0;
    int status = lua_pcall(L, nargs, nresults, base);
    sb->in_swift = in_swift;
    segue_sandbox_end_work(sb);
    lua_remove(L, base);
    if (status == LUA_ERRMEM) {
        sb->out_of_memory = 1;
    }
    return status;
}

const char *segue_sandbox_error_source(const SegueSandbox *sb) { return sb->error_source; }
int segue_sandbox_error_line(const SegueSandbox *sb) { return sb->error_line; }
const char *segue_sandbox_refused_source(const SegueSandbox *sb) { return sb->refused_source; }
int segue_sandbox_refused_line(const SegueSandbox *sb) { return sb->refused_line; }

/* Where the line that starts at buffer[i] ends (past its break), counting
 * breaks as Lua's lexer does: \n, \r, \r\n or \n\r is one. */
static size_t end_of_line(const char *buffer, size_t size, size_t i) {
    while (i < size && buffer[i] != '\n' && buffer[i] != '\r') i++;
    if (i == size) return size;
    char first = buffer[i++];
    if (i < size && (buffer[i] == '\n' || buffer[i] == '\r') && buffer[i] != first) i++;
    return i;
}

static int line_of(const char *buffer, size_t offset) {
    int line = 1;
    /* Each step moves past at least one byte. */
    for (size_t i = 0; i < offset;) {
        i = end_of_line(buffer, offset, i);
        if (buffer[i - 1] == '\n' || buffer[i - 1] == '\r') line++;
    }
    return line;
}

/* The text handed to the parser a line at a time, so that where the parser
 * gives up without a position of its own the line it was reading is known. */
typedef struct {
    const char *next;
    size_t left;
    int line; /* of the piece handed out last */
} LineReader;

static const char *read_line(lua_State *L, void *ud, size_t *size) {
    (void)L;
    LineReader *r = ud;
    if (r->left == 0) return NULL;
    size_t n = end_of_line(r->next, r->left, 0);
    const char *piece = r->next;
    r->next += n;
    r->left -= n;
    r->line++;
    *size = n;
    return piece;
}

static int push_new_thread(lua_State *L) {
    lua_newthread(L);
    return 1;
}

/*
 * lua_load on a thread of its own, the compiled function (or the error)
 * then moved to L. Lua's parser shares its ~200 levels of nesting with the
 * C calls under it on the same thread: a module required from 190 nested
 * pcalls failed to compile as "nested too deeply" at its own first line,
 * though it nests nothing, and the same text compiled from the top (as
 * `check` does once, then loads its bytecode everywhere) did not. A fresh
 * thread starts at no depth. (Entries run on 8 MB stacks, room for both.)
 */
static int parse_on_fresh_thread(lua_State *L, LineReader *reader, const char *chunkname) {
    /* No room on L's stack for the thread: parse on L, as before. */
    if (!lua_checkstack(L, 3)) return lua_load(L, read_line, reader, chunkname, "t");
    lua_pushcfunction(L, push_new_thread);
    int status = lua_pcall(L, 0, 1, 0);
    if (status != LUA_OK) return status; /* out of memory: its message is on L, as lua_load leaves it */
    lua_State *T = lua_tothread(L, -1);
    status = lua_load(T, read_line, reader, chunkname, "t");
    lua_xmove(T, L, 1);
    lua_remove(L, -2); /* the thread: the function no longer needs it */
    return status;
}

int segue_sandbox_load(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    static const char signature[] = LUA_SIGNATURE;
    size_t n = sizeof signature - 1;
    const char *file = chunkname[0] == '@' ? chunkname + 1 : chunkname;
    for (size_t i = 0; i + n <= size; i++) {
        if (buffer[i] == signature[0] && memcmp(buffer + i, signature, n) == 0) {
            lua_pushfstring(L, "%s:%d: precompiled bytecode is not accepted; load the Lua source instead",
                            file, line_of(buffer, i));
            return SEGUE_LOAD_BYTECODE;
        }
    }
    SegueSandbox *sb = segue_sandbox_of(L);
    int in_swift = sb->in_swift;
    sb->in_swift = 0;
    /* The parser raises "C stack overflow" as a run-time error, through the
     * message handler of the call that is loading (which would note that
     * caller as the error's place): keep what it notes. */
    char error_source[sizeof sb->error_source];
    memcpy(error_source, sb->error_source, sizeof error_source);
    int error_line = sb->error_line;
    LineReader reader = {buffer, size, 0};
    int status = parse_on_fresh_thread(L, &reader, chunkname);
    sb->in_swift = in_swift;
    if (status == LUA_ERRMEM) {
        /* The limit was reached compiling: the place is the line being read. */
        sb->out_of_memory = 1;
        snprintf(sb->refused_source, sizeof sb->refused_source, "%s", file);
        sb->refused_line = reader.line > 0 ? reader.line : 1;
    } else if (status != LUA_OK && status != LUA_ERRSYNTAX) {
        /* Out of C levels: the nesting at the line being read is too deep. */
        memcpy(sb->error_source, error_source, sizeof error_source);
        sb->error_line = error_line;
        lua_pop(L, 1);
        lua_pushfstring(L, "%s:%d: nested too deeply (Lua compiles about 200 levels of nested functions, "
                           "tables, brackets and blocks)",
                        file, reader.line > 0 ? reader.line : 1);
        status = LUA_ERRSYNTAX;
    }
    return status;
}

/* ------------------------------------------------------------ trampoline */

static int trampoline(lua_State *L) {
    SegueSandbox *sb = sandbox_of(L);
    SegueHostFunction f = (SegueHostFunction)lua_touserdata(L, lua_upvalueindex(1));
    int in_swift = sb->in_swift;
    lua_State *caller = sb->current;
    sb->in_swift = 1;
    sb->current = L;
    int results = f(L);
    sb->current = caller;
    sb->in_swift = in_swift;
    if (results < 0) {
        return lua_error(L);
    }
    if (sb->used > sb->limit || sb->out_of_memory) {
        /* Swift went past the limit, or the host refused a charge (a view,
         * a snapshot: not counted, so `used` can stay low while the host
         * keeps making them): a refused allocation here raises "not enough
         * memory" (collecting garbage first, which is not enough once the
         * entry is out of memory for good). */
        lua_newuserdatauv(L, 1, 0);
        lua_pop(L, 1);
    }
    return results;
}

void segue_push_host_function(lua_State *L, SegueHostFunction f, int nupvalues) {
    lua_pushlightuserdata(L, (void *)f);
    lua_insert(L, -(nupvalues + 1));
    lua_pushcclosure(L, trampoline, nupvalues + 1);
}

int segue_host_upvalue_index(int i) { return lua_upvalueindex(i + 1); }

/* ------------------------------------------------------ base replacements */

/* tostring without addresses: they change between runs and leak layout. */
static void push_safe_string(lua_State *L, int i) {
    switch (lua_type(L, i)) {
        case LUA_TNIL: case LUA_TBOOLEAN: case LUA_TNUMBER: case LUA_TSTRING:
            luaL_tolstring(L, i, NULL);
            return;
        default:
            if (luaL_getmetafield(L, i, "__tostring") != LUA_TNIL) {
                lua_pop(L, 1);
                luaL_tolstring(L, i, NULL);
            } else {
                lua_pushstring(L, luaL_typename(L, i));
            }
    }
}

static int sandbox_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    push_safe_string(L, 1);
    return 1;
}

static int sandbox_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        push_safe_string(L, i);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    luaL_where(L, 1);
    const char *where = lua_tostring(L, -1);
    SegueSandbox *sb = segue_sandbox_of(L);
    if (sb->log != NULL) {
        /* Swift, called without the trampoline: marked as the host's work, as
         * a host function is (the allocator does not refuse it, and it is
         * never stopped there: Swift allocates with malloc). */
        int in_swift = sb->in_swift;
        sb->in_swift = 1;
        sb->log(sb->host, text, length, where);
        sb->in_swift = in_swift;
    }
    return 0;
}

/* Calls upvalue 1 (the original function) with this call's arguments.
 * One with no upvalues of its own (string.format, setmetatable) runs in
 * this call's frame, so its argument errors name it as the script called
 * it ("bad argument #2 to 'format'"); called from C through lua_call, Lua
 * could not name it and said '?'. One with upvalues (math.randomseed's
 * generator) must have its own closure, so is called. */
static int call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    if (original != NULL) {
        if (lua_getupvalue(L, lua_upvalueindex(1), 1) == NULL) return original(L);
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* A finalizer runs with hooks off, so a looping __gc would ignore every
 * time limit: refuse the field. Adding it to the metatable later does not
 * mark the object for finalization (Lua 5.4 manual, 2.5.3). */
static int sandbox_setmetatable(lua_State *L) {
    lua_settop(L, 2);
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            return luaL_error(L, "setmetatable: '__gc' metamethods are not allowed in Segue scripts "
                                 "(finalizers run outside the time limit)");
        }
        lua_pop(L, 1);
    }
    return call_original(L);
}

static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        if (segue_fatal(L, status)) {
            return lua_error(L);
        }
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* pcall and xpcall that cannot catch the host's kill or an exhausted heap. */
static int sandbox_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, status, 0);
}

/* Stands between xpcall and the script's handler. A kill raised from the
 * hook leaves hooks off on that thread until a protected call catches it
 * (Lua resets allowhook only there), so the script's handler would run with
 * no limit at all: after a kill it is never called. */
static int guarded_handler(lua_State *L) {
    SegueSandbox *sb = segue_sandbox_of(L);
    if (segue_expired(sb) || sb->out_of_memory) {
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int sandbox_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
}

/* ------------------------------------------------------------ coroutines */

#define RESUME_FATAL (-2)

/* The watchdog arms its kill on the running thread: while a coroutine runs
 * (resumed, or closed and running its __close handlers) that is the
 * coroutine, and a kill already due is armed on it at once. Returns the
 * thread to put back with leave_thread. */
static lua_State *enter_thread(SegueSandbox *sb, lua_State *co) {
    sandbox_lock(sb);
    lua_State *previous = sb->running;
    sb->running = co;
    sandbox_unlock(sb);
    if (segue_expired(sb)) {
        lua_sethook(co, kill_hook, KILL_MASK, 1);
    }
    return previous;
}

static void leave_thread(SegueSandbox *sb, lua_State *previous) {
    sandbox_lock(sb);
    sb->running = previous;
    sandbox_unlock(sb);
}

/* Runs co with narg values from L's top. Returns the result count (moved to
 * L), -1 with the error on L's top, or RESUME_FATAL. While co runs the
 * watchdog knows it, so a kill lands in the coroutine itself. */
static int resume_coroutine(lua_State *L, lua_State *co, int narg) {
    SegueSandbox *sb = segue_sandbox_of(L);
    if (segue_fatal(L, LUA_OK)) {
        lua_pushliteral(L, "time limit exceeded");
        return RESUME_FATAL;
    }
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    lua_State *previous = enter_thread(sb, co);
    int results = 0;
    int status = lua_resume(co, L, narg, &results);
    leave_thread(sb, previous);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, results + 1)) {
            lua_pop(co, results);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, results);
        return results;
    }
    lua_xmove(co, L, 1);
    return segue_fatal(L, status) ? RESUME_FATAL : -1;
}

static int sandbox_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    int results = resume_coroutine(L, co, lua_gettop(L) - 1);
    if (results == RESUME_FATAL) {
        return lua_error(L);
    }
    if (results < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(results + 1));
    return results + 1;
}

static int wrapped_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int results = resume_coroutine(L, co, lua_gettop(L));
    if (results < 0) {
        if (results != RESUME_FATAL && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return results;
}

/* coroutine.close runs a suspended coroutine's pending __close handlers on
 * that coroutine's own stack: the watchdog must know it as the running
 * thread, as for resume, or a kill would be armed on the caller and the
 * handlers would run on to the stuck-script fallback. The stock function
 * (upvalue 1) is called protected so `running` is restored on every path. */
static int sandbox_close(lua_State *L) {
    SegueSandbox *sb = segue_sandbox_of(L);
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    lua_settop(L, 1);
    if (segue_fatal(L, LUA_OK)) {
        return segue_raise_time_limit(L);
    }
    lua_State *previous = enter_thread(sb, co);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, 1, LUA_MULTRET, 0);
    leave_thread(sb, previous);
    if (status != LUA_OK) {
        return lua_error(L);
    }
    if (segue_fatal(L, LUA_OK)) {
        /* Killed inside a handler: close returned (false, "file:line: time
         * limit exceeded") with the handler's line, which is the one to report. */
        if (lua_type(L, -1) == LUA_TSTRING) {
            return lua_error(L);
        }
        return segue_raise_time_limit(L);
    }
    return lua_gettop(L);
}

static int sandbox_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, wrapped_coroutine, 1);
    return 1;
}

/* ------------------------------------------------------ string and math */

/* string.format's %p prints an address, and %s of a table goes through
 * luaL_tolstring, which prints one too. */
static int sandbox_format(lua_State *L) {
    size_t length;
    const char *f = luaL_checklstring(L, 1, &length);
    const char *end = f + length;
    int top = lua_gettop(L);
    int arg = 1;
    while (f < end) {
        if (*f++ != '%') continue;
        if (f < end && *f == '%') { f++; continue; }
        arg++;
        while (f < end && *f != '\0' && strchr("-+ #0123456789.", *f) != NULL) f++;
        if (f >= end) break;
        if (*f == 'p') {
            return luaL_error(L, "bad argument #%d to 'format' ('%%p' prints a memory address, "
                                 "which changes from run to run)", arg);
        }
        if (*f == 's' && arg <= top) {
            int type = lua_type(L, arg);
            if (type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TTHREAD ||
                type == LUA_TUSERDATA || type == LUA_TLIGHTUSERDATA) {
                push_safe_string(L, arg);
                lua_replace(L, arg);
            }
        }
        f++;
    }
    return call_original(L);
}

/* Lua 5.4.4's string.rep loops n times even when every copy is empty, so
 * ("").rep(2^62) would spin in C where no hook can stop it. A result larger
 * than the memory limit is refused as memory, as any other allocation that
 * size would be, rather than by Lua's own 2 GiB string guard. */
static int sandbox_rep(lua_State *L) {
    size_t length, separator;
    luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    SegueSandbox *sb = segue_sandbox_of(L);
    double total = (double)n * (double)length + (double)(n - 1) * (double)separator;
    if (total > (double)sb->limit) {
        /* The allocator refuses this, Lua collects and retries, then raises
         * LUA_ERRMEM: the same path as any allocation over the limit. */
        lua_newuserdatauv(L, sb->limit + 1, 0);
    }
    return call_original(L);
}

/* With no argument Lua seeds from the clock; here that means the fixed seed. */
static int sandbox_randomseed(lua_State *L) {
    if (lua_isnone(L, 1)) {
        lua_pushinteger(L, SEGUE_RANDOM_SEED);
    }
    return call_original(L);
}

static int refuse_write(lua_State *L) {
    return luaL_error(L, "the string metatable is read-only in Segue scripts");
}

/* getmetatable("") hands out a read-only stand-in, never the real one. */
static void lock_string_metatable(lua_State *L) {
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushcfunction(L, refuse_write);
    lua_setfield(L, -2, "__newindex");
    lua_getfield(L, -3, "__index");
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

/* Replaces t[name] (t on top) with a closure over the original. */
static void wrap_field(lua_State *L, const char *name, lua_CFunction f) {
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, -2, name);
}

static void set_field(lua_State *L, const char *name, lua_CFunction f) {
    lua_pushcfunction(L, f);
    lua_setfield(L, -2, name);
}

/* -------------------------------------------------------- the environment */

static const char *const base_allowed[] = {
    "assert", "error", "getmetatable", "ipairs", "rawequal", "rawget", "rawlen",
    "rawset", "select", "tonumber", "type", "_VERSION", NULL,
};

static int open_sandbox(lua_State *L) {
    luaL_requiref(L, "_G", luaopen_base, 0);
    int stock = lua_gettop(L);
    lua_newtable(L);
    int env = lua_gettop(L);
    for (const char *const *name = base_allowed; *name != NULL; name++) {
        lua_getfield(L, stock, *name);
        lua_setfield(L, env, *name);
    }
    lua_getfield(L, stock, "setmetatable");
    lua_pushcclosure(L, sandbox_setmetatable, 1);
    lua_setfield(L, env, "setmetatable");
    set_field(L, "pcall", sandbox_pcall);
    set_field(L, "xpcall", sandbox_xpcall);
    set_field(L, "print", sandbox_print);
    set_field(L, "tostring", sandbox_tostring);
    set_field(L, "next", segue_next);
    set_field(L, "pairs", segue_pairs);
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");

    luaL_requiref(L, "string", luaopen_string, 0);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    wrap_field(L, "rep", sandbox_rep);
    wrap_field(L, "format", sandbox_format);
    segue_open_patterns(L);
    lua_setfield(L, env, "string");
    lock_string_metatable(L);

    luaL_requiref(L, "table", luaopen_table, 0);
    segue_open_tablelib(L);
    lua_setfield(L, env, "table");

    luaL_requiref(L, "math", luaopen_math, 0);
    wrap_field(L, "randomseed", sandbox_randomseed);
    lua_getfield(L, -1, "randomseed");
    lua_call(L, 0, 0);
    lua_setfield(L, env, "math");

    luaL_requiref(L, "utf8", luaopen_utf8, 0);
    lua_setfield(L, env, "utf8");

    luaL_requiref(L, "coroutine", luaopen_coroutine, 0);
    set_field(L, "resume", sandbox_resume);
    set_field(L, "wrap", sandbox_wrap);
    wrap_field(L, "close", sandbox_close);
    lua_setfield(L, env, "coroutine");

    lua_pushvalue(L, env);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);

    /* Where a userdata's and a thread's block starts, relative to what
     * lua_topointer gives: measured rather than assumed from Lua's
     * private struct layouts. */
    SegueSandbox *sb = segue_sandbox_of(L);
    void *data = lua_newuserdatauv(L, 1, 0);
    sb->userdata_offset = (const char *)data - (const char *)sb->last_block;
    /* A thread's block begins with its extra space (Lua's LX). */
    lua_State *thread = lua_newthread(L);
    sb->thread_offset = (const char *)thread - (const char *)lua_getextraspace(thread);
    lua_pop(L, 2);
    return 0;
}

static int panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "segue: unprotected Lua error (a host bug): %s\n", message ? message : "?");
    abort();
}

SegueSandbox *segue_sandbox_create(size_t memory_limit, void *host, SegueLogFunction log) {
    SegueSandbox *sb = calloc(1, sizeof *sb);
    if (sb == NULL) return NULL;
    sb->limit = memory_limit;
    sb->in_swift = 1;
    sb->host = host;
    sb->log = log;
    atomic_init(&sb->active, 0);
    atomic_init(&sb->work_clock, (int)CLOCK_MONOTONIC);
    atomic_init(&sb->expired, 0);
    atomic_init(&sb->work_thread, 0);
    atomic_init(&sb->park_asked, 0);
    atomic_init(&sb->parked, 0);
    pthread_mutex_init(&sb->lock, NULL);
    return sb;
}

lua_State *segue_sandbox_open(SegueSandbox *sb, int *status) {
    sb->in_swift = 0;
    lua_State *L = lua_newstate(sandbox_alloc, sb);
    if (L == NULL) {
        sb->in_swift = 1;
        sb->out_of_memory = 1;
        *status = LUA_ERRMEM;
        return NULL;
    }
    *(SegueSandbox **)lua_getextraspace(L) = sb;
    sandbox_lock(sb);
    sb->L = L;
    sb->running = L;
    sandbox_unlock(sb);
    sb->current = L;
    lua_atpanic(L, panic);
    lua_pushcfunction(L, open_sandbox);
    *status = lua_pcall(L, 0, 0, 0);
    sb->in_swift = 1;
    if (*status == LUA_ERRMEM) {
        sb->out_of_memory = 1;
    }
    return L;
}

void segue_sandbox_destroy(SegueSandbox *sb) {
    if (sb == NULL) return;
    sandbox_lock(sb);
    lua_State *L = sb->L;
    sb->L = NULL;
    sb->running = NULL;
    sandbox_unlock(sb);
    if (L != NULL) {
        lua_close(L);
    }
    memory_release(sb);
    pthread_mutex_destroy(&sb->lock);
    free(sb);
}
