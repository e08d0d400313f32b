/* statfs(2): which file system a path is on (its magic number), which Glibc's Swift module leaves out. In the C
   library itself: nothing to link. */
#include <sys/statfs.h>
