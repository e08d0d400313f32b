/*
 * The sandbox's memory: Lua's allocator, which counts every block at its cost against the entry's limit, pools the
 * small ones and stamps each with a creation serial (for orders that must not depend on addresses), and the
 * charges the host makes for what it builds on the entry's behalf.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "sandbox_internal.h"

/* Each block starts with a header holding its creation serial, so objects
 * used as table keys can be ordered the same way on every run (their
 * addresses, which Lua hashes, change between runs), then where the block
 * came from: 0 for malloc, or its pool size class plus one. 16 bytes keeps
 * the alignment malloc gives. */
#define SEGUE_BLOCK_HEADER 16
#define SEGUE_POOL_GRANULE 16
/* The largest pooled block, header included. */
#define SEGUE_POOL_MAX (SEGUE_POOL_CLASSES * SEGUE_POOL_GRANULE)

static inline uint64_t *block_tag(char *block) { return (uint64_t *)(block + 8); }

/* A block of at least `bytes` (header included) from the pool, or NULL when
 * the size is not pooled or the slabs reached the cap (malloc then). */
static char *pool_take(SegueSandbox *sb, size_t bytes) {
    if (bytes > SEGUE_POOL_MAX) return NULL;
    size_t class = (bytes - 1) / SEGUE_POOL_GRANULE;
    char *block = sb->pool_free[class];
    if (block != NULL) {
        sb->pool_free[class] = *(void **)block;
    } else {
        size_t size = (class + 1) * SEGUE_POOL_GRANULE;
        if ((size_t)(sb->slab_end - sb->slab_cursor) < size) {
            /* A quarter of the limit: a script that fills its memory with
             * one size, drops it and moves to another leaves these spare. */
            size_t cap = sb->limit / 4;
            if (sb->slab_bytes >= cap || SEGUE_SLAB_SIZE > cap - sb->slab_bytes) return NULL;
            char *slab = malloc(SEGUE_SLAB_SIZE);
            if (slab == NULL) return NULL;
            *(void **)slab = sb->slabs;
            sb->slabs = slab;
            sb->slab_bytes += SEGUE_SLAB_SIZE;
            /* The first 16 bytes link the slabs; blocks stay 16-aligned. */
            sb->slab_cursor = slab + SEGUE_POOL_GRANULE;
            sb->slab_end = slab + SEGUE_SLAB_SIZE;
        }
        block = sb->slab_cursor;
        sb->slab_cursor += size;
    }
    *block_tag(block) = class + 1;
    return block;
}

static inline SegueBigBlock *big_of(char *block) { return (SegueBigBlock *)(void *)block - 1; }

void big_unlink(SegueSandbox *sb, SegueBigBlock *big) {
    if (big->prev != NULL) big->prev->next = big->next; else sb->big = big->next;
    if (big->next != NULL) big->next->prev = big->prev;
}

static char *big_new(SegueSandbox *sb, size_t bytes) {
    if (bytes > SIZE_MAX - sizeof(SegueBigBlock)) return NULL;
    SegueBigBlock *big = malloc(sizeof *big + bytes);
    if (big == NULL) return NULL;
    big->bytes = bytes;
    big->held = 0;
    big->prev = NULL;
    big->next = sb->big;
    if (sb->big != NULL) sb->big->prev = big;
    sb->big = big;
    return (char *)(big + 1);
}

static void block_free(SegueSandbox *sb, char *block) {
    if (block == NULL) return;
    uint64_t tag = *block_tag(block);
    if (tag == 0) {
        SegueBigBlock *big = big_of(block);
        if (big->held & SEGUE_HELD_ANY) {
            /* Kept for the images; given back when none holds it. */
            big->held |= SEGUE_FREED;
            return;
        }
        big_unlink(sb, big);
        free(big);
        return;
    }
    *(void **)block = sb->pool_free[tag - 1];
    sb->pool_free[tag - 1] = block;
}

/* A fresh block of `bytes`, header included: pooled when small, else malloc'd. */
static char *block_new(SegueSandbox *sb, size_t bytes) {
    char *block = pool_take(sb, bytes);
    if (block != NULL) return block;
    block = big_new(sb, bytes);
    if (block != NULL) *block_tag(block) = 0;
    return block;
}

/* Moves a block to `bytes` (header included), keeping the header's serial
 * and the first `keep` bytes of the contents; NULL leaves it as it was. */
static char *block_resize(SegueSandbox *sb, char *block, size_t bytes, size_t keep) {
    uint64_t tag = *block_tag(block);
    if (tag == 0 && !(big_of(block)->held & SEGUE_HELD_ANY)) {
        if (bytes > SIZE_MAX - sizeof(SegueBigBlock)) return NULL;
        SegueBigBlock *big = big_of(block), *prev = big->prev, *next = big->next;
        SegueBigBlock *moved = realloc(big, sizeof *big + bytes);
        if (moved == NULL) return NULL;
        moved->bytes = bytes;
        if (prev != NULL) prev->next = moved; else sb->big = moved;
        if (next != NULL) next->prev = moved;
        return (char *)(moved + 1);
    }
    /* A pooled block that stays in its class stays; one an image holds is
     * left where the image will write it back, its contents moved. */
    if (tag != 0 && bytes <= SEGUE_POOL_MAX && (bytes - 1) / SEGUE_POOL_GRANULE == tag - 1) return block;
    char *moved = block_new(sb, bytes);
    if (moved == NULL) return NULL;
    memcpy(moved, block, 8);
    memcpy(moved + SEGUE_BLOCK_HEADER, block + SEGUE_BLOCK_HEADER, keep);
    block_free(sb, block);
    return moved;
}

void memory_release(SegueSandbox *sb) {
    while (sb->slabs != NULL) {
        void *next = *(void **)sb->slabs;
        free(sb->slabs);
        sb->slabs = next;
    }
    while (sb->big != NULL) {
        SegueBigBlock *next = sb->big->next;
        free(sb->big);
        sb->big = next;
    }
    for (int level = 0; level < SEGUE_IMAGE_LEVELS; level++) {
        image_free(sb->images[level]);
        sb->images[level] = NULL;
    }
}


/* What a block of `size` bytes costs the process: its header and malloc's
 * own word, rounded to malloc's 16 bytes (a pooled block, rounded to its
 * class, never costs more). Counting this rather than the size Lua asked
 * for keeps the limit honest for small objects, which cost up to twice
 * their size. */
static inline size_t block_cost(size_t size) {
    return size > SIZE_MAX / 2 ? SIZE_MAX / 2 : (size + SEGUE_BLOCK_HEADER + 8 + 15) & ~(size_t)15;
}

/* Counts every block Lua holds, at its cost, and refuses growth past the
 * limit. Lua then collects garbage and retries once before it raises "not
 * enough memory". In 5.4 `osize` is a type tag when `ptr` is NULL, so only
 * a real block counts as old. Never raises, never calls Lua. */
static inline void *allocate(void *ud, void *ptr, size_t osize, size_t nsize) {
    SegueSandbox *sb = ud;
    size_t old = ptr != NULL ? osize : 0;
    size_t old_cost = ptr != NULL ? block_cost(osize) : 0;
    char *real = ptr != NULL ? (char *)ptr - SEGUE_BLOCK_HEADER : NULL;
    if (nsize == 0) {
        block_free(sb, real);
        sb->used -= old_cost;
        return NULL;
    }
    size_t cost = block_cost(nsize);
    if (cost > old_cost && !sb->in_swift
        && (sb->out_of_memory || sb->used >= sb->limit || cost - old_cost > sb->limit - sb->used)) {
        /* Lua raises the memory error with no position and no message
         * handler, so note the script's line now. Reading the call stack
         * allocates nothing ("Sl" only). */
        if (sb->running != NULL && !sb->out_of_memory) {
            /* Once the entry has ended (the allocator refusing everything
             * while the error unwinds), the place already noted stays. A
             * later refusal with no script frame on the stack (while the
             * error unwinds out of a coroutine, say) keeps it too. */
            char source[sizeof sb->refused_source];
            int line = 0;
            note_innermost_frame(sb->running, source, sizeof source, &line);
            if (line > 0) {
                memcpy(sb->refused_source, source, sizeof source);
                sb->refused_line = line;
            }
        }
        return NULL;
    }
    if (nsize > SIZE_MAX - SEGUE_BLOCK_HEADER) return NULL;
    char *block = real != NULL ? block_resize(sb, real, nsize + SEGUE_BLOCK_HEADER, old < nsize ? old : nsize)
                               : block_new(sb, nsize + SEGUE_BLOCK_HEADER);
    if (block == NULL) {
        if (sb->in_swift) {
            fprintf(stderr, "segue: the system is out of memory\n");
            abort();
        }
        return NULL;
    }
    if (real == NULL) {
        *(uint64_t *)block = ++sb->block_serial;
        sb->last_block = block + SEGUE_BLOCK_HEADER;
    }
    sb->used = sb->used - old_cost + cost;
    if (sb->used > sb->peak) {
        sb->peak = sb->used;
    }
    return block + SEGUE_BLOCK_HEADER;
}

/* Lua's allocator. Never stopped halfway (park.c): a block moved by realloc
 * and not yet relinked on the list, or a slab taken and not yet noted, would
 * leave the list pointing at freed memory or lose the slab. */
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    unparkable_begin();
    void *block = allocate(ud, ptr, osize, nsize);
    unparkable_end();
    return block;
}

static uint64_t serial_at(const void *object, ptrdiff_t offset) {
    return *(const uint64_t *)((const char *)object - offset - SEGUE_BLOCK_HEADER);
}

uint64_t segue_object_serial(lua_State *L, int i) {
    SegueSandbox *sb = segue_sandbox_of(L);
    const void *p = lua_topointer(L, i);
    if (p == NULL) return 0;
    switch (lua_type(L, i)) {
        case LUA_TTABLE:
            return serial_at(p, 0);
        case LUA_TFUNCTION:
            /* A light C function is a bare pointer into a library: no block. */
            if (lua_iscfunction(L, i) && lua_getupvalue(L, i, 1) == NULL) return 0;
            if (lua_iscfunction(L, i)) lua_pop(L, 1);
            return serial_at(p, 0);
        case LUA_TUSERDATA:
            return serial_at(p, sb->userdata_offset);
        case LUA_TTHREAD:
            return serial_at(p, sb->thread_offset);
        default:
            return 0;
    }
}

/* A charge past the limit is not counted and ends the entry at its next
 * step, so the count stays under the limit, a ceiling, as for Lua's own
 * allocations; the host holds at most that one object more meanwhile. */
int segue_sandbox_charge(SegueSandbox *sb, size_t bytes) {
    if (sb->used > sb->limit || bytes > sb->limit - sb->used) {
        sb->out_of_memory = 1;
        return 0;
    }
    sb->host_charged += bytes;
    sb->used += bytes;
    if (sb->used > sb->peak) sb->peak = sb->used;
    return 1;
}

size_t segue_sandbox_host_charged(const SegueSandbox *sb) { return sb->host_charged; }

/* The sandbox pointer sits in the state's extra space, which Lua copies
 * into every coroutine it creates: finding it is pointer arithmetic, on the
 * path of every host-function call. */
SegueSandbox *segue_sandbox_of(lua_State *L) { return sandbox_of(L); }

void *segue_sandbox_host(lua_State *L) { return segue_sandbox_of(L)->host; }

void segue_sandbox_set_host(SegueSandbox *sb, void *host) { sb->host = host; }

size_t segue_sandbox_memory_used(const SegueSandbox *sb) { return sb->used; }
size_t segue_sandbox_memory_peak(const SegueSandbox *sb) { return sb->peak; }
size_t segue_sandbox_pool_bytes(const SegueSandbox *sb) { return sb->slab_bytes; }
size_t segue_sandbox_memory_limit(const SegueSandbox *sb) { return sb->limit; }

void segue_sandbox_set_memory_limit(SegueSandbox *sb, size_t limit) {
    /* The allocator computes limit - used, which must not wrap. */
    sb->limit = limit < sb->used ? sb->used : limit;
}

SegueFate segue_sandbox_fate(const SegueSandbox *sb) {
    if (atomic_load(&((SegueSandbox *)sb)->expired)) return SEGUE_FATE_TIME_LIMIT;
    if (sb->out_of_memory) return SEGUE_FATE_MEMORY_LIMIT;
    return SEGUE_FATE_ALIVE;
}
