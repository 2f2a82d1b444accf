export const PREFERRED_PORT: number;
export const PG_PORT_OFFSET: number;
export function portFree(port: number): Promise<boolean>;
export function freePort(preferred?: number, tries?: number): Promise<number>;
