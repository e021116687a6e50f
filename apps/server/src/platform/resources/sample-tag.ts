/**
 * A short random tag that keeps a sample row's unique fields unique (a code, a name), for the
 * isolation suites' `sample` hooks, which make rows straight in a school. Never used by a request.
 */
export const sampleTag = (length = 8) =>
  Math.random()
    .toString(36)
    .slice(2, 2 + length)
    .toUpperCase();
