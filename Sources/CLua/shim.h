/*
 * The system's Lua 5.4 as Swift sees it.
 *
 * Swift cannot see C macros that take arguments, and much of Lua's API is
 * macros (lua_pcall, lua_pop, lua_tostring, LUA_REGISTRYINDEX, ...). Each one
 * Swift needs is restated here as a static inline function or constant.
 * Nothing here raises a Lua error by itself.
 */
#ifndef SEGUE_CLUA_SHIM_H
#define SEGUE_CLUA_SHIM_H

#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static const int segue_LUA_REGISTRYINDEX = LUA_REGISTRYINDEX;
static const int segue_LUA_MULTRET = LUA_MULTRET;
static const int segue_LUA_NOREF = LUA_NOREF;
static const int segue_LUA_RIDX_GLOBALS = LUA_RIDX_GLOBALS;

static inline int segue_lua_upvalueindex(int i) { return lua_upvalueindex(i); }

static inline int segue_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline void segue_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void segue_lua_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *segue_lua_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number segue_lua_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer segue_lua_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline void segue_lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline int segue_lua_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline int segue_lua_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int segue_lua_istable(lua_State *L, int i) { return lua_istable(L, i); }
static inline int segue_lua_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
static inline void segue_lua_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void segue_lua_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void segue_lua_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void *segue_lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdata(L, size); }
static inline const char *segue_luaL_typename(lua_State *L, int i) { return luaL_typename(L, i); }
static inline const char *segue_empty_cstring(void) { return ""; }
static inline void segue_lua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }

#endif
