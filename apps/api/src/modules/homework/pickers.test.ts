// The browser's file pickers (the learner's answer, the curator's comment) offer what the server
// takes: a type the server accepts but the picker hides could never be sent from a phone.
import { describe, expect, it } from 'vitest';
import { HOMEWORK_PICKER_ACCEPT } from '@crema/contract/rules';
import { HOMEWORK_KINDS } from './uploads.ts';

const MIME: Record<string, string> = { heic: 'image/heic', jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

describe('homework file pickers', () => {
  it('offer every type the server takes, per kind', () => {
    const offered = (kind: keyof typeof HOMEWORK_PICKER_ACCEPT) => HOMEWORK_PICKER_ACCEPT[kind].split(',');
    for (const ext of HOMEWORK_KINDS.photo.types) expect(offered('photo')).toContain(MIME[ext]);
    for (const ext of HOMEWORK_KINDS.video.types) expect(offered('video')).toContain(MIME[ext]);
    for (const ext of HOMEWORK_KINDS.file.types) expect(offered('file')).toContain(`.${ext}`);
  });
});
