import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands on its own: no tracked file points to a tracker's issue numbers, to
// sections of a specification kept elsewhere, or to documents outside the repository. What the
// product does is written in docs/product/, why it is built so in docs/decisions/.

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const self = path.relative(root, new URL(import.meta.url).pathname);

/** Standards cite their own sections ('RFC 9700 §4.14'); those are not ours to drop. */
const STANDARD_SECTION = /\bRFC \d+ §[\d.]+/g;

const PATTERNS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['a spec section', /\bspec(?:ification)?['’]?s?\s*§|\bthe spec['’]s\b|\(spec: (?![A-Z]\w*\)|string\)|number\))/i],
  ['an issue number', /\bissues?\s*#?\d/i],
  ['the specification (in Russian)', /спецификац|спец\.\s*§/i],
  ['a section sign', /§/],
  ['an outside design document', /(?:^|[^\w./-])design\/[\w-]+\.md/],
  ['a path outside the repository', /\.\.\/shared\/|\/work\/shared\b/],
];

/** Every `file:line: text` of the tracked text files that matches one of the patterns. */
function offenders(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((file) => file !== '' && file !== self);
  const found: string[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue; // listed but deleted in the working tree
    }
    if (bytes.includes(0)) continue; // binary
    bytes.toString('utf8').split('\n').forEach((line, index) => {
      const text = line.replace(STANDARD_SECTION, '');
      const hit = PATTERNS.find(([, pattern]) => pattern.test(text));
      if (hit) found.push(`${file}:${index + 1}: ${hit[0]}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

describe('references outside the repository', () => {
  it('no tracked file cites issue numbers, spec sections or outside documents', () => {
    const found = offenders();
    expect(found, `${found.length} lines to reword:\n${found.join('\n')}\n`).toHaveLength(0);
  });
});
