/* Bounded string helpers for armsha-doctor's fixed-size report buffers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "doctor.h"

void armsha_doctor_copy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return;
    snprintf(dst, size, "%s", src != NULL ? src : "");
}

/* Truncates quietly: the report is for reading, a cut line still says enough. */
void armsha_doctor_append(char *dst, size_t size, const char *fmt, ...)
{
    size_t used = strlen(dst);
    va_list ap;

    if (used + 1 >= size)
        return;
    va_start(ap, fmt);
    vsnprintf(dst + used, size - used, fmt, ap);
    va_end(ap);
}

int armsha_doctor_in_list(const char *list, const char *word)
{
    size_t n = strlen(word);

    while (list != NULL && *list != '\0') {
        size_t len = strcspn(list, " ");

        if (len == n && strncmp(list, word, n) == 0)
            return 1;
        list += len;
        list += strspn(list, " ");
    }
    return 0;
}
