/*
 * serve_page: a viewer's page, cmd/serve/page.html (compiled in) with the
 * viewer's name, escaped, where it says @VIEWER@.  The page holds no
 * game data: its script asks sheet.json each time the view's events say
 * it changed (every second while they cannot be had), and writes what it
 * reads as text, never as markup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "serve.h"

/* cmd/serve/page.html (build/gen/serve_page_html.c). */
extern const char serve_page_html[];

#define MARK "@VIEWER@"

int
serve_page(struct view *v)
{
	const char *p = serve_page_html, *mark;
	FILE *f = open_memstream(&v->page, &v->npage);

	if (f == NULL)
		return -1;
	while ((mark = strstr(p, MARK)) != NULL) {
		fwrite(p, 1, (size_t)(mark - p), f);
		html_esc(f, v->side[0] != '\0' ? v->side : "umpire");
		p = mark + strlen(MARK);
	}
	fputs(p, f);
	if (ferror(f) | fclose(f)) {
		free(v->page);
		v->page = NULL;
		return -1;
	}
	return 0;
}
