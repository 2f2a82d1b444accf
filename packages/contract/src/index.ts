export * from './schemas/errors.ts';
export * from './schemas/common.ts';
export * from './schemas/content.ts';
export * from './format/index.ts';
export * from './schemas/catalog.ts';
export * from './schemas/pages.ts';
export * from './schemas/auth.ts';
export * from './rules/index.ts';
