// Makes the demo school's short lesson videos once; the results are committed under
// apps/api/src/db/seed/videos/, so neither `npm ci` nor the seed needs a video encoder.
//
//   FFMPEG=/path/to/ffmpeg node --import tsx scripts/demo-videos.ts
//
// Any ffmpeg 4+ with libx264 will do (one way to get a static binary without a system package:
// `npm install --prefix /tmp/ffmpeg @ffmpeg-installer/ffmpeg`, which ships it inside the package).
// Each video is its poster picture (the same drawing as demo/video/<name>.jpg) with a bar that
// fills over its few seconds: H.264 in MP4, 640×360, no sound, the index up front for streaming.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_VIDEO_SECONDS } from '../apps/api/src/db/seed/data/helpers.ts';
import { demoMediaKeys } from '../apps/api/src/db/seed/media.ts';
import { DEMO_VIDEO_DIR } from '../apps/api/src/modules/media/demo.ts';
import { demoSvg } from '../apps/api/src/modules/media/demo-art.ts';

const WIDTH = 640;
const HEIGHT = 360;
const SECONDS = DEMO_VIDEO_SECONDS;
const BAR = '0xc8925a';

const ffmpeg = process.env.FFMPEG || 'ffmpeg';
const keys = (await demoMediaKeys()).filter((key) => key.endsWith('.mp4'));
const work = await mkdtemp(path.join(os.tmpdir(), 'crema-videos-'));
await mkdir(DEMO_VIDEO_DIR, { recursive: true });
try {
  let total = 0;
  for (const key of keys) {
    const name = path.basename(key);
    const frame = path.join(work, `${name}.png`);
    const poster = key.replace(/\.mp4$/, '.jpg');
    await writeFile(frame, await sharp(Buffer.from(demoSvg(poster, WIDTH, HEIGHT))).png().toBuffer());
    const out = path.join(DEMO_VIDEO_DIR, name);
    const run = spawnSync(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-loop', '1', '-framerate', '12', '-t', String(SECONDS), '-i', frame],
        ...['-f', 'lavfi', '-i', `color=c=${BAR}:s=${WIDTH}x8:r=12:d=${SECONDS}`],
        ...['-filter_complex', `[0:v][1:v]overlay=x='-w+w*t/${SECONDS}':y=H-h:shortest=1,format=yuv420p`],
        ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-profile:v', 'main', '-tune', 'stillimage'],
        ...['-an', '-movflags', '+faststart', out],
      ],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`ffmpeg failed for ${key}${run.error ? `: ${run.error.message}` : ''}`);
    const { size } = await stat(out);
    total += size;
    console.log(`${name}: ${(size / 1024).toFixed(1)} KB`);
  }
  console.log(`${keys.length} videos, ${(total / 1024).toFixed(1)} KB in all`);
} finally {
  await rm(work, { recursive: true, force: true });
}
