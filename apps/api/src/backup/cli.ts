// `npm run backup [-- --out <каталог>]` and `npm run restore -- <каталог> [--force]` (decision 0077).
// With the embedded database they work whether Crema runs or not: a running Crema's server is
// shared, otherwise one is started for the command and stopped after it.
import '../load-env.ts';
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createStorage } from '../modules/media/storage.ts';
import { backupName, createBackup, restoreBackup } from './backup.ts';
import { BackupError } from './errors.ts';

const USAGE = 'Использование: npm run backup [-- --out <каталог>] | npm run restore -- <каталог копии> [--force]';

interface Request {
  command: 'backup' | 'restore';
  path?: string;
  force: boolean;
}

function parse(argv: string[]): Request | null {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') return null;
  const request: Request = { command, force: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (command === 'backup' && arg === '--out' && rest[i + 1] && !request.path) request.path = rest[++i];
    else if (command === 'backup' && arg.startsWith('--out=') && !request.path) request.path = arg.slice('--out='.length);
    else if (command === 'restore' && arg === '--force') request.force = true;
    else if (command === 'restore' && !arg.startsWith('-') && !request.path) request.path = arg;
    else return null;
  }
  if (command === 'restore' && !request.path) return null;
  return request;
}

const request = parse(process.argv.slice(2));
if (!request) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();

const say = (line: string) => console.log(line);
const quiet = { info: () => {}, warn: (o: object, m?: string) => console.warn(m ?? '', o) };
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'crema', log: quiet });
const url = config.databaseUrl ?? embedded!.url;
const keys = { secretKey: config.secretKey, secretKeyPrevious: config.secretKeyPrevious };
let code = 0;
try {
  if (request.command === 'backup') {
    const started = new Date();
    const out = path.resolve(request.path ?? path.join(config.dataDir, 'backups', backupName(started)));
    const manifest = await createBackup({ url, storage: createStorage(config), out, keys, say });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    say(
      `Готово: ${out}\nТаблиц ${Object.keys(manifest.tables).length}, строк ${rows}, файлов ${manifest.files.length - 1}; ` +
        `миграций ${manifest.migrations.applied}; ключ личных данных ${manifest.personalData.current} (только отпечаток: SECRET_KEY храните отдельно).`,
    );
  } else {
    const result = await restoreBackup({ dir: request.path!, url, dataDir: config.dataDir, storage: createStorage(config), keys, force: request.force, say });
    say(
      `Готово: восстановлена копия от ${result.manifest.createdAt}. Таблиц ${result.tables}, строк ${result.rows} (как в описи), ` +
        `файлов ${result.files}; SECRET_KEY открывает личные данные (проверено ключей: ${result.sealedChecked}). ` +
        `(Пере)запустите Crema: недостающие миграции применятся при старте.`,
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  code = 1;
} finally {
  await embedded?.stop();
}
process.exit(code);
