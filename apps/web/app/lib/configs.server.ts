import { CONFIG_KEYS, type Configs } from '@crema/contract';
import { createApi, type ApiFetch } from '../api/client.ts';

/**
 * Every site setting the pages use. One call with one key list, so the root loader
 * and any route loader that needs a setting share the API's micro-cached answer. Server-only:
 * the contract's values (and zod with them) never reach the browser bundle.
 */
export function loadSiteConfigs(api: ApiFetch): Promise<Configs> {
  return createApi(api).configs([...CONFIG_KEYS]);
}
