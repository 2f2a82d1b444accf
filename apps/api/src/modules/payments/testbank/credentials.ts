// The built-in test bank's own terminal (development and tests only, never production): published
// on purpose, like a provider's public demo terminal. It guards nothing but the local stand-in.
export const TESTBANK_PREFIX = '/dev/testbank';
export const TESTBANK_TERMINAL_KEY = 'CremaTestBank';
export const TESTBANK_PASSWORD = 'crema-testbank-password';
