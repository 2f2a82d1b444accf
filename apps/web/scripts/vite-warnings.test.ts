import { describe, expect, it, vi } from 'vitest';
import { dropEnvFileDeprecation } from './vite-warnings.mjs';

describe('dropEnvFileDeprecation', () => {
  it('drops only the envFile deprecation (plain or coloured), passing every other warning through', () => {
    const warn = vi.fn();
    const target = { warn };
    const undo = dropEnvFileDeprecation(target);
    target.warn('The `envFile` option is deprecated, please use `envDir: false` instead.');
    target.warn('\u001b[33mThe `envFile` option is deprecated, please use `envDir: false` instead.\u001b[39m');
    target.warn('Some chunks are larger than 500 kB after minification.');
    target.warn({ not: 'a string' });
    expect(warn.mock.calls).toEqual([['Some chunks are larger than 500 kB after minification.'], [{ not: 'a string' }]]);
    undo();
    target.warn('The `envFile` option is deprecated');
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
