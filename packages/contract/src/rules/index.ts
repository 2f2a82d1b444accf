// `@crema/contract/rules`: the contract's constants and checks without zod, for browser code
// (decision 0012). The zod schemas import these, so there is one copy of each.
export * from './auth.ts';
export * from './catalog.ts';
export * from './account.ts';
export * from './feedback.ts';
export * from './orders.ts';
export * from './legal.ts';
export * from './links.ts';
export * from './forms.ts';
export * from './ages.ts';
export * from './audit.ts';
export * from './applications.ts';
export * from './promo.ts';
export * from './site-shell.ts';
export * from './counters.ts';
export * from './certificates.ts';
export * from './letters.ts';
export * from './attendance.ts';
export * from './homework.ts';
