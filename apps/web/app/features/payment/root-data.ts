import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root.tsx';

/** The shell's data (settings, the signed-in person) from the root loader. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
