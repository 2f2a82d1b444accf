import { data } from 'react-router';

// Placeholder while the page is being built (issue 3).
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
