/*
 * The baseline for `segue-bench lua-boundary`: a plain C host making the
 * same calls as Segue's Swift host, through the same system liblua5.4.
 *
 * - hook call: push the function (kept in the registry), two numbers, call
 *   it under a traceback message handler as lua.c's docall does, read the
 *   number it returns, pop it;
 * - host call: a Lua loop calling a C function add(a, b) n times, minus the
 *   same loop doing the addition in Lua, divided by n.
 *
 * Usage: lua_boundary SCRIPT [CALLS [RUNS]]
 * Prints "hook_call_ns <best of runs>" and "host_call_ns <best of runs>".
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int traceback(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    luaL_traceback(L, L, message ? message : "(error object)", 1);
    return 1;
}

static int add(lua_State *L) {
    lua_pushnumber(L, luaL_checknumber(L, 1) + luaL_checknumber(L, 2));
    return 1;
}

static int call(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, traceback);
    lua_insert(L, base);
    int status = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

static double run_loop(lua_State *L, const char *name, long n) {
    lua_getglobal(L, name);
    lua_pushinteger(L, n);
    double start = now_ns();
    if (call(L, 1, 1) != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        exit(1);
    }
    double elapsed = now_ns() - start;
    lua_pop(L, 1);
    return elapsed;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SCRIPT [CALLS [RUNS]]\n", argv[0]);
        return 2;
    }
    long n = argc > 2 ? atol(argv[2]) : 2000000;
    int runs = argc > 3 ? atoi(argv[3]) : 5;
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    lua_pushcfunction(L, add);
    lua_setglobal(L, "add");
    if (luaL_loadfilex(L, argv[1], "t") != LUA_OK ||
        call(L, 0, 0) != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_getglobal(L, "hook");
    int hook = luaL_ref(L, LUA_REGISTRYINDEX);

    double best_hook = 1e300, best_host = 1e300, sink = 0;
    for (int run = 0; run < runs; run++) {
        double start = now_ns();
        for (long i = 0; i < n; i++) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, hook);
            lua_pushnumber(L, (double)i);
            lua_pushnumber(L, 2.0);
            if (call(L, 2, 1) != LUA_OK) {
                fprintf(stderr, "%s\n", lua_tostring(L, -1));
                return 1;
            }
            sink += lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
        double hook_ns = (now_ns() - start) / (double)n;
        if (hook_ns < best_hook) best_hook = hook_ns;

        double with_calls = run_loop(L, "call_host", n);
        double without = run_loop(L, "add_in_lua", n);
        double host_ns = (with_calls - without) / (double)n;
        if (host_ns < best_host) best_host = host_ns;
    }
    printf("hook_call_ns %.2f\nhost_call_ns %.2f\nsink %.0f\n", best_hook, best_host, sink > 0 ? 1.0 : 0.0);
    lua_close(L);
    return 0;
}
