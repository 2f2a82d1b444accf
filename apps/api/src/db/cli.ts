// Developer commands: `npm run db:seed` (seed an empty database, draw missing demo pictures), `npm run db:reset`
// (drop everything, migrate, seed), `npm run keys:reseal` (re-seal personal data with the current key, decision 0019)
// and `npm run user:create -- [--staff] [--owner] <email>` (an account with a mailed link to set its password: a
// production site's first staff account). With the embedded database, run them while the server is stopped.
import '../load-env.ts';
import { loadConfigOrExit } from '../config.ts';
import { startDatabase } from './start.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';
import { ensureDemoMedia } from '../modules/media/demo.ts';
import { createStorage } from '../modules/media/storage.ts';
import { personalDataKeyRing } from '../lib/sealed.ts';
import { resealDocuments } from '../modules/user/reseal.ts';
import { createUser, describeCreateUser, parseCreateUserArgs } from '../modules/auth/create-user.ts';

const command = process.argv[2];
if (command !== 'seed' && command !== 'reset' && command !== 'reseal' && command !== 'user:create') {
  console.error('Использование: cli.ts seed | reset | reseal | user:create [--staff] [--owner] адрес@почты');
  process.exit(2);
}
const userRequest = command === 'user:create' ? parseCreateUserArgs(process.argv.slice(3)) : null;
if (userRequest && !userRequest.ok) {
  console.error(userRequest.message);
  process.exit(2);
}

const config = loadConfigOrExit();
// The demo accounts' password is published; a production database never gets them (nor loses everything to a reset).
if (config.isProduction && (command === 'seed' || command === 'reset')) {
  console.error(`В production команда ${command === 'seed' ? 'db:seed' : 'db:reset'} не выполняется: демо-данные (с общеизвестным паролем демо-учётных записей) не загружаются. Первую учётную запись сотрудника создайте командой npm run user:create -- --staff адрес@школы`);
  process.exit(1);
}
const log = { info: (o: object, m?: string) => console.log(m ?? '', o), warn: (o: object, m?: string) => console.warn(m ?? '', o) };
const database = await startDatabase(config, log, { seed: false });
try {
  if (userRequest?.ok) {
    const result = await createUser(database.db, config, userRequest.request);
    console.log(describeCreateUser(result, config));
  } else if (command === 'reseal') {
    // With the embedded database, run it while the app is stopped (the app holds the data directory).
    const ring = personalDataKeyRing(config.secretKey, config.secretKeyPrevious);
    const result = await resealDocuments(database.db, ring, {
      onBatch: (progress) => console.log(`Просмотрено строк: ${progress.scanned}, перешифровано: ${progress.resealed}.`),
    });
    console.log(
      `Готово. Просмотрено строк: ${result.scanned}, перешифровано: ${result.resealed}, ` +
        `изменились во время работы (запустите ещё раз): ${result.skipped}. Текущий ключ: ${ring.current}.`,
    );
  } else {
    await seedCommand(command as 'seed' | 'reset');
  }
} finally {
  await database.shutdown();
}

async function seedCommand(command: 'seed' | 'reset') {
  if (command === 'reset') {
    await database.pool.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;');
    await migrateDatabase(database.pool);
    console.log('База очищена и пересоздана.');
  }
  const { seeded } = await seedDatabase(database.db, config.secretKey);
  console.log(seeded ? 'Демо-данные загружены.' : 'В базе уже есть данные: демо-данные не загружались.');
  const media = await ensureDemoMedia(createStorage(config), log);
  console.log(
    `Демо-изображения и файлы: создано ${media.created.length}, уже были ${media.existing}, ` +
      `без демо-файла (видео) ${media.skipped.length}.`,
  );
}
