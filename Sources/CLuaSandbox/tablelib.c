/*
 * Table functions whose stock versions are either non-deterministic or can
 * loop in C past every limit.
 *
 * - next/pairs: Lua 5.4 seeds string hashing from the clock and addresses,
 *   so stock traversal order changes between runs. Here keys come in a
 *   canonical order: numbers ascending, then strings bytewise, then false,
 *   true, then other keys (tables, functions, views, threads) in the order
 *   they were made, and a library's C function (which was never made, and
 *   has no serial) by its library's file and its place in that file.
 * - table.sort: the stock quicksort picks pivots from the clock for large
 *   arrays and is not stable, so ties land differently between runs. Here
 *   it is a stable merge sort.
 * - table.insert/remove/move/concat: the stock versions trust a script's
 *   __len or indices and can spin for 2^50 steps in C (an __index that is a
 *   C function runs no Lua instruction, so no hook fires); these poll the
 *   time limit.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

static void poll_time_limit(lua_State *L, SegueSandbox *sb) {
    if (segue_expired(sb)) segue_raise_time_limit(L);
}

/* ------------------------------------------------------------ merge sort */

void segue_sort_array(lua_State *L, int arr, lua_Integer n, SegueLess less, void *context) {
    SegueSandbox *sb = segue_sandbox_of(L);
    if (n < 2) return;
    luaL_checkstack(L, 8, "sort");
    lua_createtable(L, n < INT_MAX ? (int)n : 0, 0);
    int aux = lua_gettop(L);
    int from = arr, to = aux;
    for (lua_Integer width = 1; width < n; width *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
            lua_Integer mid = lo + width <= n + 1 ? lo + width : n + 1;
            lua_Integer hi = lo + 2 * width <= n + 1 ? lo + 2 * width : n + 1;
            lua_Integer i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                poll_time_limit(L, sb);
                lua_rawgeti(L, from, i);
                lua_rawgeti(L, from, j);
                int top = lua_gettop(L);
                /* Take from the right only when strictly smaller: stable. */
                if (less(L, top, top - 1, context)) {
                    lua_rawseti(L, to, k++);
                    lua_pop(L, 1);
                    j++;
                } else {
                    lua_pop(L, 1);
                    lua_rawseti(L, to, k++);
                    i++;
                }
            }
            for (; i < mid; i++) {
                lua_rawgeti(L, from, i);
                lua_rawseti(L, to, k++);
            }
            for (; j < hi; j++) {
                lua_rawgeti(L, from, j);
                lua_rawseti(L, to, k++);
            }
        }
        int swap = from;
        from = to;
        to = swap;
    }
    if (from != arr) {
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, from, i);
            lua_rawseti(L, arr, i);
        }
    }
    lua_pop(L, 1);
}

/* The comparator is at the stack index *context, or '<' when 0. */
static int script_less(lua_State *L, int a, int b, void *context) {
    int comparator = *(int *)context;
    if (comparator == 0) {
        return lua_compare(L, a, b, LUA_OPLT);
    }
    lua_pushvalue(L, comparator);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int result = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return result;
}

static int sandbox_sort(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    int comparator = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TFUNCTION);
        comparator = 2;
    }
    lua_settop(L, 2);
    if (n < 2) return 0;
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    SegueSandbox *sb = segue_sandbox_of(L);
    lua_createtable(L, (int)n, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        poll_time_limit(L, sb);
        lua_geti(L, 1, i);
        lua_rawseti(L, 3, i);
    }
    segue_sort_array(L, 3, n, script_less, &comparator);
    for (lua_Integer i = 1; i <= n; i++) {
        poll_time_limit(L, sb);
        lua_rawgeti(L, 3, i);
        lua_seti(L, 1, i);
    }
    return 0;
}

/* ------------------------------------------------- insert, remove, move */

static int sandbox_insert(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    SegueSandbox *sb = segue_sandbox_of(L);
    lua_Integer first_empty = luaL_len(L, 1) + 1;
    lua_Integer position;
    switch (lua_gettop(L)) {
        case 2:
            position = first_empty;
            break;
        case 3:
            position = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)position - 1u < (lua_Unsigned)first_empty, 2, "position out of bounds");
            for (lua_Integer i = first_empty; i > position; i--) {
                poll_time_limit(L, sb);
                lua_geti(L, 1, i - 1);
                lua_seti(L, 1, i);
            }
            break;
        default:
            return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, position);
    return 0;
}

static int sandbox_remove(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    SegueSandbox *sb = segue_sandbox_of(L);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer position = luaL_optinteger(L, 2, size);
    if (position != size) {
        /* Argument #1, as the system's Lua 5.4.4 reports it (5.4.5 says #2). */
        luaL_argcheck(L, (lua_Unsigned)position - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    }
    lua_geti(L, 1, position);
    for (; position < size; position++) {
        poll_time_limit(L, sb);
        lua_geti(L, 1, position + 1);
        lua_seti(L, 1, position);
    }
    lua_pushnil(L);
    lua_seti(L, 1, position);
    return 1;
}

static int sandbox_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int destination = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, destination, LUA_TTABLE);
    SegueSandbox *sb = segue_sandbox_of(L);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n, 4, "destination wrap around");
        if (t > e || t <= f || (destination != 1 && !lua_compare(L, 1, destination, LUA_OPEQ))) {
            for (lua_Integer i = 0; i <= n; i++) {
                poll_time_limit(L, sb);
                lua_geti(L, 1, f + i);
                lua_seti(L, destination, t + i);
            }
        } else {
            for (lua_Integer i = n; i >= 0; i--) {
                poll_time_limit(L, sb);
                lua_geti(L, 1, f + i);
                lua_seti(L, destination, t + i);
            }
        }
    }
    lua_pushvalue(L, destination);
    return 1;
}

/* Lua 5.4.4's tconcat, polling: the same results and messages. */
static void concat_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    }
    luaL_addvalue(b);
}

static int sandbox_concat(lua_State *L) {
    /* As the stock checktab: a table, or anything with __index and __len. */
    if (lua_type(L, 1) != LUA_TTABLE) {
        int fields = 0;
        if (lua_getmetatable(L, 1)) {
            lua_pushliteral(L, "__index");
            fields = lua_rawget(L, -2) != LUA_TNIL;
            lua_pushliteral(L, "__len");
            fields = lua_rawget(L, -3) != LUA_TNIL && fields;
            lua_pop(L, 3);
        }
        if (!fields) luaL_checktype(L, 1, LUA_TTABLE);
    }
    SegueSandbox *sb = segue_sandbox_of(L);
    lua_Integer last = luaL_len(L, 1);
    size_t separator_length;
    const char *separator = luaL_optlstring(L, 2, "", &separator_length);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        poll_time_limit(L, sb);
        concat_field(L, &b, i);
        luaL_addlstring(&b, separator, separator_length);
    }
    if (i == last) concat_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

int segue_open_tablelib(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"sort", sandbox_sort},
        {"insert", sandbox_insert},
        {"remove", sandbox_remove},
        {"move", sandbox_move},
        {"concat", sandbox_concat},
        {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    return 0;
}

/* ------------------------------------------------------------ next/pairs */

static int key_rank(lua_State *L, int i) {
    switch (lua_type(L, i)) {
        case LUA_TNUMBER: return 0;
        case LUA_TSTRING: return 1;
        case LUA_TBOOLEAN: return 2;
        default: return 3;
    }
}

static int key_less(lua_State *L, int a, int b, void *context) {
    (void)context;
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    switch (ra) {
        case 0:
            return lua_compare(L, a, b, LUA_OPLT);
        case 1: {
            size_t la, lb;
            const char *sa = lua_tolstring(L, a, &la);
            const char *sb = lua_tolstring(L, b, &lb);
            int c = memcmp(sa, sb, la < lb ? la : lb);
            return c < 0 || (c == 0 && la < lb);
        }
        case 2:
            return !lua_toboolean(L, a) && lua_toboolean(L, b);
        default: {
            /* Tables, functions, userdata (views) and threads: by type, then
             * in the order they were made, which is the same on every run. */
            int ta = lua_type(L, a), tb = lua_type(L, b);
            if (ta != tb) return ta < tb;
            uint64_t sa = segue_object_serial(L, a), sb = segue_object_serial(L, b);
            if (sa != sb) return sa < sb;
            if (ta == LUA_TFUNCTION) return segue_c_function_less(lua_tocfunction(L, a), lua_tocfunction(L, b));
            return 0;
        }
    }
}

static const char traversal_key = 'k';

/* Pushes the registry's weak-keyed map from a table to its traversal. */
static void push_traversals(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &traversal_key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &traversal_key);
}

/* Pushes {sorted keys, key -> position} for the table at index 1 and
 * remembers it under `traversals`. */
static void build_traversal(lua_State *L, int traversals) {
    lua_createtable(L, 2, 0);
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, keys, ++n);
    }
    segue_sort_array(L, keys, n, key_less, NULL);
    lua_newtable(L);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, keys, i);
        lua_pushinteger(L, i);
        lua_rawset(L, -3);
    }
    lua_rawseti(L, -3, 2);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -2);
    lua_rawset(L, traversals);
}

int segue_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    push_traversals(L);
    int traversals = 3;
    lua_pushvalue(L, 1);
    int found = lua_rawget(L, traversals) == LUA_TTABLE;
    lua_Integer position = 0;
    if (!lua_isnil(L, 2)) {
        for (int attempt = 0; attempt < 2 && position == 0; attempt++) {
            if (!found || attempt == 1) {
                lua_pop(L, 1);
                build_traversal(L, traversals);
                found = 1;
            }
            lua_rawgeti(L, -1, 2);
            lua_pushvalue(L, 2);
            if (lua_rawget(L, -2) == LUA_TNUMBER) position = lua_tointeger(L, -1);
            lua_pop(L, 2);
        }
        if (position == 0) return luaL_error(L, "invalid key to 'next'");
    } else {
        lua_pop(L, 1);
        build_traversal(L, traversals);
    }
    int traversal = lua_gettop(L);
    lua_rawgeti(L, traversal, 1);
    int keys = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, keys);
    for (lua_Integer i = position + 1; i <= n; i++) {
        lua_rawgeti(L, keys, i);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) return 2;
        lua_pop(L, 2);
    }
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, traversals);
    lua_pushnil(L);
    return 1;
}

int segue_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushcfunction(L, segue_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}
