// The site's build: `react-router build` in this process, without the deprecation warning
// React Router's own Vite servers cause (./vite-warnings.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { dropEnvFileDeprecation } from './vite-warnings.mjs';

dropEnvFileDeprecation();
const require = createRequire(import.meta.url);
process.argv = [process.argv[0], 'react-router', 'build'];
require(path.join(path.dirname(require.resolve('@react-router/dev/package.json')), 'bin.js'));
