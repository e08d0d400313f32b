/*
 * Lua patterns (manual 6.4.1) for string.find, match, gmatch and gsub.
 *
 * Lua's own matcher backtracks without bound inside one C call, where no
 * hook can fire: string.find(("a"):rep(40), ("a?"):rep(40)..("a"):rep(40))
 * runs for hours. This matcher has the same semantics and polls the
 * sandbox's time limit every few thousand steps, so the host's kill reaches
 * it like any other loop.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
#include <ctype.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

#define MAX_CAPTURES 32
#define MAX_DEPTH 200
#define CAPTURE_OPEN (-1)
#define CAPTURE_POSITION (-2)
/* Work between two looks at the time limit: a step of the matcher, a
 * pattern item visited, a character compared against an item (a long set
 * costs its length), a byte of a back-reference or of a gsub template. */
#define POLL_WORK 4096

typedef struct {
    const char *subject, *subject_end;
    const char *pattern_end;
    lua_State *L;
    SegueSandbox *sb;
    size_t work, next_poll;
    int depth;
    int level;
    struct {
        const char *start;
        ptrdiff_t length;
    } capture[MAX_CAPTURES];
} Matcher;

static const char *match(Matcher *m, const char *s, const char *p);

static void matcher_start(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->sb = segue_sandbox_of(L);
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->work = 0;
    m->next_poll = POLL_WORK;
}

/* Counts work and, every POLL_WORK of it, ends the call if the time limit
 * has passed: every loop in the matcher spends, so none runs unbounded. */
static void spend(Matcher *m, size_t work) {
    m->work += work;
    if (m->work >= m->next_poll) {
        m->next_poll = m->work + POLL_WORK;
        if (segue_expired(m->sb)) segue_raise_time_limit(m->L);
    }
}

static void matcher_reset(Matcher *m) {
    m->level = 0;
    m->depth = MAX_DEPTH;
}

static int class_matches(int c, int class) {
    int result;
    switch (tolower(class)) {
        case 'a': result = isalpha(c); break;
        case 'c': result = iscntrl(c); break;
        case 'd': result = isdigit(c); break;
        case 'g': result = isgraph(c); break;
        case 'l': result = islower(c); break;
        case 'p': result = ispunct(c); break;
        case 's': result = isspace(c); break;
        case 'u': result = isupper(c); break;
        case 'w': result = isalnum(c); break;
        case 'x': result = isxdigit(c); break;
        case 'z': result = c == 0; break; /* deprecated in 5.2, still accepted by 5.4 */
        default: return class == c;
    }
    if (isupper(class)) result = !result;
    return result;
}

/* p points at '[', close at its ']'. */
static int set_matches(int c, const char *p, const char *close) {
    int hit = 1;
    if (p[1] == '^') {
        hit = 0;
        p++;
    }
    while (++p < close) {
        if (*p == '%') {
            p++;
            if (class_matches(c, (unsigned char)*p)) return hit;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return hit;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return hit;
        }
    }
    return !hit;
}

/* The end of the single-character class starting at p. */
static const char *class_end(Matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (*p == '^') p++;
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (p >= m->pattern_end || *p != ']');
        return p + 1;
    }
    return p;
}

static int single_matches(Matcher *m, const char *s, const char *p, const char *ep) {
    spend(m, (size_t)(ep - p));
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
        case '.': return 1;
        case '%': return class_matches(c, (unsigned char)p[1]);
        case '[': return set_matches(c, p, ep - 1);
        default: return (unsigned char)*p == c;
    }
}

static const char *match_balance(Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        spend(m, 1);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

static const char *expand_greedy(Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t count = 0;
    while (single_matches(m, s + count, p, ep)) count++;
    for (; count >= 0; count--) {
        const char *end = match(m, s + count, ep + 1);
        if (end != NULL) return end;
    }
    return NULL;
}

static const char *expand_lazy(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = match(m, s, ep + 1);
        if (end != NULL) return end;
        if (!single_matches(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].start = s;
    m->capture[m->level].length = kind;
    m->level++;
    const char *end = match(m, s, p);
    if (end == NULL) m->level--;
    return end;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int open = -1;
    for (int i = m->level - 1; i >= 0; i--) {
        if (m->capture[i].length == CAPTURE_OPEN) {
            open = i;
            break;
        }
    }
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[open].length = s - m->capture[open].start;
    const char *end = match(m, s, p);
    if (end == NULL) m->capture[open].length = CAPTURE_OPEN;
    return end;
}

static int capture_index(Matcher *m, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->capture[i].length == CAPTURE_OPEN) {
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    }
    return i;
}

static const char *match_back_reference(Matcher *m, const char *s, int digit) {
    int i = capture_index(m, digit);
    ptrdiff_t length = m->capture[i].length;
    spend(m, 1 + (length > 0 ? (size_t)length : 0));
    if (length >= 0 && m->subject_end - s >= length && memcmp(m->capture[i].start, s, (size_t)length) == 0) {
        return s + length;
    }
    return NULL;
}

/* Returns the end of the match of p at s, or NULL. Loops where the rest of
 * the pattern is a tail call, recurses where it must backtrack. */
static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    spend(m, 1);
    while (p < m->pattern_end) {
        const char *ep;
        spend(m, 1);
        switch (*p) {
            case '(':
                s = p + 1 < m->pattern_end && p[1] == ')'
                        ? open_capture(m, s, p + 2, CAPTURE_POSITION)
                        : open_capture(m, s, p + 1, CAPTURE_OPEN);
                goto done;
            case ')':
                s = close_capture(m, s, p + 1);
                goto done;
            case '$':
                if (p + 1 == m->pattern_end) {
                    if (s != m->subject_end) s = NULL;
                    goto done;
                }
                break;
            case '%':
                if (p + 1 >= m->pattern_end) break;
                if (p[1] == 'b') {
                    s = match_balance(m, s, p + 2);
                    if (s == NULL) goto done;
                    p += 4;
                    continue;
                }
                if (p[1] == 'f') {
                    p += 2;
                    if (p >= m->pattern_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                    ep = class_end(m, p);
                    spend(m, (size_t)(ep - p));
                    int previous = s == m->subject ? '\0' : (unsigned char)s[-1];
                    int current = s < m->subject_end ? (unsigned char)*s : '\0';
                    if (!set_matches(previous, p, ep - 1) && set_matches(current, p, ep - 1)) {
                        p = ep;
                        continue;
                    }
                    s = NULL;
                    goto done;
                }
                if (isdigit((unsigned char)p[1])) {
                    s = match_back_reference(m, s, (unsigned char)p[1]);
                    if (s == NULL) goto done;
                    p += 2;
                    continue;
                }
                break;
            default:
                break;
        }
        ep = class_end(m, p);
        char quantifier = ep < m->pattern_end ? *ep : '\0';
        if (!single_matches(m, s, p, ep)) {
            if (quantifier == '*' || quantifier == '?' || quantifier == '-') {
                p = ep + 1;
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (quantifier) {
            case '?': {
                const char *end = match(m, s + 1, ep + 1);
                if (end != NULL) {
                    s = end;
                    goto done;
                }
                p = ep + 1;
                continue;
            }
            case '+': s = expand_greedy(m, s + 1, p, ep); goto done;
            case '*': s = expand_greedy(m, s, p, ep); goto done;
            case '-': s = expand_lazy(m, s, p, ep); goto done;
            default:
                s++;
                p = ep;
                continue;
        }
    }
done:
    m->depth++;
    return s;
}

/* --------------------------------------------------------------- results */

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->capture[i].length;
    if (length == CAPTURE_OPEN) luaL_error(m->L, "unfinished capture");
    if (length == CAPTURE_POSITION) {
        lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    } else {
        lua_pushlstring(m->L, m->capture[i].start, (size_t)length);
    }
}

/* Pushes the captures, or the whole match when there are none (s != NULL). */
static int push_captures(Matcher *m, const char *s, const char *e) {
    int count = m->level == 0 && s != NULL ? 1 : m->level;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) push_capture(m, i, s, e);
    return count;
}

/* Lua's rule for a start position: negative counts from the end. */
static size_t start_offset(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position - 1;
    if (position == 0 || position < -(lua_Integer)length) return 0;
    return length + (size_t)position;
}

static int has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++) {
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
    }
    return 0;
}

/* glibc's memmem (the two-way algorithm) takes time linear in the text and
 * the needle: a naive scan of an 8 MB text for a 2 MB needle ran for hours
 * inside this one call. */
static const char *find_plain(const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    return memmem(s, ls, p, lp);
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *hit = find_plain(s + init, ls - init, p, lp);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((hit - s) + lp));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    int anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    Matcher m;
    matcher_start(&m, L, s, ls, p, lp);
    const char *start = s + init;
    do {
        matcher_reset(&m);
        const char *end = match(&m, start, p);
        if (end != NULL) {
            if (find) {
                lua_pushinteger(L, (start - s) + 1);
                lua_pushinteger(L, end - s);
                return push_captures(&m, NULL, NULL) + 2;
            }
            return push_captures(&m, start, end);
        }
    } while (start++ < m.subject_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

static int sandbox_find(lua_State *L) { return find_or_match(L, 1); }
static int sandbox_match(lua_State *L) { return find_or_match(L, 0); }

/* ---------------------------------------------------------------- gmatch */

typedef struct {
    const char *next;
    const char *last_match;
    Matcher m;
} GlobalMatch;

static int gmatch_step(lua_State *L) {
    GlobalMatch *g = lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *s = g->next; s <= g->m.subject_end; s++) {
        matcher_reset(&g->m);
        const char *p = lua_tostring(L, lua_upvalueindex(2));
        const char *end = match(&g->m, s, p);
        if (end != NULL && end != g->last_match) {
            g->next = g->last_match = end;
            return push_captures(&g->m, s, end);
        }
    }
    return 0;
}

static int sandbox_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) init = ls + 1;
    lua_settop(L, 2);
    GlobalMatch *g = lua_newuserdatauv(L, sizeof *g, 0);
    matcher_start(&g->m, L, s, ls, p, lp);
    g->next = s + init;
    g->last_match = NULL;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/* ------------------------------------------------------------------ gsub */

static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    size_t length;
    const char *t = lua_tolstring(m->L, 3, &length);
    const char *end = t + length;
    spend(m, 1 + length);
    for (; t < end; t++) {
        if (*t != '%') {
            luaL_addchar(b, *t);
            continue;
        }
        t++;
        if (t < end && *t == '%') {
            luaL_addchar(b, '%');
        } else if (t < end && isdigit((unsigned char)*t)) {
            if (*t == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                push_capture(m, *t - '1', s, e);
                luaL_tolstring(m->L, -1, NULL);
                lua_remove(m->L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(m->L, "invalid use of '%%' in replacement string");
        }
    }
}

static void add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, b, s, e);
        return;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int sandbox_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer limit = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    int anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    Matcher m;
    matcher_start(&m, L, s, ls, p, lp);
    const char *src = s;
    const char *last_match = NULL;
    lua_Integer count = 0;
    while (count < limit) {
        matcher_reset(&m);
        const char *end = match(&m, src, p);
        if (end != NULL && end != last_match) {
            count++;
            add_replacement(&m, &b, src, end, kind);
            src = last_match = end;
        } else if (src < m.subject_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchored) break;
    }
    luaL_addlstring(&b, src, (size_t)(m.subject_end - src));
    luaL_pushresult(&b);
    lua_pushinteger(L, count);
    return 2;
}

int segue_open_patterns(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", sandbox_find},
        {"match", sandbox_match},
        {"gmatch", sandbox_gmatch},
        {"gsub", sandbox_gsub},
        {NULL, NULL},
    };
    luaL_setfuncs(L, functions, 0);
    return 0;
}
