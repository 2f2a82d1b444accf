import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root.tsx';

/** The shell's data (settings, public URL) from the root loader; always there under the layout. */
export function useRoot(): RootData {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) throw new Error('Нет данных корневого маршрута');
  return root;
}
