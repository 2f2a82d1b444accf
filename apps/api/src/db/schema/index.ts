// The whole database schema: tables, enums and relations, one file per area.
export * from './audit.ts';
export * from './auth.ts';
export * from './blocks.ts';
export * from './catalog.ts';
export { RU_COLLATION, ruText } from './columns.ts';
export * from './consents.ts';
export * from './content.ts';
export * from './forms.ts';
export * from './group-sessions.ts';
export * from './groups.ts';
export * from './learning.ts';
export * from './mail.ts';
export * from './orders.ts';
export * from './promo.ts';
export * from './relations.ts';
export * from './schedule.ts';
export * from './users.ts';
export * from './sveden.ts';
