import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths.signIn', () => {
  it('adds the ?login flag to the current address', () => {
    expect(paths.signIn()).toBe('/?login');
    expect(paths.signIn('/courses/?type=kids')).toBe('/courses/?type=kids&login');
  });

  it('never copies a mailed restore token into the link', () => {
    expect(paths.signIn('/?restore=12.secret')).toBe('/?login');
    expect(paths.signIn('/?restore=12.secret&type=kids')).toBe('/?type=kids&login');
    expect(paths.signIn('/courses/?type=kids&restore=12.secret')).toBe('/courses/?type=kids&login');
  });
});
