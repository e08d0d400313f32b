/*
 * An order for a library's C functions that is the same on every run of the
 * same build (pairs over them as keys, tablelib.c): they were never made by
 * the script, so they have no creation serial, and their addresses move with
 * where the loader puts each library.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dl_iterate_phdr */
#endif
#include <link.h>
#include <stdint.h>
#include <string.h>

#include "sandbox_internal.h"

/* The object (the program or a library) whose loaded segments hold an address, found by walking the loaded
 * objects' program headers: dladdr would also search the object's symbols, tens of thousands in this program. */
struct object_search {
    uintptr_t address;
    const char *name;
    uintptr_t base;
    int found;
};

static int find_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct object_search *search = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + segment->p_vaddr;
        if (search->address >= start && search->address - start < segment->p_memsz) {
            search->name = info->dlpi_name;
            search->base = info->dlpi_addr;
            search->found = 1;
            return 1;
        }
    }
    return 0;
}

/* Where a light C function is: the object that holds it, named so that the name does not change with where the
 * program was started from (the program itself as "", a library by its file's last component), and its offset in
 * that object. */
static int c_function_place(const void *f, const char **object, uintptr_t *offset) {
    struct object_search search = {.address = (uintptr_t)f};
    dl_iterate_phdr(find_object, &search);
    if (!search.found || search.name == NULL) return 0;
    const char *slash = strrchr(search.name, '/');
    *object = slash ? slash + 1 : search.name;
    *offset = search.address - search.base;
    return 1;
}

/* Two light C functions (a library's: no upvalues, so no block and no serial) in an order that is the same on every
 * run of the same build: by the object that holds each, then by its place in it. Their addresses alone move with
 * where the loader puts each library, and ordering by them made pairs over such keys differ from run to run. */
int segue_c_function_less(lua_CFunction fa, lua_CFunction fb) {
    if (fa == fb || fa == NULL || fb == NULL) return fa == NULL && fb != NULL;
    const void *pa = (const void *)(uintptr_t)fa, *pb = (const void *)(uintptr_t)fb;
    const char *oa, *ob;
    uintptr_t offa, offb;
    if (!c_function_place(pa, &oa, &offa) || !c_function_place(pb, &ob, &offb)) return pa < pb;
    int c = strcmp(oa, ob);
    return c != 0 ? c < 0 : offa < offb;
}
