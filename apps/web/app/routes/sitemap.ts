// Placeholder while the resource is being built (issue 3).
export function loader() {
  return new Response('Not found', { status: 404 });
}
