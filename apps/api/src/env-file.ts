import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads a `.env` file (the format of `.env.example`: NAME=value lines, # comments, optional
 * quotes) into `env`. A variable already set in `env` to a non-empty value wins over the file, so
 * `PORT=4000 npm start` still overrides a `.env` that says 3000. A missing file is fine (returns
 * null); an unreadable one throws. Returns the names taken from the file.
 */
export function applyEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): string[] | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const applied: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (value === undefined || (env[name] !== undefined && env[name] !== '')) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}
