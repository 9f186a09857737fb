/* error: one failure's record (error.h). */
#include <stdio.h>
#include <string.h>

#include "error.h"

int
error_vset(struct error *e, int code, const char *fmt, va_list ap)
{
	char buf[ERROR_TEXT];
	int n = vsnprintf(buf, sizeof buf, fmt, ap);

	if (n < 0)
		n = snprintf(buf, sizeof buf, "a failure that could not be said");
	else if ((size_t)n >= sizeof buf)
		memcpy(buf + sizeof buf - 4, "...", 4);
	memcpy(e->text, buf, sizeof buf);
	e->code = code;
	return code;
}

int
error_set(struct error *e, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(e, code, fmt, ap);
	va_end(ap);
	return code;
}

void
error_clear(struct error *e)
{
	e->code = 0;
	e->text[0] = '\0';
}
