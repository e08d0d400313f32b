/*
 * Chunks as bytecode: the host's own Lua compiled once a process (stripped), loaded into each sandbox, and a
 * script's chunk dumped after the host compiled it from text (ChunkCache). Only bytes this process made are ever
 * loaded as bytecode.
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

typedef struct {
    unsigned char *bytes;
    size_t size, capacity;
    size_t limit; /* 0: none */
} DumpBuffer;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    DumpBuffer *out = ud;
    if (out->limit != 0 && out->size + size > out->limit) return 1;
    if (out->size + size > out->capacity) {
        size_t capacity = (out->size + size) * 2;
        unsigned char *bytes = realloc(out->bytes, capacity);
        if (bytes == NULL) return 1;
        out->bytes = bytes;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->size, p, size);
    out->size += size;
    return 0;
}

unsigned char *segue_compile_host_chunk(const char *source, size_t size, const char *chunkname,
                                        size_t *out_size, char **error) {
    *out_size = 0;
    *error = NULL;
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        *error = strdup("out of memory");
        return NULL;
    }
    DumpBuffer out = {0};
    if (luaL_loadbufferx(L, source, size, chunkname, "t") != LUA_OK) {
        const char *message = lua_tostring(L, -1);
        *error = strdup(message != NULL ? message : "cannot compile");
    } else if (lua_dump(L, dump_writer, &out, 1) != 0 || out.size == 0) {
        /* Stripped of line numbers and local names: loading the host's chunks was a seventh of `segue check`, and
         * interning their local names half of that. No script is shown a host line: the innermost script frame is
         * (note_innermost_frame passes over frames with no line), and a message placed in a host chunk ("?:-1:")
         * is placed at the script's line instead (LuaState.failure). */
        *error = strdup("out of memory");
        free(out.bytes);
        out.bytes = NULL;
    } else {
        *out_size = out.size;
    }
    lua_close(L);
    return out.bytes;
}

int segue_sandbox_load_host_chunk(lua_State *L, const unsigned char *bytecode, size_t size, const char *chunkname) {
    SegueSandbox *sb = segue_sandbox_of(L);
    int in_swift = sb->in_swift;
    sb->in_swift = 0;
    int status = luaL_loadbufferx(L, (const char *)bytecode, size, chunkname, "b");
    sb->in_swift = in_swift;
    if (status == LUA_ERRMEM) {
        sb->out_of_memory = 1;
    }
    return status;
}

unsigned char *segue_sandbox_dump(lua_State *L, size_t max_size, size_t *out_size) {
    *out_size = 0;
    DumpBuffer out = {.limit = max_size};
    int failed = lua_dump(L, dump_writer, &out, 0) != 0 || out.size == 0;
    if (failed) {
        free(out.bytes);
        return NULL;
    }
    *out_size = out.size;
    return out.bytes;
}
