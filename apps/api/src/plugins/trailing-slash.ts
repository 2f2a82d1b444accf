import fp from 'fastify-plugin';

/** Paths that are files or API calls keep their form; every page path ends with '/'. */
export function needsTrailingSlash(pathname: string): boolean {
  if (pathname.endsWith('/')) return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  // Stored files keep their exact path, extension or not.
  if (pathname.startsWith('/media/')) return false;
  // The test bank's API keeps the provider's own method paths (/v2/Init, no slash).
  if (pathname.startsWith('/dev/testbank/v2/')) return false;
  // React Router's route-discovery endpoint.
  if (pathname === '/__manifest') return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * A page requested without the trailing slash is permanently redirected to the
 * same path with it; the query string is kept (the browser keeps the hash itself).
 */
export const trailingSlashRedirect = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!needsTrailingSlash(pathname)) return;
    const query = queryAt === -1 ? '' : url.slice(queryAt);
    // Collapse leading slashes so '//evil.example' can never become an off-site redirect.
    const target = `/${pathname.replace(/^\/+/, '')}/${query}`;
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return reply.redirect(target, status);
  });
});
