export * from './money.ts';
export * from './dates.ts';
export * from './plural.ts';
export * from './initials.ts';
export * from './masks.ts';
export * from './groups.ts';
