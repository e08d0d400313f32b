/*
 * The C half of LuaSyntax: the parser's budget. A hook raises a Lua error
 * (a longjmp), which must never cross a Swift frame, so it lives here.
 */
#ifndef SEGUE_SYNTAX_H
#define SEGUE_SYNTAX_H

#include <lua.h>

/* Stops the Lua code running in L once it has run about `thousands` thousand
   VM instructions: the parser reads untrusted text, and nothing else bounds
   its time. `thousands` is counted down in place and must outlive the run. */
void segue_syntax_budget(lua_State *L, long *thousands);

#endif
