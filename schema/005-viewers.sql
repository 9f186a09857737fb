-- The pages of `umpire serve`: each viewer's secret token (128 random
-- bits as 32 hex digits), kept in the game so that a restart of the server
-- keeps the URLs the table was given; `serve --new-tokens` replaces them.
-- `side` is the side whose view the page shows, '' for the umpire's.
CREATE TABLE viewer (
	side TEXT PRIMARY KEY,
	token TEXT NOT NULL UNIQUE CHECK (length(token) = 32 AND token NOT GLOB '*[^0-9a-f]*')
) STRICT, WITHOUT ROWID;
