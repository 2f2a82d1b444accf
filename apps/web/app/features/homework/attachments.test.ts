import { describe, expect, it } from 'vitest';
import { formatFileSize } from '@crema/contract/format';
import { guessKind, refusal } from './attachments.ts';
import { refusalText, uploadIdOf } from '../../api/homework-uploads.ts';

const accepts = { text: true, photos: 2, videos: 0, files: 1 };

describe('the learner’s homework attachments', () => {
  it('takes a file the task accepts, within its size and count', () => {
    expect(refusal({ size: 1024, name: 'a.jpg' }, 'photo', accepts, 10, 0)).toBe('');
    expect(refusal({ size: 1024, name: 'a.jpg' }, 'photo', accepts, 10, 1)).toBe('');
  });

  it('refuses in Russian one more than the task takes, a kind it does not take, a file too big or empty', () => {
    expect(refusal({ size: 1024, name: 'c.jpg' }, 'photo', accepts, 10, 2)).toBe('Не больше 2\u00a0фотографий в одном ответе: «c.jpg» не добавлен.');
    expect(refusal({ size: 1024, name: 'd.pdf' }, 'file', accepts, 10, 1)).toBe('Не больше 1\u00a0файла в одном ответе: «d.pdf» не добавлен.');
    expect(refusal({ size: 1024, name: 'v.mp4' }, 'video', accepts, 10, 0)).toBe('Это задание не принимает видео.');
    expect(refusal({ size: 11 * 1024 * 1024, name: 'big.jpg' }, 'photo', accepts, 10, 0)).toBe('Файл «big.jpg» больше 10 МБ: так много задание не принимает.');
    expect(refusal({ size: 0, name: 'e.txt' }, 'file', accepts, 10, 0)).toBe('Файл «e.txt» пустой.');
  });

  it('counts a picture or a video picked as a file by what it is, when the task takes that kind', () => {
    expect(guessKind({ type: 'video/mp4', name: 'v.mp4' }, 'file', { ...accepts, videos: 1 })).toBe('video');
    expect(guessKind({ type: 'video/mp4', name: 'v.mp4' }, 'file', accepts)).toBe('file');
    expect(guessKind({ type: 'image/jpeg', name: 'p.jpg' }, 'file', { ...accepts, files: 0 })).toBe('photo');
    expect(guessKind({ type: 'image/jpeg', name: 'p.jpg' }, 'photo', accepts)).toBe('photo');
  });

  it('says sizes as people read them', () => {
    expect(formatFileSize(500)).toBe('1 КБ');
    expect(formatFileSize(820 * 1024)).toBe('820 КБ');
    expect(formatFileSize(12.44 * 1024 * 1024)).toBe('12,4 МБ');
  });

  it('reads the server’s refusal of an upload and the upload id of its address', () => {
    expect(refusalText(JSON.stringify({ file: ['Файл не подходит.'] }))).toBe('Файл не подходит.');
    expect(refusalText(JSON.stringify({ detail: 'Загрузка не найдена: начните её заново.' }))).toBe('Загрузка не найдена: начните её заново.');
    expect(refusalText('<html>')).toBe('Файл не загрузился. Попробуйте ещё раз.');
    expect(uploadIdOf('/api/homework/uploads/u7-abcdefgh/')).toBe('u7-abcdefgh');
    expect(uploadIdOf('http://x/api/homework/uploads/u7-abcdefgh')).toBe('u7-abcdefgh');
  });
});
