import { data } from 'react-router';

/** Not built yet. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
