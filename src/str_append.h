/* armsha_str_append: text added to the end of a string held in a fixed buffer (the kernels
 * report, a core's name), cut where it would not fit. */
#ifndef ARMSHA_STR_APPEND_H
#define ARMSHA_STR_APPEND_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* buf: size bytes holding a NUL-terminated string; it stays terminated. */
static inline void armsha_str_append(char *buf, size_t size, const char *text)
{
    size_t used = strlen(buf);

    snprintf(buf + used, size - used, "%s", text);
}

#endif
