/** The funds screen's lists (the statement, the held deposits) are read this many rows a page. */
export const FUNDS_PAGE_SIZE = 10;
