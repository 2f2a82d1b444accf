import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AccessTokens } from './tokens.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('a token checked once is known until it expires, never after', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T12:00:00Z'), toFake: ['Date'] });
    const tokens = new AccessTokens(config);
    const token = await tokens.issue({ userId: 7, sessionId: 'family-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'family-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 'family-1' });
    vi.setSystemTime(new Date('2026-11-29T18:00:00Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a token altered after one was checked is refused', async () => {
    const tokens = new AccessTokens(config);
    const token = await tokens.issue({ userId: 7, sessionId: 'family-1' });
    expect(await tokens.verify(token)).not.toBeNull();
    const [head, , signature] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: '8', sid: 'family-1', token_type: 'access', iss: 'crema', aud: 'crema:api', iat: 1, exp: 4_000_000_000 })).toString('base64url');
    expect(await tokens.verify(`${head}.${body}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });
});
