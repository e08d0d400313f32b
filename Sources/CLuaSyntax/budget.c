#include <lauxlib.h>

#include "segue_syntax.h"

/* Called every thousand instructions; the budget's address is kept in the
   state's extra space (nothing else uses this state's). */
static void budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    long *thousands = *(long **)lua_getextraspace(L);
    if (--*thousands < 0) luaL_error(L, "the text takes too long to parse");
}

void segue_syntax_budget(lua_State *L, long *thousands) {
    *(long **)lua_getextraspace(L) = thousands;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1000);
}
