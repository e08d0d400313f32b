/*
 * A sandbox's images: every byte of Lua's memory and the allocator's state, kept once the state is made ready (the
 * libraries, the prelude, the API; level 0) and once an entry is loaded in it (level 1), so that each scenario starts
 * from one instead of from nothing: an entry's later scenarios from its loaded image, the next entry from the ready one. Lua
 * keeps all of a state in the memory its allocator hands out, and none of it refers to the host's objects (a handle
 * is a number; the host's functions are static), so writing those bytes back at the same addresses is the state as
 * it was: nothing a scenario did survives into the next.
 */
#include <stdlib.h>
#include <string.h>

#include "sandbox_internal.h"

typedef struct {
    char *at;
    size_t bytes;
} Piece;

/* The allocator's fields an image keeps, named once: capture saves them, rewind writes them back. */
#define IMAGE_FIELDS(X) X(used) X(peak) X(limit) X(host_charged) X(slab_bytes) X(block_serial) X(last_block) \
    X(slab_cursor) X(slab_end) X(slabs)
#define DECLARE_FIELD(name) __typeof__(((SegueSandbox *)0)->name) name;
#define SAVE_FIELD(name) image->name = sb->name;
#define RESTORE_FIELD(name) sb->name = image->name;

struct SegueSandboxImage {
    IMAGE_FIELDS(DECLARE_FIELD)
    void *pool_free[SEGUE_POOL_CLASSES];
    /* The slabs' used parts and the big blocks, and their bytes one after another in `copy`. */
    size_t count;
    Piece *pieces;
    char *copy;
};

void image_free(SegueSandboxImage *image) {
    if (image == NULL) return;
    free(image->pieces);
    free(image->copy);
    free(image);
}

/* The newest slab is used up to the cursor; the older ones whole. */
static size_t slab_used(const SegueSandbox *sb, const char *slab) {
    return slab == sb->slabs ? (size_t)(sb->slab_cursor - slab) : SEGUE_SLAB_SIZE;
}

/* Only between calls: no function running on the main thread, the host on it. */
static int between_calls(const SegueSandbox *sb) {
    lua_Debug ar;
    return sb->L != NULL && sb->current == sb->L && lua_getstack(sb->L, 0, &ar) == 0;
}

static void unlink_free(SegueSandbox *sb, SegueBigBlock *big) {
    big_unlink(sb, big);
    free(big);
}

/* Lets go of the image at `level`: what only it held goes back to malloc if
 * Lua has freed it, and is Lua's alone if not. */
static void drop(SegueSandbox *sb, int level) {
    if (sb->images[level] == NULL) return;
    for (SegueBigBlock *big = sb->big, *next; big != NULL; big = next) {
        next = big->next;
        if (!(big->held & SEGUE_HELD_BY(level))) continue;
        big->held &= ~SEGUE_HELD_BY(level);
        if (big->held & SEGUE_HELD_ANY) continue;
        if (big->held & SEGUE_FREED) unlink_free(sb, big); else big->held = 0;
    }
    image_free(sb->images[level]);
    sb->images[level] = NULL;
}

int segue_sandbox_capture(SegueSandbox *sb, int level) {
    if (level < 0 || level >= SEGUE_IMAGE_LEVELS || !between_calls(sb) || sb->out_of_memory || segue_expired(sb)) return 0;
    /* A new ready image leaves any loaded one behind (its slabs would be freed by a rewind to the new one). */
    if (level == 0) drop(sb, 1);
    drop(sb, level);
    size_t count = 0, bytes = 0;
    for (char *slab = sb->slabs; slab != NULL; slab = *(char **)slab) {
        count += 1;
        bytes += slab_used(sb, slab);
    }
    for (SegueBigBlock *big = sb->big; big != NULL; big = big->next) {
        if (big->held & SEGUE_FREED) continue;
        count += 1;
        bytes += big->bytes;
    }
    SegueSandboxImage *image = calloc(1, sizeof *image);
    if (image == NULL) return 0;
    image->pieces = malloc(count * sizeof(Piece) + 1);
    image->copy = malloc(bytes + 1);
    if (image->pieces == NULL || image->copy == NULL) {
        image_free(image);
        return 0;
    }
    char *cursor = image->copy;
    for (char *slab = sb->slabs; slab != NULL; slab = *(char **)slab) {
        image->pieces[image->count++] = (Piece){slab, slab_used(sb, slab)};
    }
    for (SegueBigBlock *big = sb->big; big != NULL; big = big->next) {
        if (big->held & SEGUE_FREED) continue;
        big->held |= SEGUE_HELD_BY(level);
        image->pieces[image->count++] = (Piece){(char *)(big + 1), big->bytes};
    }
    for (size_t i = 0; i < image->count; i++) {
        memcpy(cursor, image->pieces[i].at, image->pieces[i].bytes);
        cursor += image->pieces[i].bytes;
    }
    IMAGE_FIELDS(SAVE_FIELD)
    memcpy(image->pool_free, sb->pool_free, sizeof image->pool_free);
    sb->images[level] = image;
    return 1;
}

int segue_sandbox_rewind(SegueSandbox *sb, int level) {
    if (level < 0 || level >= SEGUE_IMAGE_LEVELS) return 0;
    SegueSandboxImage *image = sb->images[level];
    if (image == NULL || !between_calls(sb)) return 0;
    /* Back to the ready state, the loaded entry goes: its slabs are newer. */
    if (level == 0) drop(sb, 1);
    /* What was made since is garbage once the image is back: the big blocks
     * no image holds, and the slabs newer than the image's newest (a new
     * slab goes at the head of the list, and none leaves it before the end).
     * What the other image holds stays for it, not live here. */
    for (SegueBigBlock *big = sb->big, *next; big != NULL; big = next) {
        next = big->next;
        if (big->held & SEGUE_HELD_BY(level)) {
            big->held &= ~SEGUE_FREED;
        } else if (big->held & SEGUE_HELD_ANY) {
            big->held |= SEGUE_FREED;
        } else {
            unlink_free(sb, big);
        }
    }
    while (sb->slabs != image->slabs) {
        void *next = *(void **)sb->slabs;
        free(sb->slabs);
        sb->slabs = next;
    }
    const char *cursor = image->copy;
    for (size_t i = 0; i < image->count; i++) {
        memcpy(image->pieces[i].at, cursor, image->pieces[i].bytes);
        cursor += image->pieces[i].bytes;
    }
    IMAGE_FIELDS(RESTORE_FIELD)
    memcpy(sb->pool_free, image->pool_free, sizeof sb->pool_free);
    sb->out_of_memory = 0;
    sb->in_swift = 1;
    sb->error_source[0] = '\0';
    sb->error_line = 0;
    sb->refused_source[0] = '\0';
    sb->refused_line = 0;
    atomic_store(&sb->expired, 0);
    sandbox_lock(sb);
    sb->running = sb->L;
    sandbox_unlock(sb);
    sb->current = sb->L;
    return 1;
}
