// Developer commands: `npm run db:seed` (seed an empty database, draw missing demo pictures) and `npm run db:reset`
// (drop everything, migrate, seed).
import '../load-env.ts';
import { loadConfig } from '../config.ts';
import { startDatabase } from './start.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';
import { ensureDemoMedia } from '../modules/media/demo.ts';

const command = process.argv[2];
if (command !== 'seed' && command !== 'reset') {
  console.error('Использование: cli.ts seed | reset');
  process.exit(2);
}

const config = loadConfig();
const log = { info: (o: object, m?: string) => console.log(m ?? '', o), warn: (o: object, m?: string) => console.warn(m ?? '', o) };
const database = await startDatabase(config, log, { seed: false });
try {
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
} finally {
  await database.shutdown();
}
