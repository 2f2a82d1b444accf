// Named prepared statements (decision 0084). A query built with placeholders once per database
// handle and shape, then only executed with each call's values, costs the process no SQL
// building, and, named, costs PostgreSQL no parsing or planning on a connection after its first
// few runs (it may keep a generic plan). Planning and Drizzle's building were most of what the
// learners' calls and the catalogue's queries cost.
import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

/** One prepared statement per database handle (tests open several), built on first use. */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** Shapes one family keeps at most: past it a new shape is built for its call alone, unnamed (each connection keeps every named one). */
export const NAMED_SHAPES_MAX = 256;

/**
 * Prepared statements of queries whose text depends on a few choices (which filters are given,
 * the ordering): built once per handle and shape key, named after the family and the key. The
 * key must name everything the SQL text depends on; the values go in as placeholders.
 */
export class ShapeStatements<T> {
  private readonly byDb = new WeakMap<Db, Map<string, T>>();

  constructor(private readonly family: string) {}

  get(db: Db, key: string, build: (name: string | undefined) => T): T {
    let shapes = this.byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      this.byDb.set(db, shapes);
    }
    const kept = shapes.get(key);
    if (kept !== undefined) return kept;
    if (shapes.size >= NAMED_SHAPES_MAX) return build(undefined);
    const statements = build(`${this.family}_${createHash('sha1').update(key).digest('base64url').slice(0, 16)}`);
    shapes.set(key, statements);
    return statements;
  }
}
