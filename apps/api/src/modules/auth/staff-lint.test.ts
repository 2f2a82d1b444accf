// Staff checks live in the access layer (decision 0055): the repository's ESLint configuration
// refuses them anywhere else in the API, and lets the access layer, scopes and data code be.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the staff rule for `code` placed at `file` (a path from the repository root). */
async function staffProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const CHECKS = `
export function assertStaff(user: { isStaff: boolean }): void {
  if (!user.isStaff) throw new Error('no');
}
export const flag = (user: { isStaff: boolean }) => user['isStaff'];
export function read({ isStaff }: { isStaff: boolean }) {
  return isStaff;
}
`;

describe('the staff lint rule', () => {
  it('refuses isStaff reads and assert…Staff checks in a module, pointing to the staff access level', async () => {
    const problems = await staffProblems('apps/api/src/modules/sveden/probe.ts', CHECKS);
    // assertStaff, user.isStaff, user['isStaff'], { isStaff }.
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain("access: 'staff'");
  });

  it('lets the access layer, scopes and the schema and seed read the flag', async () => {
    for (const file of [
      'apps/api/src/modules/auth/probe.ts',
      'apps/api/src/modules/catalog/scopes.ts',
      'apps/api/src/db/schema/probe.ts',
      'apps/api/src/db/seed/probe.ts',
    ]) {
      expect(await staffProblems(file, CHECKS), file).toEqual([]);
    }
  });

  it('says nothing of a test that builds a staff user', async () => {
    expect(await staffProblems('apps/api/src/modules/sveden/probe.test.ts', 'export const staff = { isStaff: true };\n')).toEqual([]);
  });
});
