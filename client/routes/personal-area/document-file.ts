// Placeholder: being built (issue #9).
export function loader() {
  return new Response(null, { status: 404 });
}
