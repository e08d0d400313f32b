#include <chafa.h>

/* GLib's g_string_free is a macro in some versions; Swift calls this instead. */
static inline void segue_chafa_string_free(GString *string) {
    g_string_free(string, TRUE);
}
