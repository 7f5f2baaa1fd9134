// Which methods the API has for a path: a request with another method gets 405 and an Allow header, not 404.

/** A route pattern ("/api/v1/items/:id", "/api/auth/*") as a regular expression for concrete paths. */
function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return '[^/]+';
      if (part === '*') return '.*';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/**
 * The methods registered for `pathname`, from the route register ("METHOD url" keys), with HEAD beside GET as
 * Fastify answers it; empty when no route has that path.
 */
export function allowedMethods(routeKeys: Iterable<string>, pathname: string): string[] {
  // The router prefers the route with the fewest parameters ("/items/lookup" over "/items/:id"): so does this.
  let fewest = Number.POSITIVE_INFINITY;
  let methods = new Set<string>();
  for (const key of routeKeys) {
    const space = key.indexOf(' ');
    const url = key.slice(space + 1);
    if (!patternOf(url).test(pathname)) continue;
    const dynamic = url.split('/').filter((part) => part.startsWith(':') || part === '*').length;
    if (dynamic < fewest) {
      fewest = dynamic;
      methods = new Set();
    }
    if (dynamic === fewest) methods.add(key.slice(0, space));
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
