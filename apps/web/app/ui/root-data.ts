import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/root-data.ts';

/** The shell's data (settings, the signed-in person, the public URL) from the root loader. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** The same, for a screen that only renders under the layout, where it is always there. */
export function useRoot(): RootData {
  const root = useRootData();
  if (!root) throw new Error('Нет данных корневого маршрута');
  return root;
}
