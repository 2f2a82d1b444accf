// Programs from Debian's packages that some tests use (ffmpeg for homework videos). Missing, they are
// installed with apt-get when the tests run as root (as .ci/run does); otherwise the test fails
// with the command to run — it never skips.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

async function present(program: string): Promise<boolean> {
  return exec(program, ['-version']).then(
    () => true,
    () => false,
  );
}

/** Makes sure `program` (from Debian package `pkg`) runs, installing it as root if need be. */
export async function debianProgram(program: string, pkg: string): Promise<void> {
  if (await present(program)) return;
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await exec('apt-get', ['update'], { env });
    await exec('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env, maxBuffer: 64 * 1024 * 1024 });
    if (await present(program)) return;
  }
  throw new Error(`${program} is needed by this test: apt-get install -y ${pkg}`);
}
