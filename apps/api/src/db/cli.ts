// Developer commands: `npm run db:seed` (seed an empty database, draw missing demo pictures), `npm run db:reset`
// (drop everything, migrate, seed) and `npm run keys:reseal` (re-seal personal data with the current key, decision 0019).
import '../load-env.ts';
import { loadConfig } from '../config.ts';
import { startDatabase } from './start.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';
import { ensureDemoMedia } from '../modules/media/demo.ts';
import { personalDataKeyRing } from '../lib/sealed.ts';
import { resealDocuments } from '../modules/user/reseal.ts';

const command = process.argv[2];
if (command !== 'seed' && command !== 'reset' && command !== 'reseal') {
  console.error('Использование: cli.ts seed | reset | reseal');
  process.exit(2);
}

const config = loadConfig();
const log = { info: (o: object, m?: string) => console.log(m ?? '', o), warn: (o: object, m?: string) => console.warn(m ?? '', o) };
const database = await startDatabase(config, log, { seed: false });
try {
  if (command === 'reseal') {
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
    await seedCommand(command);
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
  const media = await ensureDemoMedia(config.dataDir, log);
  console.log(
    `Демо-изображения и файлы: создано ${media.created.length}, уже были ${media.existing}, ` +
      `без демо-файла (видео) ${media.skipped.length}.`,
  );
}
