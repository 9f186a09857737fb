/*
 * serve_secure: what every answer of the server shares to keep a view's
 * URL its secret: the headers each carries (no caching, sniffing,
 * referrer or framing; its Content-Security-Policy), and the tokens
 * compared in constant time.  The answers, the event streams, the sheets
 * and the guard's error pages all call here; it calls none of them.
 */
#include "serve.h"

int
serve_headers(struct MHD_Response *r, const char *type, const char *policy)
{
	return MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) == MHD_YES &&
	    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store") == MHD_YES &&
	    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff") == MHD_YES &&
	    MHD_add_response_header(r, "Referrer-Policy", "no-referrer") == MHD_YES &&
	    MHD_add_response_header(r, "X-Frame-Options", "DENY") == MHD_YES &&
	    MHD_add_response_header(r, "Content-Security-Policy", policy) == MHD_YES ?
	    MHD_YES : MHD_NO;
}

int
serve_token_equal(const char *a, const char *b)
{
	unsigned char diff = 0;

	for (int i = 0; i < VIEWER_TOKEN - 1; i++)
		diff |= (unsigned char)(a[i] ^ b[i]);
	return diff == 0;
}
