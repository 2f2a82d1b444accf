import { data } from 'react-router';

// Content pages (/{any}/) arrive with the public-site issue; every unknown path is a 404 now.
export function loader() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}
